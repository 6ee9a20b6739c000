import type { Collection, Filter, Stored } from '../documents/document-store.port';
import { UNCHANGED } from '../documents/mutate-document';
import { retryLostRace } from '../errors/lost-race';
import type { DocumentWrite } from '../es/unit-of-work';

/**
 * Idempotent, revision-checked projections into the document store (after oskardudycz/EventSourcing.NodeJS).
 *
 * Delivery is at-least-once and ordered per aggregate, so a projector sees duplicates and, after a crash,
 * replays. Two helpers, both lock-free (optimistic `_rev` checks, retried on conflict), both storing their
 * bookkeeping IN the read-model document so it changes atomically with the data:
 *
 * 1. `projectEvent` — one read-model document per stream. The document records `lastRevision`, the stream
 *    revision (0-based) of the last event applied. Event N is applied only when the document is at N-1;
 *    N ≤ lastRevision is a duplicate and is skipped; N > lastRevision+1 is a gap (an event is missing or
 *    out of order) and throws ProjectionGapError, so the consumer does not commit its offset and the
 *    events are delivered again.
 *    Deleting (apply → null) leaves a TOMBSTONE `{ _id, lastRevision, _deleted: true }`: without it a
 *    redelivered older event would resurrect the document. Read with `readProjection` / `LIVE_DOCUMENTS`.
 *
 * 2. `projectEventOnce` — documents keyed by something other than the stream (a per-tenant counter fed by
 *    many streams), where revisions do not line up. The document keeps the ids of the last `window` events
 *    it applied (`appliedEventIds`); an event whose id is in the list is skipped. This is exact for
 *    redeliveries within the window (at-least-once redelivery replays recent, uncommitted events; size the
 *    window above the consumer's batch). Ordering between streams is not required — apply must commute
 *    (counters, sets), which is what such aggregates are.
 */

export type ProjectionDoc<T> = T & { _id: string; lastRevision: number };
export type Tombstone = { _id: string; lastRevision: number; _deleted: true };
export type DedupedDoc<T> = T & { _id: string; appliedEventIds: string[] };

/** Filter that excludes tombstones; combine with `$and` when querying a projected collection. */
export const LIVE_DOCUMENTS: Filter = { _deleted: { $exists: false } };

export type ProjectionOutcome = 'applied' | 'skipped';

export class ProjectionGapError extends Error {
  readonly code = 'PROJECTION.GAP';
  constructor(
    readonly documentId: string,
    readonly lastRevision: number,
    readonly eventRevision: number,
  ) {
    super(
      `projection ${documentId} is at revision ${lastRevision}; event ${eventRevision} would leave a gap`,
    );
    this.name = 'ProjectionGapError';
  }
}

const MAX_ATTEMPTS = 20;

/** Applies the event with stream revision `streamRevision` to the document `id` exactly once and in order. */
export async function projectEvent<T extends object>(
  collection: Collection<ProjectionDoc<T> | Tombstone>,
  event: { id: string; streamRevision: number; apply: (current: T | null) => T | null },
): Promise<ProjectionOutcome> {
  return (await projectEventRead(collection, event)).outcome;
}

/**
 * What `projectEventRead` did, and the document as it is after the event, from the one read it made: the one it
 * wrote when applied, the one it found (live, or null when missing or deleted) when skipped.
 */
export interface Projected<T> {
  outcome: ProjectionOutcome;
  document: T | null;
}

/**
 * `projectEvent` that also hands back the document it wrote or found, for a caller that needs it after the event
 * (a live update names the card's holder) without reading it again.
 */
