import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
  streamNameFilter,
  type AppendExpectedRevision,
  type Position,
  type RecordedEvent,
} from '@eventstore/db-client';
import { v7 as uuidv7 } from 'uuid';
import { ConcurrencyError } from '../errors/errors';
import type {
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadStreamOptions,
  StoredEvent,
  SubscribeToAllOptions,
  Subscription,
} from './event-store.port';

/**
 * Event store on EventStoreDB (`@eventstore/db-client` 6.x, gRPC).
 *
 * - Expected revisions map 1:1 ('no_stream' / 'stream_exists' / 'any' / a 0-based revision as bigint);
 *   WrongExpectedVersionError becomes ConcurrencyError. ESDB appends are atomic per call.
 * - Event metadata in ESDB is `{ schemaVersion, metadata }` (JSON), so the port's metadata round-trips
 *   untouched and `schemaVersion` needs no magic key inside it.
 * - Positions are `"<commit>/<prepare>"` (decimal); the port treats them as opaque.
 * - `subscribeToAll` is a catch-up subscription to `$all` with a server-side stream-name prefix filter,
 *   starting AFTER `fromPosition` (ESDB's subscription start position is exclusive), one event at a time:
 *   the next event is pulled only after the handler resolved (a `batchHandler` gets batches of one).
 * - `headPosition` reads `$all` backwards by one (that includes system events, which is fine: it is only a
 *   starting point for "events after now").
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly subscriptions = new Set<Subscription>();
  private closed = false;

  private constructor(private readonly client: EventStoreDBClient) {}

  /** `url`: e.g. `esdb://127.0.0.1:2113?tls=false` */
  static open(url: string): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString`${url}`);
  }

  async appendToStream(
    streamId: string,
    events: NewEvent[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error(`appendToStream(${streamId}): no events to append`);
    const expected = options.expectedRevision ?? 'any';
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((e) =>
          jsonEvent({
            id: e.id ?? uuidv7(),
            type: e.type,
            data: (e.data ?? null) as never,
            metadata: { schemaVersion: e.schemaVersion ?? 1, metadata: e.metadata ?? {} },
          }),
        ),
        { expectedRevision: toExpected(expected) },
      );
      if (!result.position) throw new Error('EventStoreDB did not return a position (server too old?)');
      return {
        nextExpectedRevision: Number(result.nextExpectedRevision),
        position: formatPosition(result.position),
      };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        throw new ConcurrencyError(
          streamId,
          expected,
          error.actualVersion === undefined ? null : String(error.actualVersion),
        );
      }
      throw error;
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    if (options.maxCount === 0) return events;
    try {
      for await (const resolved of this.client.readStream(streamId, {
        direction: FORWARDS,
        fromRevision: BigInt(options.fromRevision ?? 0),
        ...(options.maxCount === undefined ? {} : { maxCount: BigInt(options.maxCount) }),
      })) {
        if (resolved.event) events.push(toStored(resolved.event, resolved.commitPosition));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  subscribeToAll(options: SubscribeToAllOptions): Subscription {
    const subscription = this.client.subscribeToAll({
      fromPosition: options.fromPosition === undefined ? START : parsePosition(options.fromPosition),
      ...(options.streamPrefixes?.length
        ? { filter: streamNameFilter({ prefixes: options.streamPrefixes }) }
        : {}),
    });
    let stopped = false;
    const running = (async () => {
      try {
        for await (const resolved of subscription) {
          if (stopped) break;
          const event = resolved.event;
          if (!event || event.streamId.startsWith('$')) continue;
          const stored = toStored(event, resolved.commitPosition);
          // batches of one: the next event is pulled only after the handler resolved, as for `handler`
          if (options.batchHandler) await options.batchHandler([stored]);
          else await options.handler(stored);
          if (stopped) break;
        }
      } catch (error) {
        if (!stopped) options.onError?.(error);
      } finally {
        await subscription.unsubscribe().catch(() => {});
      }
    })();
    const handle: Subscription = {
      stop: async () => {
        stopped = true;
        await subscription.unsubscribe().catch(() => {});
        await running;
        this.subscriptions.delete(handle);
      },
    };
    this.subscriptions.add(handle);
    return handle;
  }

  async headPosition(): Promise<string | undefined> {
    for await (const resolved of this.client.readAll({
      direction: BACKWARDS,
      fromPosition: END,
      maxCount: 1,
    })) {
      const position = resolved.event?.position;
      if (position) return formatPosition(position);
    }
    return undefined;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.client.dispose();
  }
}

function toExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  if (!Number.isInteger(expected) || expected < 0) throw new Error(`invalid expected revision ${expected}`);
  return BigInt(expected);
}

export function formatPosition(position: Position): string {
  return `${position.commit}/${position.prepare}`;
}

export function parsePosition(position: string): Position {
  const match = /^(\d+)\/(\d+)$/.exec(position);
  if (!match?.[1] || !match[2]) throw new Error(`not an EventStoreDB position: ${JSON.stringify(position)}`);
  return { commit: BigInt(match[1]), prepare: BigInt(match[2]) };
}

function toStored(event: RecordedEvent, commitPosition: bigint | undefined): StoredEvent {
  const meta = (event.metadata ?? {}) as { schemaVersion?: number; metadata?: EventMetadata };
  const position =
    event.position ??
    (commitPosition === undefined ? undefined : { commit: commitPosition, prepare: commitPosition });
  if (!position)
    throw new Error('EventStoreDB returned an event without a position (server older than 22.6?)');
  return {
    id: event.id,
    streamId: event.streamId,
    type: event.type,
    data: event.data as unknown,
    metadata: meta.metadata ?? {},
    schemaVersion: meta.schemaVersion ?? 1,
    revision: Number(event.revision),
    position: formatPosition(position),
    recordedAt: new Date(event.created).toISOString(),
  };
}
