import type { Collection, DocumentStore } from '@punkto/platform/documents/document-store.port';
import { mutateDocument, UNCHANGED } from '@punkto/platform/documents/mutate-document';
import { ConcurrencyError } from '@punkto/platform/errors/errors';
import type { Logger } from '@punkto/platform/observability/logger';

/**
 * 0: one card changed (a phone is waiting); 1: part of a company-wide change; 2: a company-wide change still
 * to expand into work of priority 1. Lower runs first, so bulk work never holds back a single award.
 */
export type Priority = 0 | 1 | 2;

export interface QueueEntry {
  /** `<kind>:<key>`: one entry per target, however many changes asked for it */
  _id: string;
  kind: string;
  key: string;
  priority: Priority;
  dueAt: string;
  attempts: number;
  /** set while a worker handles it; an entry whose claim ran out (its worker died) is due again */
  claimedUntil: string | null;
  /** where an expansion (priority 2) goes on from */
  cursor: string | null;
}

/** What handling an entry came to. */
export type Handled =
  | { done: true }
  | { retry: string; afterMs?: number }
  /** an expansion that has more to do, from `cursor` */
  | { continueFrom: string };

export type HandledOutcome = 'done' | 'retry' | 'gave_up' | 'continue';

export interface Work {
  /** `enqueue` queues more work (an expansion's targets) */
  handle(entry: QueueEntry, enqueue: Enqueue): Promise<Handled>;
  /** the work could not be done after every attempt (`reason` of the last one) */
  gaveUp?(entry: QueueEntry, reason: string): Promise<void>;
}

export type Enqueue = (kind: string, key: string, priority: Priority, notBefore?: Date) => Promise<void>;

export interface QueueOptions {
  /** after work on a target, the next waits this long: a burst of changes is one update (default 1 s) */
  coalesceMs?: number;
  /** entries handled at once (default 50) */
  concurrency?: number;
  /** attempts before `gaveUp` (default 8); back-off 1 s, 2 s, 4 s, … or what the handler asks */
  maxAttempts?: number;
  /** the worker looks for due entries at least this often, e.g. those another replica queued (default 1 s) */
  pollMs?: number;
}

type Claimed = QueueEntry & { _rev: number };

export interface QueueDeps {
  documents: DocumentStore;
  collection: string;
  work: Record<string, Work>;
  clock: () => Date;
  logger: Logger;
  options?: QueueOptions;
  /** what each handled entry came to (for /metrics): done, retry (another attempt later), gave_up, continue */
  onHandled?: (kind: string, outcome: HandledOutcome) => void;
}

/** What the queue's functions share: the deps with their options' defaults, and the collection. */
interface QueueContext extends QueueDeps {
  queue: Collection<QueueEntry>;
  coalesceMs: number;
  concurrency: number;
  maxAttempts: number;
  pollMs: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The durable queue behind live pass updates (Apple pushes, Google object updates): one collection of the
 * document store, so queued work survives a restart and any replica may do it. One entry per target
 * coalesces every change that asks for it while it waits; a change that arrives while the target is being
 * updated queues one more update after the coalescing window (the update in flight may predate the change).
 * Claims are revision-checked writes, so two replicas never do the same entry at once.
 * This factory holds only the worker's state (its timer, the drain under way); the steps are functions below.
 */
export function passUpdateQueue(deps: QueueDeps) {
  const ctx: QueueContext = {
    ...deps,
    queue: deps.documents.collection<QueueEntry>(deps.collection),
    coalesceMs: deps.options?.coalesceMs ?? 1000,
    concurrency: deps.options?.concurrency ?? 50,
    maxAttempts: deps.options?.maxAttempts ?? 8,
    pollMs: deps.options?.pollMs ?? 1000,
  };
  const { queue, clock } = ctx;

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = drain(ctx, enqueue, () => stopped)
      .catch((error: unknown) => ctx.logger.error({ err: error }, 'pass updates: the queue failed; retrying'))
      .finally(() => {
        running = null;
        if (stopped) return;
        if (again) {
          again = false;
          wake();
        } else void scheduleNext();
      });
  }

  /** sleeps until the next entry is due, at most `pollMs` (entries other replicas queued) */
  async function scheduleNext(): Promise<void> {
    const wait = await msUntilNextDue(ctx);
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(wake, wait).unref();
  }

  const enqueue: Enqueue = async (kind, key, priority, notBefore) => {
    await queueRequest(ctx, kind, key, priority, notBefore);
    wake();
  };

  return {
    enqueue,
    ensureIndexes: () => ensureQueueIndexes(queue),
    /** entries waiting (pass health, metrics) */
    backlog: () => queue.count({}),

    start(): void {
      stopped = false;
      wake();
    },

    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
    },

    /** resolves once nothing due is queued (tests, benchmarks) */
    async idle(): Promise<void> {
      for (;;) {
        await running;
        if ((await queue.count({ dueAt: { $lte: clock().toISOString() } })) === 0 && !running) return;
        wake();
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    },
  };
}

export type PassUpdateQueue = ReturnType<typeof passUpdateQueue>;

async function ensureQueueIndexes(queue: Collection<QueueEntry>): Promise<void> {
  await queue.ensureIndex({ fields: { priority: 1, dueAt: 1 } });
  await queue.ensureIndex({ fields: { dueAt: 1 } });
}

