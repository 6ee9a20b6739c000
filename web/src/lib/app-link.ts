type Click = Pick<MouseEvent, 'defaultPrevented' | 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>;
type Anchor = Pick<HTMLAnchorElement, 'target' | 'origin' | 'hasAttribute'>;

/** A left click nobody has handled yet, without a modifier key (those ask for a new tab or window, or a download). */
export function isPlainClick(event: Click): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  return !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
}

/**
 * A link the app can open itself (a router navigation instead of a page load): same origin, same tab, not a
 * download. For markup React does not own, where TanStack Router's `Link` cannot make these checks.
 */
export function opensInApp(anchor: Anchor, origin: string = window.location.origin): boolean {
  return !anchor.target && !anchor.hasAttribute('download') && anchor.origin === origin;
}
