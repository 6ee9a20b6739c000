/**
 * Monday (Europe/Warsaw) of the week `at` falls in, as `YYYY-MM-DD`: the only time an anonymous answer keeps
 * (SurveyResponseRecordedData.visitWeek). THE Warsaw calendar (contracts/warsaw-time.ts).
 */
export { warsawWeekOf } from '@punkto/contracts/warsaw-time';
