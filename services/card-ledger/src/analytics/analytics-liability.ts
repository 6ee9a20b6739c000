import type { AnalyticsResponse } from '@punkto/contracts/analytics';
import type { CardVisits } from './card-visits';

/** What the analytics knows of a program: its unit and the rewards that price its balances. */
export type ProgramInfo = {
  programId: string;
  name: string;
  kind: 'points' | 'stamps' | 'tiers';
  /** the cheapest ACTIVE reward's cost, null without one */
  cheapestRewardCost: number | null;
  /** the active reward with the lowest value per point/stamp (`valuationRewardOf`), null = not valued */
  valuation: RewardValuation | null;
};

/** A reward that states what it costs the business: `valueGrosze` for `cost` points or stamps. */
export type RewardValuation = { rewardId: string; name: string; cost: number; valueGrosze: number };

/**
 * The reward that values a program's points or stamps (ADR 0023, amendment): among its ACTIVE rewards that state
 * a value, the one with the lowest value per unit (`valueGrosze ÷ cost`) — the cheapest way the business can
 * honour a balance, so the liability is never overstated. Ratios are compared by cross-multiplication (exact);
 * on a tie the cheaper reward in units, then the name. Null when no active reward has a value.
 */
export function valuationRewardOf(
  rewards: ReadonlyArray<{
    id: string;
    name: string;
    cost: number;
    active: boolean;
    valueGrosze?: number | undefined;
  }>,
): RewardValuation | null {
  let best: RewardValuation | null = null;
  for (const r of rewards) {
    if (!r.active || r.valueGrosze === undefined || r.cost < 1) continue;
    const candidate = { rewardId: r.id, name: r.name, cost: r.cost, valueGrosze: r.valueGrosze };
    if (!best) {
      best = candidate;
      continue;
    }
    const diff = candidate.valueGrosze * best.cost - best.valueGrosze * candidate.cost;
    if (
      diff < 0 ||
      (diff === 0 &&
        (candidate.cost < best.cost ||
          (candidate.cost === best.cost && candidate.name.localeCompare(best.name, 'pl') < 0)))
    )
      best = candidate;
  }
  return best;
}

/**
 * The value in grosze of `units` outstanding points or stamps at the valuation's rate:
 * units × valueGrosze ÷ cost, rounded half up to the grosz (in BigInt: units × value can pass 2^53).
 */
export function liabilityGrosze(units: number, valuation: RewardValuation): number {
  const numerator = 2n * BigInt(units) * BigInt(valuation.valueGrosze) + BigInt(valuation.cost);
  return Number(numerator / (2n * BigInt(valuation.cost)));
}

type LiabilityRow = AnalyticsResponse['liability']['byProgram'][number];

/** Today's balances of the given cards that are still open, by program: what is owed, claimable and its value. */
function liabilityRowsOf(
  cards: Iterable<CardVisits>,
  programs: ReadonlyMap<string, ProgramInfo>,
): LiabilityRow[] {
  const byProgram = new Map<string, { outstanding: number; claimable: number }>();
  for (const card of cards) {
    if (!card.open) continue;
    const program = programs.get(card.programId);
    const unitStamps = program ? program.kind === 'stamps' : card.stamps > 0 && card.points === 0;
    const balance = unitStamps ? card.stamps : card.points;
    const row = byProgram.get(card.programId) ?? { outstanding: 0, claimable: 0 };
    row.outstanding += balance;
    const cheapest = program?.cheapestRewardCost ?? null;
    if (cheapest) row.claimable += Math.floor(balance / cheapest);
    byProgram.set(card.programId, row);
  }
  return [...byProgram].map(([id, row]) => {
    const program = programs.get(id);
    const valuation = program?.valuation ?? null;
    return {
      programId: id,
      name: program?.name ?? '',
      unit: program?.kind === 'stamps' ? 'stamps' : 'points',
      outstanding: row.outstanding,
      cheapestRewardCost: program?.cheapestRewardCost ?? null,
      rewardsClaimable: row.claimable,
      unitValueGrosze: valuation ? valuation.valueGrosze / valuation.cost : null,
      valuedBy: valuation,
      valueGrosze: valuation ? liabilityGrosze(row.outstanding, valuation) : null,
    };
  });
}

/** The liability of the given cards: today's balances of the open ones, by program and in total. */
export function liabilityOf(
  cards: Iterable<CardVisits>,
  programs: readonly ProgramInfo[],
): AnalyticsResponse['liability'] {
  const rows = liabilityRowsOf(cards, new Map(programs.map((p) => [p.programId, p])));
  const valued = rows.filter((r) => r.valueGrosze !== null);
  const valueGrosze = valued.length ? valued.reduce((s, r) => s + r.valueGrosze!, 0) : null;
  rows.sort((a, b) => b.outstanding - a.outstanding || a.name.localeCompare(b.name, 'pl'));
  const outstandingIn = (unit: LiabilityRow['unit']) =>
    rows.filter((r) => r.unit === unit).reduce((s, r) => s + r.outstanding, 0);
  return {
    outstandingPoints: outstandingIn('points'),
    outstandingStamps: outstandingIn('stamps'),
    rewardsClaimable: rows.reduce((s, r) => s + r.rewardsClaimable, 0),
    valuePln: valueGrosze === null ? null : valueGrosze / 100,
    valueGrosze,
    unvaluedPrograms: rows.filter((r) => r.valueGrosze === null && r.outstanding > 0).length,
    expiryForecast: null,
    byProgram: rows,
  };
}
