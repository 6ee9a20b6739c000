import { appStarted } from './app/app-started';
import { mayHaveSession } from './features/auth/api/session-hint';
import { serveConsentDialogFromMarkup } from './features/cookie-consent/static-dialog';
import { consentStore } from './features/cookie-consent/stores/consent-store-instance';
import { CONSENT_DIALOG_PAINT, scheduleConsentPrompt } from './features/cookie-consent/utils/consent-cookie';
import { maintenanceBannerDismissal } from './features/maintenance/hooks/banner-dismissal';
import {
  MAINTENANCE_POLL_INTERVAL_MS,
  MAINTENANCE_STATUS_PATH,
} from './features/maintenance/api/maintenance-status-path';
import { API_BASE_URL } from './lib/api/api-base';
import { isPlainClick, opensInApp } from './lib/app-link';

/** The app's code, as the build's start script (vite.config.ts, start-after-paint) loads it. */
export type AppLoader = {
  /** fetches the app's chunks without running them */
  preload: () => Promise<void>;
  /** runs the app's chunks (main.tsx adopts the page); settles once they have run */
  start: () => Promise<void>;
};

/** A form sent before the app was there, and the button that sent it. */
type SentForm = { form: HTMLFormElement; submitter: HTMLElement | null };

/**
 * What the visitor did before this module had arrived (it is loaded after the first paint): the build's start
 * script holds a press on a button of the page, or a form sent, for it, rather than let it go nowhere.
 */
export type EarlyUse = { clicked?: HTMLElement; submitted?: SentForm };

/** What shows that someone is about to use the page, not just read it. */
const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * A page rendered at build time for a first-time visitor (the landing page, the blog, help, terms, login and
 * registration) is complete without the app: text, pictures, links, the forms' fields. So the app (React, the router, Mantine, the schemas) starts only when it is needed, and a
 * phone that only reads the page never spends its main thread on it:
 * - at once for a visitor who may be signed in (their header has an account menu), or for an address with a
 *   fragment (`/pomoc#…` opens that question);
 * - on the first sign of use: a touch, a press, a key, focus, the mouse over the page;
 * - when the platform is in maintenance (the app shows the banner; the status is polled as the app does, and
 *   the end of a maintenance resets the banner's dismissal as the app does).
 * Until then the page itself shows the cookie consent dialog (SPEC §2: 1 s after load, when no choice is
 * stored) from markup the build rendered with the app's own component. A click on a link or a button made
 * before the app was there is passed on to it once it has started (a link still opens if the app fails to), and
 * so is a form sent meanwhile. A form's fields can be typed into at once (focusing one starts the app); the
 * forms take over what their fields hold when the app adopts them (`useTypedBeforeStart`). A visitor who may be
 * signed in, or an address with a fragment, gets the app at once, with clicks and forms held the same way.
 */
export function startWhenNeeded(app: AppLoader, root: HTMLElement, early: EarlyUse = {}): void {
  // A page opened at a fragment may show something for it (help opens the question `/pomoc#…` names), which the
  // build's markup, rendered without one, does not.
  const atOnce = mayHaveSession() || window.location.hash !== '';
  const template = document.getElementById('cookie-consent-template');
  if (!atOnce && template instanceof HTMLTemplateElement) {
    serveConsentDialogFromMarkup(template, consentStore);
    scheduleConsentPrompt(consentStore.getState().preferences, consentStore.openDialog);
  }

  let starting = false;
  let clicked: HTMLElement | null = early.clicked ?? null;
  let submitted: SentForm | null = early.submitted ?? null;
  let stopMaintenancePoll = () => {};
  const start = () => {
    if (starting) return;
    starting = true;
    for (const type of INTENT_EVENTS) document.removeEventListener(type, start, true);
    document.removeEventListener('pointerover', onPointerOver, true);
    stopMaintenancePoll();
    app
      .start()
      .then(() => appStarted)
      .then(
        () => {
          document.removeEventListener('click', holdClick, true);
          document.removeEventListener('submit', holdSubmit, true);
          if (clicked?.isConnected) clicked.click();
          else if (submitted?.form.isConnected) submitFormAgain(submitted.form, submitted.submitter);
        },
        (error: unknown) => {
          document.removeEventListener('click', holdClick, true);
          document.removeEventListener('submit', holdSubmit, true);
          console.error('Nie udało się uruchomić aplikacji', error);
          if (clicked instanceof HTMLAnchorElement) window.location.assign(clicked.href);
        },
      );
  };
  const onPointerOver = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') start();
  };
  /** a click on the page's links, buttons and pickers (a select) waits for the app, which handles it as its own */
  const holdClick = (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    const target =
      event.target instanceof Element ? event.target.closest('a[href], button, [role="combobox"]') : null;
    if (!(target instanceof HTMLElement) || !root.contains(target)) return;
    if (target instanceof HTMLAnchorElement && (!opensInApp(target) || jumpsWithinPage(target))) return;
    event.preventDefault();
    clicked = target;
    start();
  };
  /**
   * A form of the page (login, registration) is the app's: sent before the app is there, it would go out as a
   * plain GET with its fields in the address. It is sent by the app once it has started instead. (A press on
   * the submit button, or Enter in a field, is a click on that button: held above.)
   */
  const holdSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement) || !root.contains(event.target)) return;
    event.preventDefault();
    submitted = { form: event.target, submitter: event.submitter };
    start();
  };
  const checkMaintenance = async () => {
    try {
      const response = await fetch(`${API_BASE_URL}${MAINTENANCE_STATUS_PATH}`, {
        headers: { accept: 'application/json' },
      });
      const body: unknown = response.ok ? await response.json() : null;
      if (typeof body !== 'object' || body === null || !('maintenanceMode' in body)) return;
      if (body.maintenanceMode === true) start();
      // as the app's banner does: once maintenance has ended, the next one is announced again
      if (body.maintenanceMode === false) maintenanceBannerDismissal.reset();
    } catch {
      // no answer: nothing to announce (the app's own poll keeps the last known state the same way)
    }
  };

  // clicks and forms are held from now on until the app has started, whenever it starts
  document.addEventListener('click', holdClick, true);
  document.addEventListener('submit', holdSubmit, true);
  if (atOnce || clicked || submitted) {
    start();
    return;
  }
  for (const type of INTENT_EVENTS) document.addEventListener(type, start, { capture: true, passive: true });
  document.addEventListener('pointerover', onPointerOver, { capture: true, passive: true });
  const watchMaintenance = () => {
    if (starting) return; // the app polls it from now on
    const maintenancePoll = setInterval(() => void checkMaintenance(), MAINTENANCE_POLL_INTERVAL_MS);
    stopMaintenancePoll = () => clearInterval(maintenancePoll);
    void checkMaintenance();
  };
  // The app's chunks (hundreds of kilobytes) download once the page is complete, and the maintenance status is
  // asked then too: on a first visit after the consent dialog has been painted (SPEC §2: 1 s after load), so
  // that on a slow line no request holds up the last thing the page paints by itself (Lighthouse's simulation
  // counts every request that ended before that paint into it). A start before that fetches the chunks at once.
  const watchAndPreload = () => {
    watchMaintenance();
    void app.preload();
  };
  if (template instanceof HTMLTemplateElement && consentStore.getState().preferences === null) {
    afterDialogPainted(watchAndPreload);
  } else {
    watchAndPreload();
  }
}

