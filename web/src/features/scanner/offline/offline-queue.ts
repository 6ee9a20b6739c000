import { warsawFormat } from '@punkto/contracts/warsaw-format';
import type { CardView } from '@punkto/contracts/cards';
import { formatStamps } from '../../../lib/format';
import { formatGrosze } from '../../../lib/money';

/**
 * Pure rules of the offline scanner (ADR 0015): which cards are kept for lookups without a connection, how
 * a queued award moves (queued → booked and gone / refused / retried later), and in which order the queue
 * goes out. No IO here: the browser database and the API sit behind the replay's parameters.
 */

/** Cards seen in the last 12 hours answer a lookup without a connection… */
export const RECENT_CARD_MAX_AGE_MS = 12 * 60 * 60 * 1000;
/** …at most this many per person (the oldest go first). */
export const RECENT_CARD_LIMIT = 300;
/** A failed replay is retried after 2 s, 4 s, 8 s… at most a minute apart. */
export const REPLAY_BACKOFF_MIN_MS = 2_000;
export const REPLAY_BACKOFF_MAX_MS = 60_000;

/** The person the cached data belongs to: nobody sees (or replays) another account's records. */
export function scopeOf(tenantId: string, userId: string): string {
  return `${tenantId}|${userId}`;
}

export type RecentCard = { card: CardView; seenAt: number };

export type RecentCardQuery = { kind: 'number'; humanReadableId: string } | { kind: 'qr'; qr: string };

/** The card id inside a card's QR payload `P1.<cardId>.<secretVersion>.<signature>` (null when not one). */
export function cardIdFromQr(payload: string): string | null {
  const parts = payload.trim().split('.');
  return parts.length === 4 && parts[0] === 'P1' && parts[1] ? parts[1] : null;
}

export const cardNumberDigits = (humanReadableId: string) => humanReadableId.replace(/\D/g, '');

export function isFreshCard(recent: { seenAt: number }, now: number): boolean {
  return now - recent.seenAt <= RECENT_CARD_MAX_AGE_MS && recent.seenAt <= now + 60_000;
}

/** The card a lookup without a connection finds: seen recently, matched by its number or its QR's card id. */
export function findRecentCard<T extends RecentCard>(
  recent: readonly T[],
  query: RecentCardQuery,
  now: number,
): T | null {
  const cardId = query.kind === 'qr' ? cardIdFromQr(query.qr) : null;
  const digits = query.kind === 'number' ? cardNumberDigits(query.humanReadableId) : null;
  const matches = recent.filter(
    (r) =>
      isFreshCard(r, now) &&
      (cardId !== null ? r.card.cardId === cardId : cardNumberDigits(r.card.humanReadableId) === digits),
  );
  return matches.sort((a, b) => b.seenAt - a.seenAt)[0] ?? null;
}

/** The keys of cached cards to delete: too old, or beyond the newest `limit`. */
export function recentCardsToForget<T extends { key: string; seenAt: number }>(
  recent: readonly T[],
  now: number,
  limit = RECENT_CARD_LIMIT,
): string[] {
  const fresh = recent.filter((r) => isFreshCard(r, now)).sort((a, b) => b.seenAt - a.seenAt);
  const keep = new Set(fresh.slice(0, limit).map((r) => r.key));
  return recent.filter((r) => !keep.has(r.key)).map((r) => r.key);
}

// ── the award queue ──

export type AwardBody =
  | { kind: 'points'; amountGrosze: number; serviceId?: string | undefined }
  | { kind: 'stamps'; count: number };

export type Refusal = {
  status: number;
  code: string | null;
  /** the server's Polish reason */
  message: string;
  at: number;
  /** a refusal that may pass later (the card's scan cooldown): the same award can be sent again */
  retryable: boolean;
};

export type QueuedAward = {
  id: string;
  scope: string;
  tenantId: string;
  cardId: string;
  /** for the list: the card's number and the client's name as last seen */
  cardNumber: string;
  customerName: string | null;
  award: AwardBody;
  /** generated when the award was first tried: every replay sends the same one */
  idempotencyKey: string;
  queuedAt: number;
  /** order within the person's queue (strictly increasing) */
  seq: number;
  status: 'queued' | 'refused';
  attempts: number;
  /** not before this moment (backoff after a failed attempt) */
  nextAttemptAt: number;
  refusal: Refusal | null;
};

export type NewAward = Pick<
  QueuedAward,
  'tenantId' | 'cardId' | 'cardNumber' | 'customerName' | 'award' | 'idempotencyKey'
>;

/** A new queue entry behind every entry already there (`existing`: the person's records). */
export function queueEntry(
  input: NewAward & { id: string; scope: string },
  existing: readonly QueuedAward[],
  now: number,
): QueuedAward {
  const seq = existing.reduce((max, e) => Math.max(max, e.seq), 0) + 1;
  return {
    ...input,
    queuedAt: now,
    seq,
    status: 'queued',
    attempts: 0,
    nextAttemptAt: now,
    refusal: null,
  };
}

