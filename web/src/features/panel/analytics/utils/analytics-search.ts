import {
  AnalyticsPreset,
  type AnalyticsQuery,
  ANALYTICS_MAX_RANGE_DAYS,
  daysBetweenInclusive,
} from '@punkto/contracts/analytics';
import { CustomerSegment } from '@punkto/contracts/customer-segments';
import { z } from 'zod';
import { textParam } from '../../../../lib/search-params';

/**
 * The analytics page's state in the URL (/panel/analityka?okres=90d&program=…&segment=vip, or
 * okres=custom&od=2026-03-01&do=2026-03-31), so a shared link or back/forward shows the same figures. Invalid
 * values fall back to the defaults; a custom range that the API would refuse falls back to 30 days.
 */
export const analyticsSearchDefaults = { okres: '30d' as AnalyticsPreset };

const LocalDate = z.iso.date();
export const AnalyticsSearch = z.object({
  okres: AnalyticsPreset.catch('30d').default('30d'),
  od: textParam(LocalDate).optional().catch(undefined),
  do: textParam(LocalDate).optional().catch(undefined),
  program: textParam(z.string().min(1).max(64)).optional().catch(undefined),
  segment: CustomerSegment.optional().catch(undefined),
});
export type AnalyticsSearch = z.infer<typeof AnalyticsSearch>;

/** The problem with a custom range, in Polish, or null. */
export function customRangeProblem(from: string | undefined, to: string | undefined): string | null {
  if (!from || !to) return 'Wybierz datę początkową i końcową.';
  if (to < from) return 'Data końcowa nie może być wcześniejsza niż początkowa.';
  if (daysBetweenInclusive(from, to) > ANALYTICS_MAX_RANGE_DAYS)
    return `Zakres dat może obejmować najwyżej ${ANALYTICS_MAX_RANGE_DAYS} dni.`;
  return null;
}

/** The URL state as the API query. */
export function toAnalyticsQuery(search: AnalyticsSearch): AnalyticsQuery {
  const custom = search.okres === 'custom' && !customRangeProblem(search.od, search.do);
  return {
    preset: custom ? 'custom' : search.okres === 'custom' ? '30d' : search.okres,
    ...(custom && { startDate: search.od!, endDate: search.do! }),
    ...(search.program && { loyaltyProgramId: search.program }),
    ...(search.segment && { customerSegment: search.segment }),
  };
}

/** The previous whole calendar month of `today` (`2026-03-15` → 2026-02-01 … 2026-02-28): the monthly summary. */
export function previousMonth(today: string): { od: string; do: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 2, 1));
  const last = new Date(Date.UTC(y, m - 1, 0));
  return { od: first.toISOString().slice(0, 10), do: last.toISOString().slice(0, 10) };
}
