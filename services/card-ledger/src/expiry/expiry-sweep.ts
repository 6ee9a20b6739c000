import { addDays, warsawAt, warsawDate } from '@punkto/contracts/warsaw-time';
import type { Card } from '../cards/card';
import type { CardLedger } from '../cards/card-ledger';
import { dueExpiry, warningDue, type ExpiryRule } from './expiry-rule';

export type ExpirySweepDeps = Pick<
  CardLedger,
  'execute' | 'projection' | 'rulesFor' | 'clock' | 'expiry' | 'logger'
>;

export interface ExpirySweepResult {
  programs: number;
  /** active cards read (of the programs with expiry on) */
  cards: number;
  /** cards an ExpireBalance was decided on (something looked due on the read model) */
  decided: number;
  expired: number;
  warned: number;
  /** cards whose ExpireBalance failed (each logged); the sweep went on with the others, the next night tries again */
  failed: number;
}

/**
 * Does the card need an ExpireBalance today? Asked of the read model (the same state evolve keeps), so the sweep
 * reads the stream of only the cards with something due. A document written before lots were kept is always
 * decided: the stream has the lots.
 */
function needsDecision(card: Card, rule: ExpiryRule, today: string): boolean {
  if (card.status !== 'active') return false;
  if (!card.lots) return true;
  return dueExpiry(card, rule, today) !== null || warningDue(card, rule, today) !== null;
}

/** cards decided at once: their appends share a commit (the unit of work's group commit), not an fsync each */
const CONCURRENCY = 16;

/**
 * The nightly expiry sweep (ADR 0062): for each program with expiry on (and active: a paused program's points do not
 * run out while nobody can earn), its active cards are scanned a batch at a time from the read model and the ids of
 * those with something due kept; once the scan is closed (no read held open across the writes), each of them gets
 * one ExpireBalance through the Card aggregate (stream read, decide, append, project), which expires what is due
 * and records the warning due, CONCURRENCY at a time. A card whose command fails is logged and counted, and the
 * sweep goes on: one bad card does not keep the night's other cards from expiring. Idempotent: a second run of the
 * day decides nothing new (and retries the cards that failed).
 */
export async function expirySweep(deps: ExpirySweepDeps): Promise<ExpirySweepResult> {
  const today = warsawDate(deps.clock());
  const result: ExpirySweepResult = { programs: 0, cards: 0, decided: 0, expired: 0, warned: 0, failed: 0 };
  for (const setting of await deps.expiry.on()) {
    const rules = await deps.rulesFor(setting._id);
    if (!rules || rules.deleted || !rules.active || setting.mode === 'off') continue;
    const rule: ExpiryRule = {
      mode: setting.mode,
      months: setting.months,
      unit: rules.kind === 'stamps' ? 'stamps' : 'points',
    };
    result.programs++;
    const due: string[] = [];
    for await (const batch of deps.projection.scanActive(setting._id)) {
      result.cards += batch.length;
      for (const card of batch) if (needsDecision(card, rule, today)) due.push(card.cardId);
    }
    result.decided += due.length;
    for (let i = 0; i < due.length; i += CONCURRENCY)
      await expireBatch(deps, due.slice(i, i + CONCURRENCY), today, rule, result);
  }
  return result;
}

/** one batch of cards at once; a failed card is logged and counted, the others' events counted */
async function expireBatch(
  deps: ExpirySweepDeps,
  cardIds: string[],
  today: string,
  rule: ExpiryRule,
  result: ExpirySweepResult,
) {
  const settled = await Promise.allSettled(cardIds.map((cardId) => expireOn(deps, cardId, today, rule)));
  settled.forEach((outcome, i) => {
    if (outcome.status === 'rejected') {
      result.failed++;
      deps.logger.error(
        { err: outcome.reason, cardId: cardIds[i] },
        'expiry sweep: the card was not expired',
      );
      return;
    }
    for (const event of outcome.value)
      if (event.type === 'BalanceExpired') result.expired++;
      else if (event.type === 'ExpiryWarningDue') result.warned++;
  });
}

async function expireOn(deps: ExpirySweepDeps, cardId: string, today: string, rule: ExpiryRule) {
  const { newEvents } = await deps.execute(
    cardId,
    async (state, now) =>
      state.status === 'active'
        ? {
            command: { type: 'ExpireBalance', data: { today, rule }, metadata: { now } },
            metadata: { tenantId: state.tenantId },
          }
        : null,
    {},
  );
  return newEvents;
}

/** the next run of the nightly sweep: 00:10 of the next Warsaw day (a 23- or 25-hour day included) */
export const nextExpirySweepAt = (now: Date): Date => warsawAt(addDays(warsawDate(now), 1), '00:10');
