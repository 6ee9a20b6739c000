import { expect } from 'vitest';
import type { Decider } from './decider';

/**
 * given/when/then for deciders (emmett's DeciderSpecification):
 *
 *   spec.given([StampAdded ×9]).when(AddStamp).then([StampAdded, RewardEarned])
 *   spec.given([]).when(Redeem).thenThrows(InsufficientPointsError)
 */
export function deciderSpecification<State, Command, Event>(decider: Decider<State, Command, Event>) {
  return {
    given(events: Event[]) {
      return {
        when(command: Command) {
          const run = () => {
            const state = events.reduce(decider.evolve, decider.initialState());
            return decider.decide(command, state);
          };
          return {
            then(expected: Event[]) {
              expect(run()).toEqual(expected);
            },
            thenNothingHappens() {
              expect(run()).toEqual([]);
            },
            thenThrows<E extends Error>(errorClass: new (...args: never[]) => E, check?: (error: E) => void) {
              let thrown: unknown;
              try {
                run();
              } catch (error) {
                thrown = error;
              }
              expect(thrown, 'expected the decider to throw').toBeInstanceOf(errorClass);
              check?.(thrown as E);
            },
          };
        },
      };
    },
  };
}
