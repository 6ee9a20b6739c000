import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Collection } from '../documents/document-store.port';
import { SqliteDocumentStore } from '../documents/sqlite-document-store';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { readProjection, type ProjectionDoc, type Tombstone } from './projection';
import { streamProjection } from './stream-projection';

type Event = { type: 'Earned'; data: { points: number } } | { type: 'Closed'; data: Record<string, never> };
type Summary = { points: number };

const earned = (points: number): Event => ({ type: 'Earned', data: { points } });
const apply = (current: Summary | null, event: Event): Summary | null =>
  event.type === 'Closed' ? null : { points: (current?.points ?? 0) + event.data.points };

describe('streamProjection (one read-model document per stream)', () => {
  const AT = '2026-11-24T08:00:00.000Z';
  let dir: string;
  let documents: SqliteDocumentStore;
  let events: SqliteEventStore;
  let summaries: Collection<ProjectionDoc<Summary> | Tombstone>;
  let projection: ReturnType<typeof streamProjection<Summary, Event>>;

  /** appends like the command handler does and returns what it returns */
  async function append(id: string, newEvents: Event[]) {
    const stored = await events.readStream(`card-${id}`);
    const result = await events.appendToStream(`card-${id}`, newEvents, {
      expectedRevision: stored.length ? stored.length - 1 : 'no_stream',
    });
    return { newEvents, nextExpectedRevision: result.nextExpectedRevision };
  }

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'punkto-stream-projection-'));
    documents = SqliteDocumentStore.open(join(dir, 'documents.sqlite'));
    events = SqliteEventStore.open(join(dir, 'events.sqlite'));
    summaries = documents.collection('summaries');
    projection = streamProjection<Summary, Event>({
      collection: summaries,
      streamId: (id) => `card-${id}`,
      apply,
      eventStore: events,
    });
  });

  afterEach(async () => {
    await documents.close();
    await events.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('projects the events a command appended at their stream revisions', async () => {
    await projection.projectAppended('c1', await append('c1', [earned(1), earned(2)]), AT);
    await projection.projectAppended('c1', await append('c1', [earned(4)]), AT);
    expect(await readProjection(summaries, 'c1')).toMatchObject({ points: 7, lastRevision: 2 });
    // a command that decided nothing projects nothing
    await projection.projectAppended('c1', { newEvents: [], nextExpectedRevision: 2 }, AT);
    expect(await readProjection(summaries, 'c1')).toMatchObject({ points: 7, lastRevision: 2 });
  });

  it('replays the stream when an earlier projection was lost (a crash between append and projection)', async () => {
    await append('c1', [earned(1)]); // never projected
    await projection.projectAppended('c1', await append('c1', [earned(2), earned(4)]), AT);
    expect(await readProjection(summaries, 'c1')).toMatchObject({ points: 7, lastRevision: 2 });
  });

  it('rebuild applies only what is missing (projected events are skipped) and keeps deletions', async () => {
    await projection.projectAppended('c1', await append('c1', [earned(1)]), AT);
    await append('c1', [earned(2)]);
    await projection.rebuild('c1');
    await projection.rebuild('c1');
    expect(await readProjection(summaries, 'c1')).toMatchObject({ points: 3, lastRevision: 1 });

    await append('c1', [{ type: 'Closed', data: {} }]);
    await projection.rebuild('c1');
    expect(await readProjection(summaries, 'c1')).toBeNull();
  });
});
