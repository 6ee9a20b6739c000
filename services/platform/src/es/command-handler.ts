import { LRUCache } from 'lru-cache';
import type { EventMetadata, EventStore, NewEvent } from '../event-store/event-store.port';
import { ConcurrencyError } from '../errors/errors';
import { retryLostRace, retryQueues } from '../errors/lost-race';
import { currentTraceparent, withSpan } from '../observability/tracing';
import type { Decider } from './decider';
import type { DocumentWrite, UnitOfWork } from './unit-of-work';

export interface DomainEvent<TType extends string = string, TData = unknown> {
  type: TType;
  data: TData;
}

export interface HandleResult<State, Event> {
  newEvents: Event[];
  newState: State;
  /** the stream's last revision after the append (unchanged when no event was produced) */
  nextExpectedRevision: number | undefined;
}

/**
 * A command that needs the aggregate to be built: called with the state folded from the stream, on every
 * attempt (a lost race folds again and builds again). It may check the caller against the state (throwing
 * refuses the command), fetch what the command carries (rules), and add metadata to the events. `null`
 * decides nothing.
 */
export type CommandBuilder<State, Command> = (
  state: State,
) => Promise<{ command: Command; metadata?: EventMetadata } | null>;

/** What an attempt decided, before its append: what the document writes of its unit of work are made from. */
export interface Decided<State, Event> {
  /** the state the command was decided on */
  state: State;
  newEvents: Event[];
  newState: State;
  /** the revision the first new event gets if the append's expected revision holds */
  firstRevision: number;
}

/**
 * The document writes that belong to a command's append (inline projections, the idempotency record with its
 * answer): built from what was decided, written with the append by the handler's unit of work (ADR 0029).
 */
export type AlsoWrite<State, Event> = (decided: Decided<State, Event>) => Promise<DocumentWrite[]>;

/**
 * The generic command handler: read stream → fold → decide → append with the expected revision.
 * A lost race (ConcurrencyError) re-reads and decides again, so two commands on one aggregate are
 * serialised without locks and a rule like "no double spending" holds. Domain errors propagate untouched.
 * One read of the stream per attempt: a command that needs the aggregate first (whose card is it, which
 * program) is passed as a `CommandBuilder` and built from the state that is decided against.
 */
export function commandHandler<State, Command, Event extends DomainEvent>(
  eventStore: EventStore,
  decider: Decider<State, Command, Event>,
  options: {
    maxRetries?: number;
    schemaVersion?: (event: Event) => number;
    /** appends through this unit of work, so that a call's `alsoWrite` documents go with its events */
    unitOfWork?: UnitOfWork;
    /**
     * Keeps the folded state of up to this many recently used streams with its revision, so that a command
     * reads and folds only the events after it instead of the whole stream (0 or absent: none). Events are
     * never changed once stored, so a state at revision R plus the events after R is the state a full fold
     * gives; the append's expected-revision check still guards every decision. Needs `evolve` to return new
     * states without changing the one it is given (a decider's rule) and callers not to change the states.
     */
    stateCache?: number;
  } = {},
) {
  const maxRetries = options.maxRetries ?? 5;
  const { unitOfWork } = options;
  const states = foldedStates<State>(options.stateCache ?? 0);
  // a stream's retries after a lost race, one after another (see below)
  const retrying = retryQueues();
  return async (
    streamId: string,
    command: Command | CommandBuilder<State, Command>,
    metadata: EventMetadata = {},
    alsoWrite?: AlsoWrite<State, Event>,
  ): Promise<HandleResult<State, Event>> => {
    if (alsoWrite && !unitOfWork) throw new Error('alsoWrite needs a commandHandler with a unitOfWork');
    // First attempts take no lock. With group commit an append waits for the end of the turn, so commands on
    // ONE stream that read it in the same turn all decide on the same revision and all but one lose; their
    // retries then queue per stream in this process (each reads what the previous one appended), instead of
    // colliding again until they run out of attempts — and while such a queue exists, new commands of the
    // stream join it rather than barge in. A stream is serial only while it is hot; then lock-free again.
    let lost = false;
    const attempt = async (): Promise<HandleResult<State, Event>> => {
      const { state, currentRevision } = await foldStream(eventStore, decider, states, streamId);
      const built =
        typeof command === 'function'
          ? await (command as CommandBuilder<State, Command>)(state)
          : { command };
      const newEvents = built ? decider.decide(built.command, state) : [];
      const newState = newEvents.reduce(decider.evolve, state);
      if (newEvents.length === 0) return { newEvents, newState, nextExpectedRevision: currentRevision };
      const writes = alsoWrite
        ? await alsoWrite({ state, newEvents, newState, firstRevision: (currentRevision ?? -1) + 1 })
        : [];
      const result = await appendTraced(
        { eventStore, unitOfWork },
        streamId,
        newEvents.map((e) => ({
          type: e.type,
          data: e.data,
          metadata: { ...metadata, ...built?.metadata },
          ...(options.schemaVersion && { schemaVersion: options.schemaVersion(e) }),
        })),
        { expectedRevision: currentRevision ?? 'no_stream', writes },
      );
      states.remember(streamId, result.nextExpectedRevision, newState);
      return { newEvents, newState, nextExpectedRevision: result.nextExpectedRevision };
    };
    return retryLostRace(
      () => (lost || retrying.has(streamId) ? retrying.after(streamId, attempt) : attempt()),
      // a lost append re-reads the stream and decides again (maxRetries re-runs after the first)
      {
        maxAttempts: maxRetries + 1,
        isLost: (error) => {
          if (!(error instanceof ConcurrencyError)) return false;
          lost = true;
          return true;
        },
      },
    );
  };
}

