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

/**
 * The text of the Apple pass's message field, which the lock-screen notice shows: the title first, then the
 * text (`Tytuł: treść`, as the notification service writes it on the pass).
 */
export function walletText(title: string, body: string): string {
  const t = title.trim();
  const b = body.trim();
  return t && b ? `${t}: ${b}` : t || b;
}

/** More than an iPhone's lock screen shows: the rest is read on the card. */
export function exceedsLockScreen(title: string, body: string): boolean {
  return walletText(title, body).length > MESSAGE_LOCK_SCREEN_VISIBLE;
}

/**
 * The lock-screen notice's text: whitespace runs folded (a notice has no blank lines), cut after about
 * MESSAGE_LOCK_SCREEN_VISIBLE characters at the last word boundary, with an ellipsis.
 */
export function lockScreenText(title: string, body: string): { text: string; cut: boolean } {
  const folded = walletText(title, body).replace(/\s+/g, ' ');
  if (folded.length <= MESSAGE_LOCK_SCREEN_VISIBLE) return { text: folded, cut: false };
  const head = folded.slice(0, MESSAGE_LOCK_SCREEN_VISIBLE);
  const lastSpace = head.lastIndexOf(' ');
  const cutAt = lastSpace > MESSAGE_LOCK_SCREEN_VISIBLE * 0.6 ? lastSpace : MESSAGE_LOCK_SCREEN_VISIBLE;
  return { text: `${head.slice(0, cutAt).trimEnd()}…`, cut: true };
}
