import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeAccount,
  eventually,
  logIn,
  ownerWithProgram,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';
import { DESKTOP, PHONE, useBrowser } from '../../scripts/testing/browser';

// The clients list shows one row per person (issue 33, ADR 0054), against the built product (`npm run build`
// first): a customer in the café's points card and its stamp card is one row naming both programmes, counted
// once, and each programme leads to that card's client page — a table on a desktop, cards on a 390×844 phone.
const { newPage } = useBrowser();

let owner: OwnerWithProgram;
const email = uniqueEmail('dwie.karty');
const NAME = 'Dorota Dwukartowa';

beforeAll(async () => {
  owner = await ownerWithProgram();
  const stamps = await owner.client.call('POST', `/api/v1/tenants/${owner.tenantId}/loyalty-programs`, {
    kind: 'stamps',
    name: 'Pieczątki na kawę',
    stampsRequired: 10,
    rewards: [{ name: 'Kawa gratis', cost: 10 }],
  });
  expect(stamps.status, await stamps.clone().text()).toBe(201);
  const stampsId = ((await stamps.json()) as { id: string }).id;
  const customer = await activeAccount('customer', email, NAME);
  for (const programId of [owner.program.id, stampsId]) {
    const joined = await customer.call('POST', `/api/v1/tenants/${owner.tenantId}/join`, {
      programId,
      phone: '600 300 400',
    });
    expect(joined.status, await joined.clone().text()).toBe(201);
  }
  await eventually('both cards issued', async () => {
    const res = await customer.call('GET', '/api/v1/customers/my-cards');
    return ((await res.json()) as { items: unknown[] }).items.length === 2 ? true : undefined;
  });
});

async function ownerOnClients(viewport: { width: number; height: number }): Promise<Page> {
  const page = await newPage({ viewport });
  await logIn(page, '/zaloguj', owner.email);
  await page.waitForURL((url) => url.pathname.startsWith('/panel'));
  await page.goto('/panel/klienci');
  return page;
}

/** each programme leads to that card's client page, which names the person's other programme and leads to it */
async function openProgramme(page: Page, entry: Locator) {
  await entry.getByRole('link', { name: 'Pieczątki na kawę' }).click();
  await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
  const data = page.getByRole('region', { name: 'Dane klienta' });
  const cardRegion = page.getByRole('region', { name: 'Karta lojalnościowa' });
  await cardRegion.getByText('Program: Pieczątki na kawę').waitFor();
  await data.getByText('Inne programy tej osoby').waitFor();
  await data.getByRole('link', { name: 'Kawa za punkty' }).click();
  await cardRegion.getByText('Program: Kawa za punkty').waitFor();
  await data.getByRole('link', { name: 'Pieczątki na kawę' }).waitFor();
}

/** the element shows all of its text (nothing cut to „…”) */
const wholeText = (locator: Locator) => locator.evaluate((el) => el.scrollWidth <= el.clientWidth);

describe('the clients list, one row per person', () => {
  it('on a desktop: one table row with both programmes, counted once, found once', async () => {
    const page = await ownerOnClients(DESKTOP);
    const table = page.getByRole('table', { name: 'Klienci' });
    const row = table.getByRole('row', { name: new RegExp(NAME) });
    await row.waitFor();
    expect(await table.getByRole('row').count()).toBe(2); // the header and the one person
    await row.getByRole('link', { name: 'Kawa za punkty' }).waitFor();
    await row.getByRole('link', { name: 'Pieczątki na kawę' }).waitFor();
    await row.getByText('+48 600 300 400').waitFor();
    await row.getByText('Aktywny').waitFor();
    await table.getByRole('columnheader', { name: 'Programy' }).waitFor();
    // every column is in view without a sideways scroll, and the status reads whole (a badge ellipsises)
    expect(await wholeText(row.getByText('Aktywny'))).toBe(true);
    const shown = (await table.locator('xpath=..').boundingBox())!;
    const status = (await row.getByText('Aktywny').boundingBox())!;
    expect(status.x + status.width).toBeLessThanOrEqual(shown.x + shown.width);
    await page.getByText('1 osoba', { exact: true }).waitFor();

    // the search finds the person once, by part of the name typed without Polish letters
    await page.getByLabel('Szukaj klienta').fill('dwukart');
    await page.waitForURL((url) => url.searchParams.get('szukaj') === 'dwukart');
    await row.waitFor();
    expect(await table.getByRole('row').count()).toBe(2);
    await openProgramme(page, row);
  });

  it('on a 390×844 phone: one card with both programmes, sorted by a select, nothing off the screen', async () => {
    const page = await ownerOnClients(PHONE);
    const list = page.getByRole('list', { name: 'Klienci' });
    const card = list.getByRole('listitem', { name: NAME });
    await card.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(1);
    expect(await page.getByRole('table', { name: 'Klienci' }).count()).toBe(0);
    await card.getByText(email).waitFor();
    await card.getByText('+48 600 300 400').waitFor();
    await card.getByText('Aktywny').waitFor();
    expect(await wholeText(card.getByText('Aktywny'))).toBe(true);
    await card.getByRole('link', { name: 'Kawa za punkty' }).waitFor();
    await page.getByText('1 osoba', { exact: true }).waitFor();
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await card.evaluate((el) => el.ownerDocument.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );

    await page.getByLabel('Sortuj').selectOption({ label: 'Imię i nazwisko (A–Ż)' });
    await page.waitForURL(
      (url) => url.searchParams.get('sortuj') === 'name' && url.searchParams.get('kolejnosc') === 'rosnaco',
    );
    await card.waitFor();
    await openProgramme(page, card);
  });
});