/**
 * Runs `then` once the consent dialog is on screen: when the browser reports its text painted (Element Timing,
 * `elementtiming` on the dialog's text; a `requestAnimationFrame` callback runs before the frame is presented,
 * and a request sent from there still ended before the paint), or a frame after it has opened where Element
 * Timing is missing; after 3 s should it not open, or its paint not be reported (a hidden tab).
 */
function afterDialogPainted(then: () => void) {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const run = () => {
    if (done) return;
    done = true;
    unsubscribe();
    observer?.disconnect();
    clearTimeout(fallback);
    setTimeout(then);
  };
  const reportsPaints =
    typeof PerformanceObserver === 'function' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes('element');
  if (reportsPaints) {
    observer = new PerformanceObserver((list) => {
      const painted = (entry: PerformanceEntry) =>
        'identifier' in entry && entry.identifier === CONSENT_DIALOG_PAINT;
      if (list.getEntries().some(painted)) run();
    });
    observer.observe({ type: 'element', buffered: true });
  }
  const unsubscribe = consentStore.subscribe(() => {
    if (consentStore.getState().dialogOpen && !reportsPaints) requestAnimationFrame(run);
  });
  const fallback = setTimeout(run, 3000);
}

/** Sends a form as its submitter would (the same button, so the same handler and the same values). */
function submitFormAgain(form: HTMLFormElement, submitter: HTMLElement | null) {
  if (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) {
    if (submitter.isConnected && submitter.form === form) {
      form.requestSubmit(submitter);
      return;
    }
  }
  form.requestSubmit();
}

/** A link to a place on this very page (`#…`): the browser scrolls there without the app. */
function jumpsWithinPage(anchor: HTMLAnchorElement): boolean {
  const { pathname, search } = window.location;
  return anchor.pathname === pathname && anchor.search === search && anchor.hash !== '';
}
