import { TimeZone } from '@punkto/contracts/integration-events';

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: TimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  weekday: 'short',
});
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * Monday (Europe/Warsaw) of the week `at` falls in, as `YYYY-MM-DD`: the only time an anonymous answer keeps
 * (SurveyResponseRecordedData.visitWeek). Pure.
 */
export function warsawWeekOf(at: Date): string {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  const local = Date.UTC(Number(p['year']), Number(p['month']) - 1, Number(p['day']));
  const sinceMonday = WEEKDAYS.indexOf(p['weekday']!);
  return new Date(local - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}
