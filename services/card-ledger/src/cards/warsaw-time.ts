import type { WarsawLocal } from '@punkto/contracts/warsaw-time';
import type { LimitPeriod } from '@punkto/contracts/programs';

/** Local time in Poland of an instant: THE Warsaw calendar (contracts/warsaw-time.ts). */
export { warsawLocal, type WarsawLocal } from '@punkto/contracts/warsaw-time';

/** The key of the calendar period (local) an instant falls in; `null` period → `all` (never renewed). */
export function periodKey(period: LimitPeriod | null, local: WarsawLocal): string {
  switch (period) {
    case 'day':
      return local.date;
    case 'week':
      return local.week;
    case 'month':
      return local.month;
    case null:
      return 'all';
  }
}
