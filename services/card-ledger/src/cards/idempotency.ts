import { CardErrors } from '@punkto/contracts/cards';
import type { Collection, DocumentStore } from '@punkto/platform/documents/document-store.port';
import { retryLostRace } from '@punkto/platform/errors/lost-race';
import {
  AppError,
  ConcurrencyError,
  DomainRuleError,
  DuplicateKeyError,
} from '@punkto/platform/errors/errors';
import type { DocumentWrite } from '@punkto/platform/es/unit-of-work';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { UNCHANGED as UNCHANGED_ANSWER } from '@punkto/platform/documents/mutate-document';
import { IdempotencyInProgressError, IdempotencyKeyReusedError } from './card.errors';

/**
 * Idempotency keys of card commands (`Idempotency-Key` header), in the document store for 24 h.
 *
 * - The record id is a hash of (user, key): keys are scoped per caller, so nobody can replay or probe
 *   another person's requests. The same hash is the command's `commandId`, which the card aggregate
 *   remembers too (the last line of defence: a command that took effect never takes effect twice).
 * - Same key + same request (method, path, body) → the stored first response, replayed (success bodies
 *   and 4xx domain refusals alike; a 429 cooldown or a 5xx is not stored, so a retry runs again).
 * - Same key + a different request → 422 IDEMPOTENCY.KEY_REUSED (the request is well-formed but cannot be
 *   processed with that key; 409 is kept for the next case).
 * - A retry while the first attempt still runs waits for it (up to `waitMs`), then gets 409
 *   IDEMPOTENCY.IN_PROGRESS. A pending record older than `leaseMs` (its process died) is taken over; the
 *   aggregate's memory of commandIds makes that takeover safe.
 * - An award writes its answer WITH its event and read model, in one unit of work (ADR 0029: `answerWrites`,
 *   then `answered`): an acknowledged award is never found without its stored answer, nor the reverse.
 * - A stored answer names its card (`cardId`): the answer shows the customer's name, so a card closed because
 *   its customer was removed forgets its answers at once (`forgetCard`, erasure — ADR 0046), not after 24 h.
 */
type StoredOutcome =
  { kind: 'ok'; body: unknown } | { kind: 'error'; status: number; code: string; message: string };

type KeyDoc = {
  _id: string;
  /** the card the command was about (absent in keys stored before it was kept) */
  cardId?: string;
  fingerprint: string;
  state: 'pending' | 'done';
  lockedUntil: string;
  outcome: StoredOutcome | null;
  createdAt: string;
  expiresAt: string;
};

