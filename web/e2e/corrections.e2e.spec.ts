import {
  activeAccount,
  eventually,
  invitedEmployee,
  logIn,
  logInAndJoin,
  ownerWithProgram,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
import { clientsList } from '../../scripts/testing/clients-list';
import { seriousAxeViolations } from '../../scripts/testing/axe';
import { layoutProblems } from '../../scripts/testing/layout';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

// Correcting a mistake at the counter, in a browser against the built product (issue 20, ADR 0016): 4250 typed
// for 42,50 is confirmed first (cancel awards nothing); confirmed by mistake, the owner voids it from the client's
// page with a reason. The client's card, the staff's history (who did what), the customer's live card and the
// customer's history all show the correction; an employee without the permission sees the history, not the action.

const { newPage } = useBrowser();
let owner: OwnerWithProgram;
let employee: Awaited<ReturnType<typeof invitedEmployee>>;

beforeAll(async () => {
  owner = await ownerWithProgram();
  employee = await invitedEmployee(owner, ['cards.scan', 'cards.award', 'clients.view']);
});

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

describe('correcting a mistaken award', () => {
  it('is confirmed first, then voided with a reason; both histories and the live card show it', async () => {
    // a customer with a card, watching it on the phone
    const email = uniqueEmail('klient');
    const customer = await activeAccount('customer', email, 'Jan Klient');
    const phone = await newPage({ viewport: PHONE, bypassCSP: true });
    await phone.goto(owner.program.enrolmentUrl);
    await logInAndJoin(phone, email);
    const number = await eventually('the card to be issued', async () => {
      const res = await customer.call('GET', '/api/v1/customers/my-cards');
      const { items } = (await res.json()) as { items: Array<{ humanReadableId: string }> };
      return items[0]?.humanReadableId;
    });
    await phone.goto('/klient/karty');
    const liveCard = phone.getByRole('article').first();
    await expect.poll(() => liveCard.getByTestId('card-balance').textContent()).toBe('0 pkt');

    // the owner at the till types 4250 for 42,50: asked first, cancelling awards nothing
    const till = await newPage({ viewport: PHONE, bypassCSP: true });
    await logIn(till, '/zaloguj', owner.email);
    await till.waitForURL((url) => url.pathname.startsWith('/panel'));
    await till.goto('/panel/skaner');
    await till.getByLabel('Numer karty, telefon, e-mail lub nazwisko').fill(number);
    await till.getByRole('button', { name: 'Szukaj' }).click();
    const scanned = till.getByRole('region', { name: 'Karta klienta' });
    await scanned.getByTestId('scanner-card-number').waitFor();
    await till.getByLabel('Kwota zakupu (zł)').fill('4250');
    await till.getByRole('button', { name: 'Przyznaj punkty' }).click();
    const confirm = till.getByRole('dialog', { name: 'Czy kwota jest poprawna?' });
    await confirm.getByRole('button', { name: 'Anuluj' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await scanned.getByTestId('scanner-balance').textContent()).toBe('0 pkt');
    // … and then confirmed by mistake
    await till.getByRole('button', { name: 'Przyznaj punkty' }).click();
    await confirm.getByRole('button', { name: /^Tak, 4\s?250,00 zł$/ }).click();
    await toast(till, 'Dodano 4\u00a0250 pkt').waitFor();
    await expect.poll(() => liveCard.getByTestId('card-balance').textContent()).toBe('4\u00a0250 pkt');

    // the owner opens the client's page: the card and its history with who awarded
    await till.goto(`/panel/klienci?szukaj=${encodeURIComponent(email)}`);
    await clientsList(till).getByRole('link', { name: 'Jan Klient' }).click();
    const clientCard = till.getByRole('region', { name: 'Karta lojalnościowa' });
    await expect
      .poll(() => clientCard.getByTestId('client-card-balance').textContent())
      .toBe('4\u00a0250 pkt');
    const history = till.getByRole('list', { name: 'Historia karty' });
    const award = history.getByRole('listitem').filter({ hasText: 'Przyznano 4\u00a0250 pkt' });
    await award.getByText('Kto: Anna Właścicielka (właściciel)').waitFor();
    expect(await layoutProblems(till)).toEqual([]);

    // void it with a reason
    await award.getByRole('button', { name: /^Anuluj wpis/ }).click();
    const dialog = till.getByRole('dialog', { name: 'Anulować ten wpis?' });
    await dialog.getByRole('button', { name: 'Tak, anuluj wpis' }).click();
    await dialog.getByText('Podaj powód korekty (co najmniej 3 znaki).').waitFor();
    await dialog.getByLabel('Powód korekty').fill('Pomyłka w kwocie: miało być 42,50 zł');
    await dialog.getByRole('button', { name: 'Tak, anuluj wpis' }).click();
    await toast(till, 'Wpis anulowany. Saldo karty zostało poprawione.').waitFor();
    await expect.poll(() => clientCard.getByTestId('client-card-balance').textContent()).toBe('0 pkt');
    await award.getByText('Anulowano', { exact: true }).waitFor();
    await award.getByText(/Powód: Pomyłka w kwocie: miało być 42,50 zł/).waitFor();
    expect(await award.getByRole('button', { name: /^Anuluj wpis/ }).count()).toBe(0);
    expect(await seriousAxeViolations(till)).toEqual([]);
    await history
      .getByRole('listitem')
      .filter({ hasText: 'Anulowano 4\u00a0250 pkt: Pomyłka w kwocie: miało być 42,50 zł' })
      .getByText('Kto: Anna Właścicielka (właściciel)')
      .waitFor();
    // the filter by kind finds the correction alone
    await till.getByRole('combobox', { name: 'Rodzaj' }).click();
    await till.getByRole('option', { name: 'Korekta', exact: true }).click();
    await expect.poll(() => history.getByRole('listitem').count()).toBe(1);

    // the customer's live card follows without a reload, and their history says what happened and why
    await expect.poll(() => liveCard.getByTestId('card-balance').textContent()).toBe('0 pkt');
    await phone.goto('/klient/historia');
    const mine = phone.getByRole('list', { name: 'Historia kart' });
    await mine.getByText('Anulowano 4\u00a0250 pkt: Pomyłka w kwocie: miało być 42,50 zł').waitFor();
    const voided = mine.getByRole('listitem').filter({ hasText: 'Przyznano 4\u00a0250 pkt' });
    await voided.getByText('Anulowano', { exact: true }).waitFor();
    expect(await mine.getByText('Kto:').count()).toBe(0); // customers are not told which employee
    expect(await layoutProblems(phone)).toEqual([]);
    expect(await seriousAxeViolations(phone)).toEqual([]);
  });

  it('an employee without the permission sees the history but cannot void', async () => {
    const email = uniqueEmail('klientka');
    const customer = await activeAccount('customer', email, 'Ola Klientka');
    const join = await newPage({ viewport: PHONE });
    await join.goto(owner.program.enrolmentUrl);
    await logInAndJoin(join, email);
    await eventually('the card to be issued', async () => {
      const res = await customer.call('GET', '/api/v1/customers/my-cards');
      return ((await res.json()) as { items: unknown[] }).items.length > 0 ? true : undefined;
    });

    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj', employee.email);
    await page.waitForURL((url) => url.pathname.startsWith('/panel'));
    await page.goto('/panel/skaner');
    await page.getByLabel('Numer karty, telefon, e-mail lub nazwisko').fill(email);
    await page.getByRole('button', { name: 'Szukaj' }).click();
    await page.getByRole('region', { name: 'Karta klienta' }).getByTestId('scanner-card-number').waitFor();
    await page.getByLabel('Kwota zakupu (zł)').fill('12');
    await page.getByRole('button', { name: 'Przyznaj punkty' }).click();
    await toast(page, 'Dodano 12 pkt').waitFor();

    await page.goto(`/panel/klienci?szukaj=${encodeURIComponent(email)}`);
    await clientsList(page).getByRole('link', { name: 'Ola Klientka' }).click();
    const entry = page
      .getByRole('list', { name: 'Historia karty' })
      .getByRole('listitem')
      .filter({ hasText: 'Przyznano 12 pkt' });
    await entry.getByText('Kto: Piotr Pracownik').waitFor();
    expect(await page.getByRole('button', { name: /^Anuluj wpis/ }).count()).toBe(0);
  });
});
