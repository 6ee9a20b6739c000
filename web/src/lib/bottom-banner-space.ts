/**
 * The room the cookie banner takes at the bottom of the window, kept free while it is shown (issue 33, ADR
 * 0044): the page gets as much padding at its end, so nothing stays hidden behind the banner once scrolled down,
 * and `--cookie-banner-space` tells other things fixed or sticky at the bottom (the bug-report button, the
 * maintenance banner) how far up to sit. A primary control (a submit button, a filled button) that the banner
 * would cover when it appears, or when the page's content changes under it (the scanner's card found), is
 * brought above it by scrolling the page as much as needed — until the person scrolls or types themselves.
 */
export const BANNER_SPACE_VARIABLE = '--cookie-banner-space';

const PRIMARY_CONTROLS = 'button[type="submit"], [data-variant="filled"]';
const DIALOGS = '[role="dialog"], [role="alertdialog"], [aria-modal="true"]';
/** the page's header: a control brought up stays below it */
const HEADER_ROOM = 64;
/** space between a control brought up and the banner */
const GAP = 8;

/**
 * How far the page should scroll so that no primary control in view lies under the banner (0: none does). A
 * control that would end under the header once moved is left where it is.
 */
export function scrollToUncover(
  bannerTop: number,
  windowHeight: number,
  controls: readonly { top: number; bottom: number }[],
): number {
  let shift = 0;
  for (const { top, bottom } of controls) {
    if (bottom <= bannerTop || top >= windowHeight || bottom <= top) continue;
    const needed = Math.ceil(bottom - bannerTop + GAP);
    if (top - needed >= HEADER_ROOM) shift = Math.max(shift, needed);
  }
  return shift;
}

function uncoverPrimaryControls(banner: HTMLElement): void {
  const boxes = [...document.querySelectorAll<HTMLElement>(PRIMARY_CONTROLS)]
    .filter((el) => !banner.contains(el) && !el.closest(DIALOGS))
    .map((el) => el.getBoundingClientRect());
  const shift = scrollToUncover(banner.getBoundingClientRect().top, window.innerHeight, boxes);
  if (shift > 0) window.scrollBy({ top: shift, behavior: 'instant' });
}

export function reserveBannerSpace(banner: HTMLElement): () => void {
  const root = document.documentElement;
  let personScrolled = false;
  const scrolledByPerson = () => {
    personScrolled = true;
  };
  const uncover = () => {
    if (!personScrolled) uncoverPrimaryControls(banner);
  };
  const apply = () => {
    const height = `${Math.ceil(banner.getBoundingClientRect().height)}px`;
    root.style.setProperty(BANNER_SPACE_VARIABLE, height);
    document.body.style.paddingBottom = height;
    uncover();
  };
  apply();
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(apply) : undefined;
  observer?.observe(banner);
  // the page's content changing (a form's error, a card found) may put a primary control under the banner
  const content = document.getElementById('root');
  if (content) observer?.observe(content);
  // the person takes over (a wheel, a finger, the keyboard: arrows, Page Down, typing): the page never moves under them
  const personal = ['wheel', 'touchmove', 'keydown'] as const;
  for (const type of personal) window.addEventListener(type, scrolledByPerson, { passive: true });
  return () => {
    observer?.disconnect();
    for (const type of personal) window.removeEventListener(type, scrolledByPerson);
    root.style.removeProperty(BANNER_SPACE_VARIABLE);
    document.body.style.removeProperty('padding-bottom');
  };
}

/** `calc(<offset> + the banner's room)`: for a bottom offset that must clear the cookie banner. */
export const aboveBanner = (offset: string): string => `calc(${offset} + var(${BANNER_SPACE_VARIABLE}, 0px))`;
