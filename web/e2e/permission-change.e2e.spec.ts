import {
  activeAccount,
  eventually,
  invitedEmployee,
  logIn,
  ownerWithProgram,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
import { layoutProblems } from '../../scripts/testing/layout';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

// Issue 32 (ADR 0038), in a browser on a phone against the built product: the employee's scanner is open when
// the owner takes „Przyznawanie punktów i pieczątek” away. The next award is refused with the Polish message and
// the award form gives way to a notice saying which permission is missing — the employee stays signed in and
// can still look cards up and hand out rewards. Given back, the next lookup brings the form back.

const { newPage, baseUrl } = useBrowser();
let owner: OwnerWithProgram;
let employee: Awaited<ReturnType<typeof invitedEmployee>>;
let cardNumber = '';

beforeAll(async () => {
  owner = await ownerWithProgram({
    rewards: [{ name: 'Kawa gratis', description: 'Dowolna kawa', cost: 100 }],
  });
  employee = await invitedEmployee(owner, ['cards.scan', 'cards.award', 'cards.redeem']);
  const customer = await activeAccount('customer', uniqueEmail('klient'), 'Jan Klient');
  const joined = await customer.call('POST', `/api/v1/tenants/${owner.tenantId}/join`, {
    programId: owner.program.id,
  });
  expect(joined.status, await joined.clone().text()).toBeLessThan(300);
  cardNumber = await eventually('the card to be issued', async () => {
    const res = await customer.call('GET', '/api/v1/customers/my-cards');
    const { items } = (await res.json()) as { items: Array<{ humanReadableId: string }> };
    return items[0]?.humanReadableId;
  });
});

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

async function setPermissions(permissions: string[]) {
  const res = await owner.client.call(
    'PATCH',
    `/api/v1/tenants/${owner.tenantId}/employees/${employee.id}/permissions`,
    { permissions },
  );
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Waits until the card ledger no longer accepts the page's current access token (the change arrived). */
async function untilTokenRefused(page: Page): Promise<number> {
  const access = (await page.context().cookies()).find((c) => c.name === 'punkto_access')?.value;
  expect(access, 'the scanner page is signed in').toBeTruthy();
  const started = performance.now();
  await eventually('the permission change to reach the card ledger', async () => {
    const res = await fetch(`${baseUrl}/api/v1/cards/search?email=nikt%40example.pl`, {
      headers: { cookie: `punkto_access=${access}` },
    });
    return res.status === 401 ? true : undefined;
  });
  return performance.now() - started;
}

async function findCard(page: Page) {
  await page.getByLabel('Numer karty, telefon, e-mail lub nazwisko').fill(cardNumber);
  await page.getByRole('button', { name: 'Szukaj' }).click();
  const card = page.getByRole('region', { name: 'Karta klienta' });
  await card.getByTestId('scanner-card-number').waitFor();
  return card;
}

describe('a permission taken while the scanner is open', () => {
  it('refuses the next award in Polish, says which permission is missing, keeps the employee signed in; given back, awards again', async () => {
    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj', employee.email);
    await page.waitForURL((url) => url.pathname.startsWith('/panel'));
    await page.goto('/panel/skaner');
    const card = await findCard(page);
    await page.getByLabel('Kwota zakupu (zł)').fill('12');
    await page.getByRole('button', { name: 'Przyznaj punkty' }).click();
    await toast(page, 'Dodano 12 pkt').waitFor();

    // the owner unticks „Przyznawanie punktów i pieczątek”; the scanner stays open
    await setPermissions(['cards.scan', 'cards.redeem']);
    expect(await untilTokenRefused(page)).toBeLessThan(5_000);
    await page.getByLabel('Kwota zakupu (zł)').fill('15');
    await page.getByRole('button', { name: 'Przyznaj punkty' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Operacja nieudana' });
    await refusal
      .getByText('Nie masz uprawnień do wykonania tej operacji. Skontaktuj się z właścicielem konta.')
      .waitFor();
    const missing = page.getByTestId('missing-cards.award');
    await missing.waitFor();
    expect(await missing.textContent()).toContain(
      'Nie masz uprawnienia „Przyznawanie punktów i pieczątek”. Jeśli go potrzebujesz, poproś właściciela firmy o jego nadanie.',
    );
    // no form that can only fail; nothing was booked; still signed in, on the scanner, rewards still there
    expect(await page.getByRole('button', { name: 'Przyznaj punkty' }).count()).toBe(0);
    expect(await card.getByTestId('scanner-balance').textContent()).toBe('12 pkt');
    expect(new URL(page.url()).pathname).toBe('/panel/skaner');
    expect(await page.getByRole('button', { name: 'Wydaj nagrodę' }).count()).toBe(1);
    expect(await layoutProblems(page)).toEqual([]);

    // given back: the next lookup refreshes the session and the form is there again
    await setPermissions(['cards.scan', 'cards.award', 'cards.redeem']);
    expect(await untilTokenRefused(page)).toBeLessThan(5_000);
    await page.getByRole('button', { name: 'Inna karta' }).click();
    await findCard(page);
    // all of this took about a second: the card's 2 s scan cooldown since the first award must pass first
    await page.waitForTimeout(2_100);
    await page.getByLabel('Kwota zakupu (zł)').fill('15');
    await page.getByRole('button', { name: 'Przyznaj punkty' }).click();
    await toast(page, 'Dodano 15 pkt').waitFor();
    expect(await page.getByTestId('missing-cards.award').count()).toBe(0);
    expect(
      await page.getByRole('region', { name: 'Karta klienta' }).getByTestId('scanner-balance').textContent(),
    ).toBe('27 pkt');
  });
});
