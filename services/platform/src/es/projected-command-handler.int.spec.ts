import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Collection } from '../documents/document-store.port';
import { SqliteDocumentStore } from '../documents/sqlite-document-store';
import { DomainRuleError } from '../errors/errors';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { readProjection, type ProjectionDoc, type Tombstone } from '../projections/projection';
import type { Command, Decider } from './decider';
import { projectedCommandHandler } from './projected-command-handler';

type Event = { type: 'Earned'; data: { points: number } };
type Earn = Command<'Earn', { points: number }>;
type Summary = { points: number; lastAt: string };

const counter: Decider<number, Earn, Event> = {
  initialState: () => 0,
  evolve: (total, event) => total + event.data.points,
  decide: (command, total) => {
    if (total + command.data.points > 100) throw new DomainRuleError('TEST.TOO_MANY', 'Za dużo.');
    return command.data.points === 0 ? [] : [{ type: 'Earned', data: { points: command.data.points } }];
  },
};
const earn = (points: number, now = '2026-11-24T08:00:00.000Z'): Earn => ({
  type: 'Earn',
  data: { points },
  metadata: { now: new Date(now) },
});

describe('projectedCommandHandler (decide, append and project in one call)', () => {
  let dir: string;
  let documents: SqliteDocumentStore;
  let events: SqliteEventStore;
  let summaries: Collection<ProjectionDoc<Summary> | Tombstone>;
  let aggregate: ReturnType<typeof projectedCommandHandler<number, Earn, Event, Summary>>;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'punkto-projected-'));
    documents = SqliteDocumentStore.open(join(dir, 'documents.sqlite'));
    events = SqliteEventStore.open(join(dir, 'events.sqlite'));
    summaries = documents.collection('summaries');
    aggregate = projectedCommandHandler({
      eventStore: events,
      decider: counter,
      streamId: (id) => `counter-${id}`,
      collection: summaries,
      apply: (current, event, at) => ({ points: (current?.points ?? 0) + event.data.points, lastAt: at }),
    });
  });
  afterEach(async () => {
    await documents.close();
    await events.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('appends what the decider decided and projects it at the command time', async () => {
    const result = await aggregate.run('c1', earn(5, '2026-11-24T09:00:00.000Z'));
    expect(result.newState).toBe(5);
    await aggregate.run('c1', earn(7, '2026-11-24T09:30:00.000Z'));
    expect((await events.readStream('counter-c1')).map((e) => e.data)).toEqual([
      { points: 5 },
      { points: 7 },
    ]);
    expect(await readProjection(summaries, 'c1')).toMatchObject({
      points: 12,
      lastAt: '2026-11-24T09:30:00.000Z',
    });
  });

  it('a refused command appends and projects nothing; a command that decides nothing neither', async () => {
    await aggregate.run('c1', earn(90));
    await expect(aggregate.run('c1', earn(20))).rejects.toThrow('Za dużo.');
    await aggregate.run('c1', earn(0));
    expect(await events.readStream('counter-c1')).toHaveLength(1);
    expect(await readProjection(summaries, 'c1')).toMatchObject({ points: 90 });
  });

  it('a projection lost to a crash is caught up from the stream on the next command', async () => {
    await aggregate.appendOnly('c1', earn(3)); // appended, never projected
    await aggregate.run('c1', earn(4));
    expect(await readProjection(summaries, 'c1')).toMatchObject({ points: 7 });
  });

  it('a projection lost to a crash is caught up by a command that decides nothing (a repeat), too', async () => {
    await aggregate.appendOnly('c1', earn(3)); // appended, never projected; no new event will come
    expect(await readProjection(summaries, 'c1')).toBeNull();
    const repeat = await aggregate.run('c1', earn(0));
    expect(repeat.newEvents).toEqual([]);
    expect(await readProjection(summaries, 'c1')).toMatchObject({ points: 3 });
    await aggregate.run('c1', earn(0)); // in step now: nothing replayed, nothing changed
    expect(await readProjection(summaries, 'c1')).toMatchObject({ points: 3 });
  });

  it('concurrent commands on one stream are all applied once (lost races decided again)', async () => {
    await Promise.all(Array.from({ length: 10 }, () => aggregate.run('c1', earn(1))));
    expect(await events.readStream('counter-c1')).toHaveLength(10);
    expect(await readProjection(summaries, 'c1')).toMatchObject({ points: 10 });
  });
});