/** streamId → its folded state at `revision`, up to `size` streams, the least recently used dropped first */
function foldedStates<State>(size: number) {
  const states = size > 0 ? new LRUCache<string, { revision: number; state: State }>({ max: size }) : null;
  return {
    get: (streamId: string) => states?.get(streamId),
    remember(streamId: string, revision: number | undefined, state: State) {
      if (!states || revision === undefined) return;
      const known = states.get(streamId);
      if (known && known.revision > revision) return; // a newer one is kept already
      states.set(streamId, { revision, state });
    },
  };
}

/** The stream's state folded from the cached one (when kept) and the events after it; the cache is updated. */
async function foldStream<State, Event extends DomainEvent>(
  eventStore: EventStore,
  decider: Pick<Decider<State, unknown, Event>, 'evolve' | 'initialState'>,
  states: ReturnType<typeof foldedStates<State>>,
  streamId: string,
): Promise<{ state: State; currentRevision: number | undefined }> {
  const cached = states.get(streamId);
  const stored = await eventStore.readStream(streamId, cached ? { fromRevision: cached.revision + 1 } : {});
  const state = stored.reduce(
    (s, e) => decider.evolve(s, { type: e.type, data: e.data } as Event),
    cached ? cached.state : decider.initialState(),
  );
  const currentRevision = stored.length ? stored[stored.length - 1]!.revision : cached?.revision;
  states.remember(streamId, currentRevision, state);
  return { state, currentRevision };
}

/** The append of a command's events (with its unit of work's writes), in a span whose trace travels with them. */
function appendTraced(
  to: { eventStore: EventStore; unitOfWork?: UnitOfWork },
  streamId: string,
  events: NewEvent[],
  { expectedRevision, writes }: { expectedRevision: number | 'no_stream'; writes: DocumentWrite[] },
) {
  return withSpan(
    `append ${streamCategory(streamId)}`,
    {
      attributes: {
        'db.operation.name': 'append',
        'punkto.stream.category': streamCategory(streamId),
        'punkto.event.types': events.map((e) => e.type).join(','),
      },
    },
    () => {
      // the append's trace travels with the events: relay's `send` span → bus headers → consumers
      const traceparent = currentTraceparent();
      const toAppend: NewEvent[] = events.map((e) => ({
        ...e,
        metadata: { traceparent, ...e.metadata },
      }));
      return to.unitOfWork
        ? to.unitOfWork.append({ streamId, events: toAppend, expectedRevision, writes: () => writes })
        : to.eventStore.appendToStream(streamId, toAppend, { expectedRevision });
    },
  );
}

/** `card` of `card-123`: the aggregate kind, never its id */
const streamCategory = (streamId: string) =>
  streamId.slice(0, Math.max(0, streamId.indexOf('-'))) || streamId;
