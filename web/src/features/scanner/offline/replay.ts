import type { CardView } from '@punkto/contracts/cards';
import { afterAnswer, nextStep, type QueuedAward, type ReplayAnswer } from './offline-queue';
import type { OfflineStore } from './offline-store';

export type ReplayDeps = {
  store: OfflineStore;
  /** sends one award with its stored Idempotency-Key; never throws (failures are answers) */
  send: (entry: QueuedAward) => Promise<ReplayAnswer>;
  now: () => number;
  onBooked?: (entry: QueuedAward, card: CardView | null) => void;
  onRefused?: (entry: QueuedAward) => void;
  /** send the head now even if its backoff has not passed (the connection just came back, or a person asked) */
  ignoreBackoff?: boolean;
};

export type ReplayResult = {
  booked: number;
  refused: number;
  /** the queue is not empty: try again after this many ms (null: nothing left) */
  retryInMs: number | null;
  /** the last attempt could not reach the server */
  networkFailed: boolean;
};

/**
 * One pass over the person's queue, strictly in order and one award at a time: each goes with the
 * Idempotency-Key it was queued with, so an award that already reached the server is answered with the
 * first answer and books nothing. An entry leaves the queue only on a definite answer (booked or refused);
 * when one cannot be decided (no connection, a server error), the pass stops there — nothing behind it
 * overtakes it — and says when to try again.
 */
export async function replayQueue(deps: ReplayDeps): Promise<ReplayResult> {
  const result: ReplayResult = { booked: 0, refused: 0, retryInMs: null, networkFailed: false };
  for (let first = true; ; first = false) {
    // read again every step: another tab may have queued or dismissed something meanwhile
    const now = first && deps.ignoreBackoff ? Number.POSITIVE_INFINITY : deps.now();
    const step = nextStep(await deps.store.awards(), now);
    if (step.kind === 'done') return result;
    if (step.kind === 'wait') return { ...result, retryInMs: step.ms };
    const answer = await deps.send(step.entry);
    const outcome = afterAnswer(step.entry, answer, deps.now());
    switch (outcome.kind) {
      case 'booked':
        await deps.store.remove(step.entry.id);
        result.booked++;
        deps.onBooked?.(step.entry, outcome.card);
        break;
      case 'refused':
        await deps.store.put(outcome.entry);
        result.refused++;
        deps.onRefused?.(outcome.entry);
        break;
      case 'retry':
        await deps.store.put(outcome.entry);
        return {
          ...result,
          retryInMs: Math.max(outcome.entry.nextAttemptAt - deps.now(), 0),
          networkFailed: answer.kind === 'network',
        };
    }
  }
}
