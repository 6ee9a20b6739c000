import { beforeAll, describe, expect, it } from 'vitest';
import { eventually, logIn, ownerWithProgram, type OwnerWithProgram } from '../../scripts/testing/actors';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
import { layoutProblems } from '../../scripts/testing/layout';

// An owner on the 14-day trial becomes a paying customer in the browser, against the built product with the
// embedded sandbox provider: the days left in the panel, the yearly extended plan (with its savings), the
// sandbox's hosted checkout with a test card, the success page (only once billing booked the payment), and
// the plan, the saved card and the VAT invoice in /subskrypcja/zarzadzaj.
const { newPage } = useBrowser();

let owner: OwnerWithProgram;
beforeAll(async () => {
  owner = await ownerWithProgram();
  // billing starts the trial from TenantCreated on the bus
  await eventually('the trial', async () => {
    const res = await owner.client.call('GET', `/api/v1/tenants/${owner.tenantId}/tenant-subscription`);
    return res.status === 200 ? true : undefined;
  });
});

describe('subscription', () => {
  it('an owner on the trial sees the days left, buys the yearly extended plan in the sandbox and sees it', async () => {
    const page = await newPage();
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname.startsWith('/panel'));
    const banner = page.getByTestId('trial-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('zostało 14 dni');

    await banner.getByRole('link', { name: 'Wybierz plan' }).click();
    await page.waitForURL((url) => url.pathname === '/subskrypcja/wybor');
    const extended = page.getByRole('region', { name: 'Plan Rozszerzony' });
    await extended.getByText('Oszczędzasz 96 zł rocznie').waitFor();
    await page
      .getByRole('region', { name: 'Plan Podstawowy' })
      .getByText('Oszczędzasz 72 zł rocznie')
      .waitFor();
    expect(await extended.textContent()).toContain('384 zł');
    await extended.getByRole('button', { name: 'Wybieram Rozszerzony' }).click();

    await page.waitForURL((url) => url.pathname === '/subskrypcja/platnosc');
    expect(await page.getByTestId('amount').textContent()).toContain('384 zł');
    await page.getByRole('button', { name: 'Przejdź do płatności' }).click();

    // the sandbox's hosted checkout, served by billing through the gateway
    await page.waitForURL((url) => url.pathname.startsWith('/api/v1/payments/sandbox/checkout/'));
    await page.getByText('Środowisko testowe').waitFor();
    await page.getByLabel('Numer karty').fill('4444 3333 2222 1111');
    await page.getByLabel('Ważna do (MM/RR)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /Zapłać 384,00/ }).click();

    await page.waitForURL((url) => url.pathname === '/subskrypcja/sukces');
    await page.getByRole('heading', { name: 'Płatność przyjęta' }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Zarządzaj subskrypcją' }).click();

    await page.waitForURL((url) => url.pathname === '/subskrypcja/zarzadzaj');
    const plan = page.getByRole('region', { name: 'Twój plan' });
    await plan.getByRole('heading', { name: 'Plan Rozszerzony' }).waitFor();
    expect(await plan.textContent()).toContain('rocznie');
    expect(await plan.textContent()).toContain('Aktywna');
    const cards = page.getByRole('region', { name: 'Karty płatnicze' });
    await cards.getByText('444433******1111').waitFor();
    const invoices = page.getByRole('region', { name: 'Faktury' });
    await invoices.getByText(/^FV\/\d{4}\/\d{6}$/).waitFor();
    expect(await invoices.textContent()).toContain('384 zł');
    // the trial banner is gone
    expect(await page.getByTestId('trial-banner').count()).toBe(0);
  });

  it('the plan page works on a phone (390×844)', async () => {
    const other = await ownerWithProgram();
    await eventually('the trial', async () => {
      const res = await other.client.call('GET', `/api/v1/tenants/${other.tenantId}/tenant-subscription`);
      return res.status === 200 ? true : undefined;
    });
    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj', other.email);
    await page.waitForURL((url) => url.pathname.startsWith('/panel'));
    await page.goto('/subskrypcja/wybor');
    await page
      .getByRole('region', { name: 'Plan Rozszerzony' })
      .getByText('Oszczędzasz 96 zł rocznie')
      .waitFor();
    await page.getByText('Miesięcznie', { exact: true }).click();
    await page.getByRole('region', { name: 'Plan Rozszerzony' }).getByText('40 zł').waitFor();
    expect(await layoutProblems(page)).toEqual([]);
  });
});
