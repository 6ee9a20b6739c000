/**
 * A command to a decider: what is asked (`type`, `data`) and when (`metadata.now`). Deciders never read a
 * clock; the application layer stamps the command with the service's clock.
 */
export type Command<TType extends string = string, TData = unknown> = {
  type: TType;
  data: TData;
  metadata: { now: Date };
};

/**
 * A decider (Chassaing / emmett): the pure heart of an event-sourced aggregate.
 * `decide` turns a command and the current state into the new events (none, one or more; or throws a domain
 * error); `evolve` folds one event into the state. No IO, no clock: time arrives in the command's metadata.
 */
export interface Decider<State, C, Event> {
  decide(command: C, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

export function fold<State, Event>(
  decider: Pick<Decider<State, never, Event>, 'evolve' | 'initialState'>,
  events: Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}
