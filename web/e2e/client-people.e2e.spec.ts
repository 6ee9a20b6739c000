import type { Page } from 'playwright-core';
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
// once, and each programme leads to that card's client page — on a desktop and on a 390×844 phone.
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

describe('the clients list, one row per person', () => {
  for (const [device, viewport] of [
    ['a desktop', DESKTOP],
    ['a phone', PHONE],
  ] as const)
    it(`shows a customer of two programmes once, with both programmes, on ${device}`, async () => {
      const page = await ownerOnClients(viewport);
      const table = page.getByRole('table', { name: 'Klienci' });
      const row = table.getByRole('row', { name: new RegExp(NAME) });
      await row.waitFor();
      expect(await table.getByRole('row').count()).toBe(2); // the header and the one person
      await row.getByRole('link', { name: 'Kawa za punkty' }).waitFor();
      await row.getByRole('link', { name: 'Pieczątki na kawę' }).waitFor();
      await row.getByText('+48 600 300 400').waitFor();
      await row.getByText('Aktywny').waitFor();
      await table.getByRole('columnheader', { name: 'Programy' }).waitFor();
      await page.getByText('1 osoba', { exact: true }).waitFor();
      // on the phone nothing spills out of the screen: the table scrolls inside its box
      const pageWidth = await table.evaluate((el) => el.ownerDocument.documentElement.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(viewport.width);

      // the search finds the person once, by part of the name typed without Polish letters
      await page.getByLabel('Szukaj klienta').fill('dwukart');
      await page.waitForURL((url) => url.searchParams.get('szukaj') === 'dwukart');
      await row.waitFor();
      expect(await table.getByRole('row').count()).toBe(2);

      // each programme leads to that card's client page
      await row.getByRole('link', { name: 'Pieczątki na kawę' }).click();
      await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
      const data = page.getByRole('region', { name: 'Dane klienta' });
      await data.getByText('Pieczątki na kawę').waitFor();
      expect(await data.getByText('Kawa za punkty').count()).toBe(0);
    });
});