/** how long until the next unclaimed entry is due, at most `pollMs` */
async function msUntilNextDue({ queue, clock, pollMs }: QueueContext): Promise<number> {
  const [next] = await queue.find({ claimedUntil: null }, { sort: { dueAt: 1 }, limit: 1 });
  const wait = next ? Math.max(0, Date.parse(next.dueAt) - clock().getTime()) : pollMs;
  return Math.min(wait, pollMs);
}

/** Claims and runs due entries, most urgent first, `concurrency` at a time, until none is due or the queue stops. */
async function drain(ctx: QueueContext, enqueue: Enqueue, stopped: () => boolean): Promise<void> {
  for (;;) {
    const now = ctx.clock();
    const due = await ctx.queue.find(
      {
        dueAt: { $lte: now.toISOString() },
        $or: [{ claimedUntil: null }, { claimedUntil: { $lt: now.toISOString() } }],
      },
      { sort: { priority: 1, dueAt: 1 }, limit: ctx.concurrency },
    );
    if (due.length === 0 || stopped()) return;
    await Promise.all(
      due.map((entry) => claim(ctx.queue, entry, now).then((mine) => mine && run(ctx, mine, enqueue))),
    );
  }
}

async function claim(queue: Collection<QueueEntry>, entry: Claimed, now: Date) {
  try {
    return await queue.update(
      { ...entry, claimedUntil: iso(now.getTime() + 60_000) },
      { expectedRevision: entry._rev },
    );
  } catch (error) {
    if (error instanceof ConcurrencyError) return null; // another worker has it, or it changed
    throw error;
  }
}

/** Handles a claimed entry, then continues, retries (with back-off), gives up on or deletes it. */
async function run(ctx: QueueContext, entry: Claimed, enqueue: Enqueue): Promise<void> {
  const { queue, clock } = ctx;
  const work = ctx.work[entry.kind];
  let handled: Handled;
  try {
    handled = work ? await work.handle(entry, enqueue) : { done: true };
  } catch (error) {
    handled = { retry: error instanceof Error ? error.message : String(error) };
  }
  const outcome = (what: HandledOutcome) => ctx.onHandled?.(entry.kind, what);
  if ('continueFrom' in handled) {
    outcome('continue');
    return release(queue, entry, { cursor: handled.continueFrom, dueAt: clock().toISOString() });
  }
  if ('retry' in handled) {
    if (entry.attempts + 1 < ctx.maxAttempts) {
      outcome('retry');
      const backoff = Math.max(handled.afterMs ?? 0, 1000 * 2 ** entry.attempts);
      return release(queue, entry, { attempts: entry.attempts + 1, dueAt: iso(clock().getTime() + backoff) });
    }
    outcome('gave_up');
    ctx.logger.warn({ entry: entry._id, reason: handled.retry }, 'pass update given up after every attempt');
    await work?.gaveUp?.(entry, handled.retry);
  } else outcome('done');
  try {
    await queue.delete(entry._id, { expectedRevision: entry._rev });
  } catch (error) {
    if (!(error instanceof ConcurrencyError)) throw error;
    await release(queue, entry, {}); // queued again meanwhile: keep the newer request
  }
}

/**
 * Hands a claimed entry back with `change`; when a new change queued it meanwhile (its revision moved on),
 * only the claim is dropped, so the newer request stays as it is.
 */
async function release(
  queue: Collection<QueueEntry>,
  entry: Claimed,
  change: Partial<QueueEntry>,
): Promise<void> {
  await mutateDocument(queue, entry._id, (current) => {
    if (!current) return UNCHANGED;
    return current._rev === entry._rev
      ? { ...current, ...change, claimedUntil: null }
      : { ...current, claimedUntil: null };
  });
}

/**
 * Asks for work on `key` of `kind`, at once or — `notBefore`, the end of the coalescing window after the
 * last update of this target — later. Expansions (priority 2) start over from the beginning.
 */
async function queueRequest(
  { queue, clock, coalesceMs }: QueueContext,
  kind: string,
  key: string,
  priority: Priority,
  notBefore?: Date,
): Promise<void> {
  const now = clock().getTime();
  const earliest = Math.max(now, notBefore?.getTime() ?? 0);
  await mutateDocument(queue, `${kind}:${key}`, (current): QueueEntry | typeof UNCHANGED => {
    const fresh = { _id: `${kind}:${key}`, kind, key, priority, attempts: 0, cursor: null };
    if (!current) return { ...fresh, dueAt: iso(earliest), claimedUntil: null };
    if (current.claimedUntil)
      // in flight: it may predate this change, so once more after the window
      return {
        ...current,
        ...fresh,
        priority: Math.min(current.priority, priority) as Priority,
        dueAt: iso(Math.max(earliest, now + coalesceMs)),
      };
    if (current.priority <= priority && current.dueAt <= iso(earliest) && priority !== 2) return UNCHANGED;
    return {
      ...current,
      ...fresh,
      priority: Math.min(current.priority, priority) as Priority,
      dueAt: current.dueAt < iso(earliest) ? current.dueAt : iso(earliest),
    };
  });
}
