import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ConcurrencyError, DomainRuleError, NotFoundError } from '../errors/errors';
import { createLogger } from '../observability/logger';
import { SqliteDocumentStore } from '../documents/sqlite-document-store';
import { eventConsumer } from './event-consumer';
import { inbox } from './inbox';

const Greeted = z.object({
  id: z.string(),
  type: z.literal('Greeted'),
  data: z.object({ name: z.string() }),
});

function consumerThat(
  handle: (name: string) => Promise<void>,
  documents = SqliteDocumentStore.open(':memory:'),
  options: { idempotent?: boolean } = {},
) {
  const warnings: Array<Record<string, unknown>> = [];
  const logger = createLogger('test', 'warn', {
    write: (line: string) => void warnings.push(JSON.parse(line)),
  });
  const seen: string[] = [];
  const spec = eventConsumer({
    groupId: 'test.greetings',
    topics: ['test.greetings.v1'],
    schema: Greeted,
    logger,
    inbox: inbox(documents, () => new Date()),
    handle: async (event) => {
      seen.push(event.data.name);
      await handle(event.data.name);
    },
    ...options,
  });
  const deliver = (value: unknown) =>
    spec.handler({
      topic: 'test.greetings.v1',
      partition: 0,
      offset: '0',
      key: 'k',
      value,
      headers: {},
      attempt: 1,
      timestamp: new Date().toISOString(),
    });
  return { spec, deliver, seen, warnings };
}

const greeted = (name: string) => ({ id: `e-${name}`, type: 'Greeted', data: { name } });

describe('eventConsumer', () => {
  it('hands the events its schema accepts to the handler and skips everything else', async () => {
    const { spec, deliver, seen } = consumerThat(async () => {});
    expect(spec).toMatchObject({ groupId: 'test.greetings', topics: ['test.greetings.v1'] });
    await deliver(greeted('Ala'));
    await deliver({ id: 'e-2', type: 'Waved', data: { name: 'Ola' } });
    await deliver({ id: 'e-3', type: 'Greeted', data: {} });
    await deliver(null);
    expect(seen).toEqual(['Ala']);
  });

  it('logs a domain refusal and lets the message go (a redelivery would be refused again)', async () => {
    const { deliver, warnings } = consumerThat(async () => {
      throw new NotFoundError('Nie ma.', 'THING.NOT_FOUND');
    });
    await expect(deliver(greeted('Ala'))).resolves.toBeUndefined();
    expect(warnings).toEqual([
      expect.objectContaining({
        code: 'THING.NOT_FOUND',
        eventId: 'e-Ala',
        type: 'Greeted',
        msg: 'Greeted not applied',
      }),
    ]);
  });

  it('throws lost races and infrastructure errors, so the bus retries them', async () => {
    for (const error of [new ConcurrencyError('s', 1, 2), new Error('disk full')]) {
      const { deliver, warnings } = consumerThat(async () => {
        throw error;
      });
      await expect(deliver(greeted('Ala'))).rejects.toBe(error);
      expect(warnings).toEqual([]);
    }
    // a 4xx domain rule is a refusal, not a failure
    const { deliver } = consumerThat(async () => {
      throw new DomainRuleError('RULE', 'Nie wolno.');
    });
    await expect(deliver(greeted('Ala'))).resolves.toBeUndefined();
  });

  it('skips an event its group handled before: a redelivery does no work twice', async () => {
    const { deliver, seen } = consumerThat(async () => {});
    await deliver(greeted('Ala'));
    await deliver(greeted('Ala'));
    await deliver(greeted('Ola'));
    expect(seen).toEqual(['Ala', 'Ola']);
  });

  it('a handler idempotent by itself keeps no inbox: nothing read or written, a redelivery runs it again', async () => {
    const documents = SqliteDocumentStore.open(':memory:');
    const handled = documents.collection('handled-events');
    const reads = vi.spyOn(handled, 'get');
    const { deliver, seen } = consumerThat(async () => {}, documents, { idempotent: true });
    await deliver(greeted('Ala'));
    await deliver(greeted('Ala'));
    expect(seen).toEqual(['Ala', 'Ala']);
    expect(reads).not.toHaveBeenCalled();
    expect(await handled.find({})).toEqual([]);
  });

  it('a refused event is done too, a failed one runs again on redelivery', async () => {
    let failures = 1;
    const { deliver, seen } = consumerThat(async (name) => {
      if (name === 'Ala') throw new NotFoundError('Nie ma.', 'THING.NOT_FOUND');
      if (failures-- > 0) throw new Error('disk full');
    });
    await deliver(greeted('Ala'));
    await deliver(greeted('Ala'));
    await expect(deliver(greeted('Ola'))).rejects.toThrow('disk full');
    await deliver(greeted('Ola'));
    await deliver(greeted('Ola'));
    expect(seen).toEqual(['Ala', 'Ola', 'Ola']);
  });

  it('another group handles the same event on its own', async () => {
    const documents = SqliteDocumentStore.open(':memory:');
    const first = consumerThat(async () => {}, documents);
    await first.deliver(greeted('Ala'));
    const other = eventConsumer({
      groupId: 'test.other',
      topics: ['test.greetings.v1'],
      schema: Greeted,
      logger: createLogger('test', 'silent'),
      inbox: inbox(documents, () => new Date()),
      handle: async (event) => void first.seen.push(`other:${event.data.name}`),
    });
    await other.handler({
      topic: 'test.greetings.v1',
      partition: 0,
      offset: '0',
      key: 'k',
      value: greeted('Ala'),
      headers: {},
      attempt: 1,
      timestamp: new Date().toISOString(),
    });
    expect(first.seen).toEqual(['Ala', 'other:Ala']);
  });
});
