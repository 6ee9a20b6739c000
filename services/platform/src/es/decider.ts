/**
 * A decider (Chassaing / emmett): the pure heart of an event-sourced aggregate.
 * `decide` turns a command and the current state into new events (or throws a domain error);
 * `evolve` folds one event into the state. No IO, no clock: time arrives in the command's metadata.
 */
export interface Decider<State, Command, Event> {
  decide(command: Command, state: State): Event | Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

export function fold<State, Event>(
  decider: Pick<Decider<State, never, Event>, 'evolve' | 'initialState'>,
  events: Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}

export const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
