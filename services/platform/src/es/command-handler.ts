import type { EventMetadata, EventStore, NewEvent } from '../event-store/event-store.port';
import { ConcurrencyError } from '../errors/errors';
import { retryLostRace } from '../errors/lost-race';
import { currentTraceparent, withSpan } from '../observability/tracing';
import type { Decider } from './decider';

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
  options: { maxRetries?: number; schemaVersion?: (event: Event) => number } = {},
) {
  const maxRetries = options.maxRetries ?? 5;
  return async (
    streamId: string,
    command: Command | CommandBuilder<State, Command>,
    metadata: EventMetadata = {},
  ): Promise<HandleResult<State, Event>> => {
    return retryLostRace(
      async () => {
        const stored = await eventStore.readStream(streamId);
        const state = stored.reduce(
          (s, e) => decider.evolve(s, { type: e.type, data: e.data } as Event),
          decider.initialState(),
        );
        const currentRevision = stored.length ? stored[stored.length - 1]!.revision : undefined;
        const built =
          typeof command === 'function'
            ? await (command as CommandBuilder<State, Command>)(state)
            : { command };
        const newEvents = built ? decider.decide(built.command, state) : [];
        const newState = newEvents.reduce(decider.evolve, state);
        if (newEvents.length === 0) return { newEvents, newState, nextExpectedRevision: currentRevision };
        const result = await withSpan(
          `append ${streamCategory(streamId)}`,
          {
            attributes: {
              'db.operation.name': 'append',
              'punkto.stream.category': streamCategory(streamId),
              'punkto.event.types': newEvents.map((e) => e.type).join(','),
            },
          },
          () => {
            // the append's trace travels with the events: relay's `send` span → bus headers → consumers
            const traced = { traceparent: currentTraceparent(), ...metadata };
            const toAppend: NewEvent[] = newEvents.map((e) => ({
              type: e.type,
              data: e.data,
              metadata: { ...traced, ...built?.metadata },
              ...(options.schemaVersion && { schemaVersion: options.schemaVersion(e) }),
            }));
            return eventStore.appendToStream(streamId, toAppend, {
              expectedRevision: currentRevision ?? 'no_stream',
            });
          },
        );
        return { newEvents, newState, nextExpectedRevision: result.nextExpectedRevision };
      },
      // a lost append re-reads the stream and decides again (maxRetries re-runs after the first)
      { maxAttempts: maxRetries + 1, isLost: (error) => error instanceof ConcurrencyError },
    );
  };
}

/** `card` of `card-123`: the aggregate kind, never its id */
const streamCategory = (streamId: string) =>
  streamId.slice(0, Math.max(0, streamId.indexOf('-'))) || streamId;