/** The waiting awards, in the order they go out: first queued first. */
export function inReplayOrder(entries: readonly QueuedAward[]): QueuedAward[] {
  return entries
    .filter((e) => e.status === 'queued')
    .sort((a, b) => a.seq - b.seq || a.queuedAt - b.queuedAt || a.id.localeCompare(b.id));
}

export function refusedAwards(entries: readonly QueuedAward[]): QueuedAward[] {
  return entries
    .filter((e) => e.status === 'refused')
    .sort((a, b) => (b.refusal?.at ?? 0) - (a.refusal?.at ?? 0));
}

/** What the next replay step is: send the head of the queue, wait for its backoff, or nothing to do. */
export function nextStep(
  entries: readonly QueuedAward[],
  now: number,
): { kind: 'send'; entry: QueuedAward } | { kind: 'wait'; ms: number } | { kind: 'done' } {
  const head = inReplayOrder(entries)[0];
  if (!head) return { kind: 'done' };
  // strictly in order: a later award never overtakes one that is waiting for its retry
  if (head.nextAttemptAt > now) return { kind: 'wait', ms: head.nextAttemptAt - now };
  return { kind: 'send', entry: head };
}

/** What the API answered one replayed award. */
export type ReplayAnswer =
  | { kind: 'ok'; card: CardView | null }
  | { kind: 'error'; status: number; code: string | null; message: string }
  | { kind: 'network' };

const COOLDOWN_CODE = 'CARD.SCAN_COOLDOWN';
const IN_PROGRESS_CODE = 'IDEMPOTENCY.IN_PROGRESS';

/**
 * Whether an answer settles the award: booked (2xx, a replay of a key already booked included), refused
 * (the server decided: 4xx), or not decided yet (no connection, a server error, maintenance, the key still
 * in progress, the gateway's rate limit, a session to renew) — then the award stays and is retried.
 */
export function classifyAnswer(
  answer: ReplayAnswer,
): { kind: 'booked' } | { kind: 'refused'; retryable: boolean } | { kind: 'retry' } {
  if (answer.kind === 'ok') return { kind: 'booked' };
  if (answer.kind === 'network') return { kind: 'retry' };
  const { status, code } = answer;
  if (status >= 200 && status < 300) return { kind: 'booked' };
  if (code === COOLDOWN_CODE) return { kind: 'refused', retryable: true };
  if (status === 401 || status === 408 || status === 429 || code === IN_PROGRESS_CODE)
    return { kind: 'retry' };
  if (status >= 400 && status < 500) return { kind: 'refused', retryable: false };
  return { kind: 'retry' };
}

export function backoffMs(attempts: number): number {
  return Math.min(REPLAY_BACKOFF_MIN_MS * 2 ** Math.max(attempts - 1, 0), REPLAY_BACKOFF_MAX_MS);
}

/** How the queue changes after one attempt: the entry goes (booked), is refused, or is retried later. */
export function afterAnswer(
  entry: QueuedAward,
  answer: ReplayAnswer,
  now: number,
):
  | { kind: 'booked'; card: CardView | null }
  | { kind: 'refused'; entry: QueuedAward }
  | { kind: 'retry'; entry: QueuedAward } {
  const verdict = classifyAnswer(answer);
  switch (verdict.kind) {
    case 'booked':
      return { kind: 'booked', card: answer.kind === 'ok' ? answer.card : null };
    case 'refused': {
      const error = answer as Extract<ReplayAnswer, { kind: 'error' }>;
      return {
        kind: 'refused',
        entry: {
          ...entry,
          status: 'refused',
          attempts: entry.attempts + 1,
          refusal: {
            status: error.status,
            code: error.code,
            message: error.message,
            at: now,
            retryable: verdict.retryable,
          },
        },
      };
    }
    case 'retry': {
      const attempts = entry.attempts + 1;
      return { kind: 'retry', entry: { ...entry, attempts, nextAttemptAt: now + backoffMs(attempts) } };
    }
  }
}

/**
 * A refused award sent again ("Wyślij ponownie", offered for the cooldown only): back at the end of the
 * queue with the same Idempotency-Key — the server kept no answer for it, and if it had booked it, the same
 * key could never book it twice.
 */
export function requeueRefused(
  entry: QueuedAward,
  existing: readonly QueuedAward[],
  now: number,
): QueuedAward {
  const seq = existing.reduce((max, e) => Math.max(max, e.seq), 0) + 1;
  return { ...entry, status: 'queued', seq, attempts: 0, nextAttemptAt: now, refusal: null };
}

/** What the queue list says of an award: `Zakup 42,50 zł`, `2 pieczątki`. */
export function awardLabel(award: AwardBody): string {
  return award.kind === 'points' ? `Zakup ${formatGrosze(award.amountGrosze)}` : formatStamps(award.count);
}

const warsawTime = warsawFormat({ hour: '2-digit', minute: '2-digit' });
const warsawDay = warsawFormat({ day: 'numeric', month: 'short' });

/** `14:05` today, `24 lis 14:05` on another day (Warsaw time). */
export function formatSeenAt(at: number, now: number): string {
  const sameDay = warsawDay(at) === warsawDay(now) && now - at < 24 * 60 * 60 * 1000;
  return sameDay ? warsawTime(at) : `${warsawDay(at)} ${warsawTime(at)}`;
}
