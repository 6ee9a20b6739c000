import { strFromU8, unzipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeAccount,
  eventually,
  logIn,
  ownerWithProgram,
  unique,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';
import { seriousAxeViolations } from '../../scripts/testing/axe';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
import type { CookieClient } from '../../scripts/testing/http-client';
import { layoutProblems } from '../../scripts/testing/layout';

// „Pobierz moje dane” (issue 32, ADR 0045), in a browser against the built product: a customer with a card,
// an award in the history, a message from the company and a survey the visit started downloads the ZIP from
// /klient/ustawienia; the test unzips it and reads dane.json and podsumowanie.txt.

const { newPage } = useBrowser();

const COMPANY = 'Kawiarnia Pod Lipą';
const customer = { email: '', name: 'Ewa Eksportowa' };
const messageTitle = `Sernik w sobotę ${unique()}`.slice(0, 50);
const messageBody = 'W sobotę sernik z naszej piekarni — zapraszamy od 9:00.';
let owner: OwnerWithProgram;
let customerClient: CookieClient;

async function json<T>(client: CookieClient, path: string): Promise<T> {
  const res = await client.call('GET', path);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}

beforeAll(async () => {
  owner = await ownerWithProgram();
  customer.email = uniqueEmail('klient');
  customerClient = await activeAccount('customer', customer.email, customer.name);
  // the owner enrols the customer (who agreed to the company's e-mails): the card comes through the bus
  const created = await owner.client.call('POST', `/api/v1/tenants/${owner.tenantId}/create-client`, {
    email: customer.email,
    name: customer.name,
    programId: owner.program.id,
    marketingConsent: true,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { clientId } = (await created.json()) as { clientId: string };
  const cardId = await eventually('the customer’s card', async () => {
    const cards = await json<{ items: { cardId: string }[] }>(customerClient, '/api/v1/customers/my-cards');
    return cards.items[0]?.cardId;
  });

  // a visit: 42 pkt for a 42,50 zł purchase (a history entry, and a survey the visit starts)
  const awarded = await owner.client.call(
    'POST',
    `/api/v1/cards/${cardId}/points-from-amount`,
    { amountGrosze: 4250 },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(awarded.status, await awarded.clone().text()).toBe(200);

  // a message by e-mail (the quiet hours do not hold e-mail) to this one customer
  const sent = await owner.client.call('POST', `/api/v1/notifications/tenants/${owner.tenantId}/campaigns`, {
    title: messageTitle,
    body: messageBody,
    audience: { kind: 'customer', clientId },
    channels: { wallet: false, email: true },
    sendAt: null,
  });
  expect(sent.status, await sent.clone().text()).toBe(201);

  // everything has reached the services the portal asks
  await eventually(
    'the message in the customer’s inbox',
    async () => {
      const inbox = await json<{ messages: { title: string }[] }>(
        customerClient,
        '/api/v1/notifications/my-messages',
      );
      return inbox.messages.some((m) => m.title === messageTitle) || undefined;
    },
    60_000,
  );
  await eventually('the visit’s survey', async () => {
    const surveys = await json<{ invitations: unknown[] }>(
      customerClient,
      '/api/v1/surveys/my-participation',
    );
    return surveys.invitations.length > 0 || undefined;
  });
  await eventually('the award in the history', async () => {
    const history = await json<{ items: { type: string }[] }>(customerClient, '/api/v1/customers/my-history');
    return history.items.some((entry) => entry.type === 'points_earned') || undefined;
  });
});

async function openSettings(page: Page) {
  await logIn(page, '/zaloguj?type=customer', customer.email);
  await page.waitForURL((url) => url.pathname === '/klient');
  await page.goto('/klient/ustawienia');
  await page.getByRole('heading', { name: 'Twoje dane', level: 2 }).waitFor();
}

type Exported = {
  exportedAt: string;
  profile: { email: string; username: string };
  preferences: { marketingConsent: boolean; surveys: boolean };
  cards: Array<{ companyName: string; points: number; qrPayload?: string }>;
  history: Array<{ type: string; points: number; description: string }>;
  messages: Array<{ title: string; body: string; companyName: string }>;
  surveys: Array<{ companyName: string; visitAt: string }>;
};

describe('„Pobierz moje dane”', () => {
  it('the customer downloads a ZIP with dane.json and podsumowanie.txt holding their data', async () => {
    const page = await newPage();
    await openSettings(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Pobierz moje dane' }).click(),
    ]);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(new Date());
    expect(download.suggestedFilename()).toBe(`punkto-moje-dane-${today}.zip`);
    const files = unzipSync(new Uint8Array(await readFile(await download.path())));
    expect(Object.keys(files).sort()).toEqual(['dane.json', 'podsumowanie.txt']);

    const data = JSON.parse(strFromU8(files['dane.json']!)) as Exported;
    expect(Date.parse(data.exportedAt)).toBeGreaterThan(Date.now() - 120_000);
    expect(data.profile).toMatchObject({ email: customer.email, username: customer.name });
    expect(data.preferences).toMatchObject({ surveys: true });
    expect(data.cards).toHaveLength(1);
    expect(data.cards[0]).toMatchObject({ companyName: COMPANY, points: 42 });
    expect(data.cards[0]).not.toHaveProperty('qrPayload');
    // the award, and the card's issue before it (newest first)
    expect(data.history.map((entry) => [entry.type, entry.points])).toEqual([
      ['points_earned', 42],
      ['card_issued', null],
    ]);
    expect(data.messages).toEqual([
      expect.objectContaining({ title: messageTitle, body: messageBody, companyName: COMPANY }),
    ]);
    expect(data.surveys).toEqual([expect.objectContaining({ companyName: COMPANY })]);

    const summary = strFromU8(files['podsumowanie.txt']!);
    expect(summary).toContain(`Imię i nazwisko: ${customer.name}`);
    expect(summary).toContain(`E-mail: ${customer.email}`);
    expect(summary).toMatch(
      new RegExp(
        `- ${COMPANY} — Kawa za punkty: saldo 42 pkt; karta nr \\d{4} \\d{4} \\d{2}, aktywna, .*wpisów w historii: 2`,
      ),
    );
    expect(summary).toContain(`„${messageTitle}”`);
    expect(summary).toContain('ANKIETY PO WIZYCIE (1)');
    expect(summary).toContain('Odpowiedzi na ankiety są anonimowe');
    // the progress line is gone and no error is shown
    await page
      .getByRole('button', { name: 'Pobierz moje dane' })
      .and(page.locator(':not([data-loading])'))
      .waitFor();
    expect(await page.getByText('Nie udało się przygotować pliku').count()).toBe(0);
  });

  it('a failed call shows a Polish error and saves no file', async () => {
    const page = await newPage();
    await openSettings(page);
    await page.route('**/api/v1/notifications/my-messages?*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'Service Unavailable',
          localizedMessage: 'Usługa jest chwilowo niedostępna.',
        }),
      }),
    );
    let downloaded = false;
    page.on('download', () => {
      downloaded = true;
    });
    await page.getByRole('button', { name: 'Pobierz moje dane' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Nie udało się przygotować pliku' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Nic nie zostało pobrane.');
    expect(await alert.textContent()).toContain('Usługa jest chwilowo niedostępna.');
    expect(downloaded).toBe(false);
  });

  it('on a 390×844 phone the section is there and its button fits', async () => {
    const page = await newPage({ viewport: PHONE, bypassCSP: true });
    await openSettings(page);
    const button = page.getByRole('button', { name: 'Pobierz moje dane' });
    await button.scrollIntoViewIfNeeded();
    expect(await button.isVisible()).toBe(true);
    const box = await button.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await layoutProblems(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
