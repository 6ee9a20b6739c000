import { Topics } from '@punkto/contracts/topics';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { extractPdfText } from '../../services/billing/src/testing/pdf-text';
import { SqliteMessageBus } from '../../services/platform/src/bus/sqlite-message-bus';
import {
  activeAccount,
  eventually,
  logIn,
  logInAndJoin,
  ownerWithProgram,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
import { seriousAxeViolations } from '../../scripts/testing/axe';
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
    // what happens to the trial, said as it happens (issue 32): the paid period starts after it
    await page.getByText(/Opłacony okres zacznie się, gdy skończy się okres próbny/).waitFor();
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
    const number = (await invoices.getByText(/^FV\/[BCDFGHJKLMNPQRSTVWXZ]{6}\/\d{4}\/\d{4}$/).textContent())!;
    expect(await invoices.textContent()).toContain('384 zł');

    // the VAT invoice as a PDF, read as text
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      invoices.getByRole('button', { name: `Pobierz PDF faktury ${number}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Faktura-${number.replace(/\//g, '-')}.pdf`);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const { text } = await extractPdfText(new Uint8Array(Buffer.concat(chunks)));
    for (const expected of [number, 'Kawiarnia Pod Lipą', owner.nip, '312,20', '71,80', '384,00'])
      expect(text).toContain(expected);
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

  it('the subscription screens have no serious or critical axe violations', async () => {
    const page = await newPage({ bypassCSP: true });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname.startsWith('/panel'));
    const problems: string[] = [];
    for (const [path, heading] of [
      ['/subskrypcja/wybor', 'Wybierz plan'],
      ['/subskrypcja/zarzadzaj', 'Subskrypcja'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByRole('region').first().waitFor();
      problems.push(...(await seriousAxeViolations(page)).map((p) => `${path}: ${p}`));
    }
    expect(problems).toEqual([]);
  });
});

describe('a lapsed subscription', () => {
  it('leaves the customer’s card working: seen in the portal, points awarded; the panel refuses changes', async () => {
    const lapsing = await ownerWithProgram();
    const email = uniqueEmail('klient');
    await activeAccount('customer', email, 'Jan Klient');
    const page = await newPage({ viewport: PHONE });
    await page.goto(lapsing.program.enrolmentUrl);
    await logInAndJoin(page, email);
    await page.goto('/klient/karty');
    const card = page.getByRole('article', { name: 'Kawiarnia Pod Lipą' });
    await card.waitFor({ timeout: 30_000 });
    const number = (await card.getByTestId('card-number').textContent())?.trim() ?? '';

    // what billing publishes when the trial ends unpaid (its own tests run that at a controlled clock): the
    // tenant's entitlement becomes read-only, on the product's bus
    const bus = SqliteMessageBus.open(join(inject('dataDir'), 'bus.db'));
    const at = new Date().toISOString();
    const id = crypto.randomUUID();
    await bus.publish(Topics.billingSubscriptions, [
      {
        key: lapsing.tenantId,
        value: {
          id,
          type: 'SubscriptionLapsed',
          schemaVersion: 1,
          occurredAt: at,
          tenantId: lapsing.tenantId,
          aggregateId: lapsing.tenantId,
          correlationId: id,
          causationId: null,
          traceparent: null,
          data: {
            tenantId: lapsing.tenantId,
            at,
            reason: 'trial_ended',
            entitlement: {
              status: 'lapsed',
              planId: 'trial',
              customerLimit: 500,
              writable: false,
              periodEnd: at,
            },
          },
        },
      },
    ]);
    await bus.close();

    // the panel is read-only (probed with a change that changes nothing, until the lapse has arrived)
    const refused = await eventually('the panel to be read-only', async () => {
      const res = await lapsing.client.call('PATCH', `/api/v1/tenants/${lapsing.tenantId}/update-tenant`, {
        companyName: 'Kawiarnia Pod Lipą',
      });
      return res.status === 403
        ? ((await res.json()) as { code: string; localizedMessage: string })
        : undefined;
    });
    expect(refused.code).toBe('SUBSCRIPTION.LAPSED');
    expect(refused.localizedMessage).toContain('Karty Twoich klientów działają bez zmian');

    // the customer's card still works at the counter and in the portal
    const lookup = await lapsing.client.call(
      'GET',
      `/api/v1/cards?humanReadableId=${encodeURIComponent(number)}`,
    );
    expect(lookup.status).toBe(200);
    const { cardId } = (await lookup.json()) as { cardId: string };
    const awarded = await lapsing.client.call(
      'POST',
      `/api/v1/cards/${cardId}/points-from-amount`,
      { amountGrosze: 1500 },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(awarded.status, await awarded.clone().text()).toBe(200);
    await expect
      .poll(() => card.getByTestId('card-balance').textContent(), { timeout: 10_000 })
      .toBe('15 pkt');
    await page.reload();
    await page.getByRole('article', { name: 'Kawiarnia Pod Lipą' }).getByTestId('card-balance').waitFor();
    expect(
      await page
        .getByRole('article', { name: 'Kawiarnia Pod Lipą' })
        .getByTestId('card-balance')
        .textContent(),
    ).toBe('15 pkt');
  });
});
