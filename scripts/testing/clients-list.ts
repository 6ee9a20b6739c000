import type { Locator, Page } from 'playwright-core';

/**
 * The panel's clients list (/panel/klienci, ADR 0054): one person per row of the table on a wide screen, one card
 * per person in a list on a phone — both named „Klienci”, a person's entry named by (or holding) their name.
 */
export const clientsList = (page: Page): Locator =>
  page.getByRole('table', { name: 'Klienci' }).or(page.getByRole('list', { name: 'Klienci' }));

/** one person's row (table) or card (phone) */
export const clientEntry = (page: Page, name: string | RegExp): Locator =>
  clientsList(page).getByRole('row', { name }).or(clientsList(page).getByRole('listitem', { name }));
