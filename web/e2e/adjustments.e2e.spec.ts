import {
  activeAccount,
  eventually,
  logIn,
  logInAndJoin,
  ownerWithProgram,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';
import { DESKTOP, PHONE, useBrowser } from '../../scripts/testing/browser';
import { clientsList } from '../../scripts/testing/clients-list';
import { seriousAxeViolations } from '../../scripts/testing/axe';
import { layoutProblems } from '../../scripts/testing/layout';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

// Fixing what a void cannot (issue 33, ADR 0050), in a browser against the built product: 4 250 pkt awarded by
// mistake and partly spent on a reward are voided with "adjust the rest" — the card keeps nothing of the award and
// the reward stays — and a manual adjustment adds or takes away points with a reason. The client's card, the
// staff's history, the customer's live card and the customer's history all show it.

const { newPage } = useBrowser();
let owner: OwnerWithProgram;
let cakeRewardId: string;

beforeAll(async () => {
  owner = await ownerWithProgram({ rewards: [{ name: 'Tort urodzinowy', description: '', cost: 1000 }] });
  const programs = (await (
    await owner.client.call('GET', `/api/v1/tenants/${owner.tenantId}/loyalty-programs`)
  ).json()) as { items: Array<{ id: string; rewards: Array<{ id: string }> }> };
  cakeRewardId = programs.items.find((p) => p.id === owner.program.id)!.rewards[0]!.id;
});

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

async function post(path: string, body: object) {
  const res = await owner.client.call('POST', path, body, { 'idempotency-key': crypto.randomUUID() });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** a customer who joined on the phone and is watching the card live; their card's id */
async function customerWatchingTheCard(name: string) {
  const email = uniqueEmail('klient');
  const customer = await activeAccount('customer', email, name);
  const phone = await newPage({ viewport: PHONE, bypassCSP: true });
  await phone.goto(owner.program.enrolmentUrl);
  await logInAndJoin(phone, email);
  const cardId = await eventually('the card to be issued', async () => {
    const res = await customer.call('GET', '/api/v1/customers/my-cards');
    return ((await res.json()) as { items: Array<{ cardId: string }> }).items[0]?.cardId;
  });
  await phone.goto('/klient/karty');
  const liveCard = phone.getByRole('article').first();
  return { email, phone, liveCard, cardId };
}

async function clientPage(page: Page, email: string, name: string) {
  await logIn(page, '/zaloguj', owner.email);
  await page.waitForURL((url) => url.pathname.startsWith('/panel'));
  await page.goto(`/panel/klienci?szukaj=${encodeURIComponent(email)}`);
  await clientsList(page).getByRole('link', { name }).click();
  return page.getByRole('region', { name: 'Karta lojalnościowa' });
}

describe('fixing a partly spent award and adjusting by hand', () => {
  it('voids 4 250 pkt with 1 000 spent by "adjust the rest": the card ends at 0 and the reward stays', async () => {
    const { email, phone, liveCard, cardId } = await customerWatchingTheCard('Jan Tortowy');
    await post(`/api/v1/cards/${cardId}/points-from-amount`, { amountGrosze: 425_000 });
    await post(`/api/v1/cards/${cardId}/redeem-reward`, { rewardId: cakeRewardId });
    await expect.poll(() => liveCard.getByTestId('card-balance').textContent()).toBe('3\u00a0250 pkt');

    const till = await newPage({ viewport: PHONE, bypassCSP: true });
    const clientCard = await clientPage(till, email, 'Jan Tortowy');
    await expect
      .poll(() => clientCard.getByTestId('client-card-balance').textContent())
      .toBe('3\u00a0250 pkt');
    const history = till.getByRole('list', { name: 'Historia karty' });
    const award = history.getByRole('listitem').filter({ hasText: 'Przyznano 4\u00a0250 pkt' });
    await award.getByRole('button', { name: /^Anuluj wpis/ }).click();
    const dialog = till.getByRole('dialog', { name: 'Anulować ten wpis?' });
    await dialog.getByLabel('Powód korekty').fill('Miało być 42,50 zł');
    await dialog.getByRole('button', { name: 'Tak, anuluj wpis' }).click();
    // the whole cannot be taken back: the dialog says why and offers the rest
    const why = dialog.getByTestId('void-partly-spent');
    await why.getByText(/do odjęcia 4\s250 pkt, na karcie 3\s250 pkt/).waitFor();
    expect(await seriousAxeViolations(till)).toEqual([]);
    await dialog.getByRole('button', { name: 'Anuluj i skoryguj resztę' }).click();
    await toast(till, 'Wpis anulowany. Z karty zniknęło to, co z niego zostało').waitFor();

    await expect.poll(() => clientCard.getByTestId('client-card-balance').textContent()).toBe('0 pkt');
    await award.getByText('Anulowano', { exact: true }).waitFor();
    await history
      .getByRole('listitem')
      .filter({
        hasText: 'Korekta salda: dodano 1\u00a0000 pkt (wydana część anulowanego przyznania zostaje)',
      })
      .getByText('Kto: Anna Właścicielka (właściciel)')
      .waitFor();
    await history
      .getByRole('listitem')
      .filter({ hasText: 'Anulowano 4\u00a0250 pkt: Miało być 42,50 zł' })
      .waitFor();
    const reward = history.getByRole('listitem').filter({ hasText: 'Odebrano nagrodę „Tort urodzinowy”' });
    expect(await reward.getByText('Anulowano', { exact: true }).count()).toBe(0);
    expect(await layoutProblems(till)).toEqual([]);

    // the customer's live card follows; their history tells what happened
    await expect.poll(() => liveCard.getByTestId('card-balance').textContent()).toBe('0 pkt');
    await phone.goto('/klient/historia');
    const mine = phone.getByRole('list', { name: 'Historia kart' });
    await mine.getByText('Anulowano 4\u00a0250 pkt: Miało być 42,50 zł').waitFor();
    await mine
      .getByText(
        'Korekta salda: dodano 1\u00a0000 pkt (wydana część anulowanego przyznania zostaje): Miało być 42,50 zł',
      )
      .waitFor();
    expect(await layoutProblems(phone)).toEqual([]);
  });

  it('adds and takes away points with a reason; never below zero', async () => {
    const { email, liveCard } = await customerWatchingTheCard('Ola Papierowa');
    const page = await newPage({ viewport: DESKTOP, bypassCSP: true });
    const clientCard = await clientPage(page, email, 'Ola Papierowa');
    await clientCard.getByRole('button', { name: 'Korekta salda' }).click();
    const dialog = page.getByRole('dialog', { name: 'Korekta salda' });
    await dialog.getByText('Na karcie: 0 pkt.').waitFor();
    await dialog.getByRole('button', { name: 'Zapisz korektę' }).click();
    await dialog.getByText('Podaj powód korekty (co najmniej 3 znaki).').waitFor();
    await dialog.getByLabel('Ile punktów').fill('150');
    await dialog.getByLabel('Powód korekty').fill('Punkty z papierowej karty');
    await dialog.getByRole('button', { name: 'Zapisz korektę' }).click();
    await toast(page, 'Saldo karty poprawione.').waitFor();
    await expect.poll(() => clientCard.getByTestId('client-card-balance').textContent()).toBe('150 pkt');
    await expect.poll(() => liveCard.getByTestId('card-balance').textContent()).toBe('150 pkt');
    await page
      .getByRole('list', { name: 'Historia karty' })
      .getByText('Korekta salda: dodano 150 pkt: Punkty z papierowej karty')
      .waitFor();

    // taking away more than the card holds is refused in the dialog, nothing booked
    await clientCard.getByRole('button', { name: 'Korekta salda' }).click();
    await dialog.getByText('Odejmij punkty').click();
    await dialog.getByLabel('Ile punktów').fill('200');
    await dialog.getByLabel('Powód korekty').fill('Pomyłka');
    await dialog.getByRole('button', { name: 'Zapisz korektę' }).click();
    await dialog.getByText('Nie można odjąć 200 pkt: na karcie jest 150 pkt.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByLabel('Ile punktów').fill('50');
    await dialog.getByRole('button', { name: 'Zapisz korektę' }).click();
    await toast(page, 'Saldo karty poprawione.').waitFor();
    await expect.poll(() => clientCard.getByTestId('client-card-balance').textContent()).toBe('100 pkt');
    await expect.poll(() => liveCard.getByTestId('card-balance').textContent()).toBe('100 pkt');
  });
});
