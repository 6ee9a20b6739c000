import { MESSAGE_DUPLICATE_WINDOW_HOURS, type MessageAudience } from '@punkto/contracts/messages';

/**
 * The company's limits on campaigns (pure; ADR 0027):
 * - at most `limit` campaigns (not cancelled) START in any 7 consecutive days (a rolling window by start time,
 *   so a campaign scheduled for next week counts in next week's windows, and a cancelled one counts nowhere);
 * - the same title and text to the same audience within 24 h (by creation) is a duplicate.
 */
export const WEEK_MS = 7 * 86_400_000;
const DUPLICATE_MS = MESSAGE_DUPLICATE_WINDOW_HOURS * 3_600_000;

export interface OtherCampaign {
  status: 'scheduled' | 'sending' | 'sent' | 'cancelled';
  startsAt: string;
  createdAt: string;
  title: string;
  body: string;
  audience: MessageAudience;
}

/** one key per audience, whatever the order of its fields */
export function audienceKey(audience: MessageAudience): string {
  switch (audience.kind) {
    case 'all':
      return 'all';
    case 'segment':
      return `segment:${audience.segment}`;
    case 'program':
      return `program:${audience.programId}`;
    case 'customer':
      return `customer:${audience.clientId}`;
  }
}

const counting = (others: readonly OtherCampaign[]) =>
  others.filter((c) => c.status !== 'cancelled').map((c) => Date.parse(c.startsAt));

/**
 * The most campaigns any 7-day window that contains `at` already holds. The fullest such window starts at
 * one of the campaigns within the 7 days before `at` (or at `at`): moving a window's start to the right only
 * loses a campaign when it passes one.
 */
export function campaignsAround(at: Date, others: readonly OtherCampaign[]): number {
  const t = at.getTime();
  const starts = counting(others);
  const edges = [t, ...starts.filter((s) => s > t - WEEK_MS && s <= t)];
  let most = 0;
  for (const w of edges) {
    let n = 0;
    for (const s of starts) if (s >= w && s < w + WEEK_MS) n++;
    most = Math.max(most, n);
  }
  return most;
}

/** Whether one more campaign may start at `at`. */
export const withinWeeklyLimit = (at: Date, others: readonly OtherCampaign[], limit: number) =>
  campaignsAround(at, others) < limit;

/** The earliest moment from `now` on at which another campaign may start; null when one may start now. */
export function nextSlot(now: Date, others: readonly OtherCampaign[], limit: number): Date | null {
  if (withinWeeklyLimit(now, others, limit)) return null;
  const candidates = counting(others)
    .map((s) => s + WEEK_MS)
    .filter((t) => t > now.getTime())
    .sort((a, b) => a - b);
  for (const t of candidates) if (withinWeeklyLimit(new Date(t), others, limit)) return new Date(t);
  return null;
}

/** Whether the same title and text went to the same audience within the last 24 h (not cancelled). */
export function isDuplicate(
  now: Date,
  draft: { title: string; body: string; audience: MessageAudience },
  others: readonly OtherCampaign[],
): boolean {
  const key = audienceKey(draft.audience);
  return others.some(
    (c) =>
      c.status !== 'cancelled' &&
      now.getTime() - Date.parse(c.createdAt) < DUPLICATE_MS &&
      c.title === draft.title &&
      c.body === draft.body &&
      audienceKey(c.audience) === key,
  );
}