export async function projectEventRead<T extends object>(
  collection: Collection<ProjectionDoc<T> | Tombstone>,
  event: { id: string; streamRevision: number; apply: (current: T | null) => T | null },
): Promise<Projected<T>> {
  const { id, streamRevision } = event;
  if (!Number.isInteger(streamRevision) || streamRevision < 0)
    throw new RangeError(`invalid stream revision ${streamRevision}`);
  return withRetries(async (): Promise<Projected<T>> => {
    const stored = await collection.get(id);
    const lastRevision = stored?.lastRevision ?? -1;
    const current = stored && !isTombstone(stored) ? stripBookkeeping<T>(stored, ['lastRevision']) : null;
    if (streamRevision <= lastRevision) return { outcome: 'skipped', document: current };
    if (streamRevision !== lastRevision + 1) throw new ProjectionGapError(id, lastRevision, streamRevision);

    const next = event.apply(current);
    const doc: ProjectionDoc<T> | Tombstone =
      next === null
        ? { _id: id, lastRevision: streamRevision, _deleted: true }
        : { ...next, _id: id, lastRevision: streamRevision };
    await write(collection, doc, stored);
    return { outcome: 'applied', document: next };
  });
}

/**
 * `projectEvent` as a write of a command's unit of work (es/unit-of-work.ts, ADR 0029): applied with the append
 * when the document is at N-1; otherwise left as it is — a duplicate, or a gap that the caller heals after the
 * unit by projecting the stream (projectEvent → ProjectionGapError → replay).
 */
export function projectEventWrite<T extends object>(
  collection: string,
  event: { id: string; streamRevision: number; apply: (current: T | null) => T | null },
): DocumentWrite {
  const { id, streamRevision } = event;
  return {
    collection,
    id,
    mutate: (stored) => {
      const lastRevision = (stored as { lastRevision?: number } | null)?.lastRevision ?? -1;
      if (streamRevision !== lastRevision + 1) return UNCHANGED;
      const current = stored && !isTombstone(stored) ? stripBookkeeping<T>(stored, ['lastRevision']) : null;
      const next = event.apply(current);
      return next === null
        ? { _id: id, lastRevision: streamRevision, _deleted: true }
        : { ...next, _id: id, lastRevision: streamRevision };
    },
  };
}

/** The live read-model document, or null when missing or deleted (a tombstone). */
export async function readProjection<T extends object>(
  collection: Collection<ProjectionDoc<T> | Tombstone>,
  id: string,
): Promise<Stored<ProjectionDoc<T>> | null> {
  const stored = await collection.get(id);
  return stored && !isTombstone(stored) ? (stored as Stored<ProjectionDoc<T>>) : null;
}

/**
 * Applies the event `eventId` to the document `id` unless it is among the last `window` events applied.
 * `apply` returning null deletes the document (and its dedupe memory, so only do that for good).
 */
export async function projectEventOnce<T extends object>(
  collection: Collection<DedupedDoc<T>>,
  event: { id: string; eventId: string; apply: (current: T | null) => T | null; window?: number },
): Promise<ProjectionOutcome> {
  const window = event.window ?? 1000;
  return withRetries(async () => {
    const stored = await collection.get(event.id);
    const applied = stored?.appliedEventIds ?? [];
    if (applied.includes(event.eventId)) return 'skipped';

    const next = event.apply(stored ? stripBookkeeping<T>(stored, ['appliedEventIds']) : null);
    if (next === null) {
      if (stored) await collection.delete(event.id, { expectedRevision: stored._rev });
      return 'applied';
    }
    const doc = {
      ...next,
      _id: event.id,
      appliedEventIds: [...applied, event.eventId].slice(-window),
    } as DedupedDoc<T>;
    await write(collection, doc, stored);
    return 'applied';
  });
}

function isTombstone(doc: object): doc is Tombstone {
  return (doc as { _deleted?: unknown })._deleted === true;
}

function stripBookkeeping<T>(stored: Stored<object>, fields: string[]): T {
  const copy: Record<string, unknown> = { ...stored };
  for (const field of ['_id', '_rev', ...fields]) delete copy[field];
  return copy as T;
}

async function write<D extends { _id: string }>(
  collection: Collection<D>,
  doc: D,
  stored: Stored<D> | null,
): Promise<void> {
  if (stored) await collection.update(doc, { expectedRevision: stored._rev });
  else await collection.insert(doc);
}

/** Re-reads and retries when another projector wrote the same document in between (errors/lost-race.ts). */
const withRetries = <R>(attempt: () => Promise<R>) =>
  retryLostRace(attempt, { maxAttempts: MAX_ATTEMPTS, maxPauseMs: 100 });
