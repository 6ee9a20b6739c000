import type { ProgramDefinedData } from '@punkto/contracts/integration-events';
import type { TierLevel } from '@punkto/contracts/programs';

/**
 * The card ledger's own copy of a program's rules (event-carried state transfer from tenant.programs.v1):
 * the newest ProgramDefined, marked `deleted` once ProgramDeleted arrived.
 */
export type ProgramRules = ProgramDefinedData & { deleted: boolean };
export type RuleReward = ProgramDefinedData['rewards'][number];

/** The rules cards of a program follow, or null while the program is unknown. */
export const rulesOf = (copy: { data: ProgramDefinedData | null; deleted: boolean }): ProgramRules | null =>
  copy.data ? { ...copy.data, deleted: copy.deleted } : null;

/** The level a card with these lifetime points is on (levels ascend; the first starts at 0). */
export function tierFor(levels: TierLevel[] | null, lifetimePoints: number): TierLevel | null {
  if (!levels?.length) return null;
  let reached: TierLevel | null = null;
  for (const level of [...levels].sort((a, b) => a.minLifetimePoints - b.minLifetimePoints))
    if (level.minLifetimePoints <= lifetimePoints) reached = level;
  return reached;
}

/** The first level above the current one, or null at the top. */
export function nextTierFor(levels: TierLevel[] | null, lifetimePoints: number): TierLevel | null {
  if (!levels?.length) return null;
  return (
    [...levels]
      .sort((a, b) => a.minLifetimePoints - b.minLifetimePoints)
      .find((level) => level.minLifetimePoints > lifetimePoints) ?? null
  );
}
