import type { CardActivity } from '@punkto/contracts/cards';
import { ActivityType, activityTypeLabels } from '@punkto/contracts/card-activity';
import { formatPoints, formatStamps } from './format';

/** Signed change of an activity: „+12 pkt”, „−100 pkt”, „+1 pieczątka”; null when it moved no balance. */
export function activityAmountLabel(activity: Pick<CardActivity, 'points' | 'stamps'>): string | null {
  const signed = (n: number, label: string) => `${n > 0 ? '+' : '−'}${label}`;
  if (activity.points !== null && activity.points !== 0)
    return signed(activity.points, formatPoints(Math.abs(activity.points)));
  if (activity.stamps !== null && activity.stamps !== 0)
    return signed(activity.stamps, formatStamps(Math.abs(activity.stamps)));
  return null;
}

export const activityLabel = (type: ActivityType) => activityTypeLabels[type];

/** the kinds of history entries as filter options, „Wszystkie” first */
export const activityFilterOptions = [
  { value: '', label: 'Wszystkie' },
  ...ActivityType.options.map((value) => ({ value, label: activityTypeLabels[value] })),
];
