import type { ConsentStore } from './stores/consent-store';
import { reserveBannerSpace } from '../../lib/bottom-banner-space';
import {
  CONSENT_CATEGORIES,
  NECESSARY_ONLY,
  choiceSavedBy,
  isConsentSave,
  type ConsentCategory,
  type ConsentChoice,
} from './utils/consent-cookie';

let servedByPage = false;

/** Whether this page serves the consent dialog from its own markup (then the app renders none). */
export const consentDialogServedByPage = (): boolean => servedByPage;

/**
 * The consent dialog of a page rendered at build time (the landing page), working without the app: the build
 * puts the dialog's markup (CookieConsentPanel, rendered by React) in a `<template>`, and this shows a copy of
 * it whenever the store says the dialog is open, sets its switches from the stored choice, and saves what the
 * person picks. The switches are native checkboxes and need no script to toggle. The page keeps serving the
 * dialog this way once the app has started (the footer's "Ustawienia cookies" opens it through the same
 * store), so there is only ever one.
 */
export function serveConsentDialogFromMarkup(template: HTMLTemplateElement, store: ConsentStore): void {
  const markup = template.content.firstElementChild;
  if (!markup) throw new Error('Szablon okna cookies jest pusty');
  servedByPage = true;
  let dialog: HTMLElement | null = null;
  let releaseSpace = () => {};

  const switchOf = (root: HTMLElement, category: ConsentCategory) => {
    const input = root.querySelector(`input[name="${category}"]`);
    if (!(input instanceof HTMLInputElement)) throw new Error(`Brak przełącznika ${category}`);
    return input;
  };
  const choiceOf = (root: HTMLElement) =>
    Object.fromEntries(CONSENT_CATEGORIES.map((c) => [c, switchOf(root, c).checked])) as ConsentChoice;
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('[data-consent-save]') : null;
    const save = button?.getAttribute('data-consent-save');
    if (dialog && isConsentSave(save)) store.save(choiceSavedBy(save, choiceOf(dialog)));
  };

  const show = () => {
    const { dialogOpen, preferences } = store.getState();
    if (dialogOpen && !dialog) {
      dialog = markup.cloneNode(true) as HTMLElement;
      // opening (or reopening) shows the stored choice
      const stored = preferences ?? NECESSARY_ONLY;
      for (const category of CONSENT_CATEGORIES) switchOf(dialog, category).checked = stored[category];
      // reopened to change a choice: the categories are shown at once
      const details = dialog.querySelector('details');
      if (details) details.open = preferences !== null;
      dialog.addEventListener('click', onClick);
      document.body.append(dialog);
      releaseSpace = reserveBannerSpace(dialog);
    } else if (!dialogOpen && dialog) {
      releaseSpace();
      dialog.remove();
      dialog = null;
    }
  };
  store.subscribe(show);
  show();
}
