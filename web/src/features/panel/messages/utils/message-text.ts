import { MESSAGE_BODY_MAX, MESSAGE_LOCK_SCREEN_VISIBLE, MESSAGE_TITLE_MAX } from '@punkto/contracts/messages';
import { plural } from '../../../../lib/format';

/**
 * The text of a message as each channel shows it, and the counters of the compose form. Lengths count what the
 * server counts (zod's `max` on the trimmed string: UTF-16 units), so the counter and the refusal agree.
 */

export type Counter = { length: number; max: number; over: boolean; label: string };

function counter(text: string, max: number): Counter {
  const length = text.trim().length;
  return {
    length,
    max,
    over: length > max,
    label: `${length}/${max} ${plural(max, 'znak', 'znaki', 'znaków')}`,
  };
}

export const titleCounter = (title: string) => counter(title, MESSAGE_TITLE_MAX);
export const bodyCounter = (body: string) => counter(body, MESSAGE_BODY_MAX);

/** More text than an iPhone's lock screen shows: the rest is read after opening the card. */
export function exceedsLockScreen(body: string): boolean {
  return body.trim().length > MESSAGE_LOCK_SCREEN_VISIBLE;
}

/**
 * The text as the lock-screen notice shows it: whitespace runs folded (a notice has no blank lines), cut
 * after about MESSAGE_LOCK_SCREEN_VISIBLE characters at the last word boundary, with an ellipsis.
 */
export function lockScreenText(body: string): { text: string; cut: boolean } {
  const folded = body.trim().replace(/\s+/g, ' ');
  if (folded.length <= MESSAGE_LOCK_SCREEN_VISIBLE) return { text: folded, cut: false };
  const head = folded.slice(0, MESSAGE_LOCK_SCREEN_VISIBLE);
  const lastSpace = head.lastIndexOf(' ');
  const cutAt = lastSpace > MESSAGE_LOCK_SCREEN_VISIBLE * 0.6 ? lastSpace : MESSAGE_LOCK_SCREEN_VISIBLE;
  return { text: `${head.slice(0, cutAt).trimEnd()}…`, cut: true };
}