/** sha256 of method, path and the body with sorted keys */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
          )
        : value;
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${path}\n${JSON.stringify(canonical(body ?? null))}`)
    .digest('hex');
}

export function commandIdOf(userId: string, key: string): string {
  return createHash('sha256').update(`${userId}\u0000${key}`).digest('base64url').slice(0, 32);
}

export function keyRequiredError() {
  return new DomainRuleError(
    CardErrors.idempotencyKeyRequired.code,
    CardErrors.idempotencyKeyRequired.message,
  );
}

/** Errors whose answer is final for this request (replayed on retry). */
const isFinal = (error: unknown): error is AppError =>
  error instanceof AppError &&
  error.status < 500 &&
  error.status !== 429 &&
  !(error instanceof ConcurrencyError) &&
  !(error instanceof IdempotencyInProgressError);

/** the key being run in this async context (set by `run`) */
interface RunningKey {
  commandId: string;
  cardId: string;
  fingerprint: string;
  /** the answer went with the command's own write: nothing is left to finish */
  answered: boolean;
}

interface KeyOptions {
  clock: () => Date;
  ttlMs: number;
  waitMs?: number;
  leaseMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const replay = (doc: KeyDoc) => {
  const outcome = doc.outcome!;
  if (outcome.kind === 'ok') return outcome.body;
  throw new AppError(outcome.status, outcome.code, outcome.message);
};

/** Claims the key for this attempt: the stored outcome to replay, or null when this attempt runs. */
async function claim(
  keys: Collection<KeyDoc>,
  options: KeyOptions,
  { commandId, cardId, fingerprint }: Omit<RunningKey, 'answered'>,
): Promise<{ replay: KeyDoc } | null> {
  const waitMs = options.waitMs ?? 5000;
  const leaseMs = options.leaseMs ?? 30_000;
  const started = Date.now();
  for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
    const now = options.clock();
    const doc = await keys.get(commandId);
    if (doc && doc.expiresAt <= now.toISOString()) {
      await keys.delete(commandId, { expectedRevision: doc._rev }).catch(() => {});
      continue;
    }
    if (doc && doc.fingerprint !== fingerprint) throw new IdempotencyKeyReusedError();
    if (doc?.state === 'done') return { replay: doc };
    const lease = new Date(now.getTime() + leaseMs).toISOString();
    try {
      if (!doc) {
        await keys.insert({
          _id: commandId,
          cardId,
          fingerprint,
          state: 'pending',
          lockedUntil: lease,
          outcome: null,
          createdAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + options.ttlMs).toISOString(),
        });
        return null;
      }
      if (doc.lockedUntil <= now.toISOString()) {
        await keys.update({ ...doc, lockedUntil: lease }, { expectedRevision: doc._rev });
        return null; // the first attempt's process died: take over
      }
    } catch (error) {
      if (!(error instanceof ConcurrencyError || error instanceof DuplicateKeyError)) throw error;
      continue; // another attempt claimed it in between: look again
    }
    if (Date.now() - started > waitMs) throw new IdempotencyInProgressError();
    await sleep(pause);
  }
}

/** the outcome stored (null: the key forgotten, so that a retry runs again); a key changed meanwhile is read again */
async function finish(keys: Collection<KeyDoc>, commandId: string, outcome: StoredOutcome | null) {
  await retryLostRace(
    async () => {
      const doc = await keys.get(commandId);
      if (!doc) return;
      if (outcome === null) await keys.delete(commandId, { expectedRevision: doc._rev });
      else await keys.update({ ...doc, state: 'done', outcome }, { expectedRevision: doc._rev });
    },
    { maxAttempts: 20, maxPauseMs: 0, isLost: (error) => error instanceof ConcurrencyError },
  ).catch((error: unknown) => {
    // still losing after 20 attempts: the key stays as the other writer left it
    if (!(error instanceof ConcurrencyError)) throw error;
  });
}

/** the key done with this answer, unless it is done already */
function answerWrite(key: RunningKey, body: unknown, now: Date, ttlMs: number): DocumentWrite {
  return {
    collection: 'idempotency_keys',
    id: key.commandId,
    mutate: (current) => {
      const doc = current as KeyDoc | null;
      if (doc?.state === 'done') return UNCHANGED_ANSWER;
      return {
        ...(doc ?? {
          _id: key.commandId,
          cardId: key.cardId,
          fingerprint: key.fingerprint,
          lockedUntil: now.toISOString(),
          createdAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
        }),
        state: 'done',
        outcome: { kind: 'ok', body },
      };
    },
  };
}

export function idempotencyKeys(documents: DocumentStore, options: KeyOptions) {
  const keys = documents.collection<KeyDoc>('idempotency_keys');
  const running = new AsyncLocalStorage<RunningKey>();

  return {
    async ensureIndexes() {
      await keys.ensureIndex({ fields: { expiresAt: 1 } });
      await keys.ensureIndex({ fields: { cardId: 1 } });
    },

    /**
     * Runs `execute(commandId)` once per (user, key) and request: the result is stored and replayed.
     * `replayed` tells the route to mark the answer (header Idempotent-Replayed).
     */
    async run<T>(
      input: { userId: string; key: string; cardId: string; fingerprint: string },
      execute: (commandId: string) => Promise<T>,
    ): Promise<{ body: T; replayed: boolean }> {
      const commandId = commandIdOf(input.userId, input.key);
      const { cardId, fingerprint } = input;
      const claimed = await claim(keys, options, { commandId, cardId, fingerprint });
      if (claimed) return { body: replay(claimed.replay) as T, replayed: true };
      let body: T;
      const context: RunningKey = { commandId, cardId, fingerprint, answered: false };
      try {
        body = await running.run(context, () => execute(commandId));
      } catch (error) {
        await finish(
          keys,
          commandId,
          isFinal(error)
            ? { kind: 'error', status: error.status, code: error.code, message: error.localizedMessage }
            : null,
        );
        throw error;
      }
      if (!context.answered) await finish(keys, commandId, { kind: 'ok', body });
      return { body, replayed: false };
    },

    /**
     * The stored answer of the key being run, as a write of the command's unit of work (none outside `run`).
     * Call `answered()` once that unit was written with it, so that `run` does not write it again.
     */
    answerWrites(body: unknown): DocumentWrite[] {
      const key = running.getStore();
      return key ? [answerWrite(key, body, options.clock(), options.ttlMs)] : [];
    },

    answered() {
      const key = running.getStore();
      if (key) key.answered = true;
    },

    /**
     * deletes every stored answer about the card (its customer was removed); returns how many. A failed delete
     * throws (the consumer handles the event again) rather than being skipped, so each round removes its batch.
     */
    async forgetCard(cardId: string): Promise<number> {
      let forgotten = 0;
      for (;;) {
        const batch = await keys.find({ cardId }, { limit: 500 });
        for (const doc of batch) if (await keys.delete(doc._id)) forgotten++;
        if (batch.length < 500) return forgotten;
      }
    },

    /** deletes expired keys (maintenance job); returns how many */
    async sweep(now: Date): Promise<number> {
      const expired = await keys.find({ expiresAt: { $lte: now.toISOString() } }, { limit: 1000 });
      for (const doc of expired)
        await keys.delete(doc._id, { expectedRevision: doc._rev }).catch(() => false);
      return expired.length;
    },
  };
}

export type IdempotencyKeys = ReturnType<typeof idempotencyKeys>;
