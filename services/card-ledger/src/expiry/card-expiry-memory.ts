import type { BalanceExpiredData, ExpiryWarningDueData } from '@punkto/contracts/integration-events';
import { warsawDayOf } from '@punkto/contracts/card-visits';

/** What a card remembers of its expiry (ADR 0062): the last expiry's date and the warnings already recorded. */
export interface ExpiryMemory {
  /** the Warsaw date of the card's latest BalanceExpired (inactivity counts from it too), else null */
  expiredOn: string | null;
  /** `<expiry date>/<days before>` of the ExpiryWarningDue recorded for expiries not yet past */
  warned: string[];
}

export const warningKey = (on: string, daysBefore: number) => `${on}/${daysBefore}`;

type Remembering = { expiry?: ExpiryMemory; points: number; stamps: number; updatedAt: string };

/** The card after its BalanceExpired (the balance the event carries) or its ExpiryWarningDue (remembered). */
export function expiryRemembered<S extends Remembering>(
  state: S,
  event:
    | { type: 'BalanceExpired'; data: BalanceExpiredData }
    | { type: 'ExpiryWarningDue'; data: ExpiryWarningDueData },
): S {
  const memory = state.expiry ?? { expiredOn: null, warned: [] };
  if (event.type === 'BalanceExpired') {
    const { balance, expiredOn, expiredAt } = event.data;
    return {
      ...state,
      points: balance.points,
      stamps: balance.stamps,
      expiry: { ...memory, expiredOn },
      updatedAt: expiredAt,
    };
  }
  const { on, daysBefore, dueAt } = event.data;
  const today = warsawDayOf(dueAt);
  // warnings of expiry dates already past are forgotten: the list stays as short as the pending expiries
  const warned = [...memory.warned.filter((key) => key.slice(0, 10) >= today), warningKey(on, daysBefore)];
  return { ...state, expiry: { ...memory, warned } };
}
