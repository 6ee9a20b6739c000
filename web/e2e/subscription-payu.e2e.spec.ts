import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakePayu, PAYU_TEST_CARDS } from '../../services/billing/src/testing/fake-payu';
import { eventually, logIn, ownerWithProgram, type OwnerWithProgram } from '../../scripts/testing/actors';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
import { seriousAxeViolations } from '../../scripts/testing/axe';
import { layoutProblems } from '../../scripts/testing/layout';
import { startSeparateProduct, type SeparateProduct } from '../../scripts/testing/separate-product';

// Billing on PayU, in the browser: a copy of the built product configured for PayU (its own ports and data)
// against the local fake PayU, which serves the stand-in of PayU's JS SDK (the secure card form). An owner on
// the trial pays with the card form, passes 3-D Secure at PayU, lands on the success page once billing booked
// the payment, and sees the saved card; adds a second card on the manage page (a 0 zł order with the card
// form's token, 3-D Secure) and makes it the default; at the period's end that card (its TOKC_) is charged
// without the owner. A declined card and a card number PayU's form refuses are said in Polish, on a phone too.
const GATEWAY_PORT = Number(process.env.E2E_PAYU_PORT ?? 18180);
const baseUrl = `http://127.0.0.1:${GATEWAY_PORT}`;
const { newPage } = useBrowser({ baseUrl });

let fake: FakePayu;
let product: SeparateProduct;

beforeAll(async () => {
  // PayU resends notifications for hours; compressed to seconds here
  fake = await FakePayu.start({ notificationRetryDelaysMs: [0, 500, 1000, 2000, 4000, 8000, 15000] });
  const payu = {
    PAYMENT_PROVIDER: 'payu',
    PAYU_BASE_URL: fake.url,
  };
  product = await startSeparateProduct({
    gatewayPort: GATEWAY_PORT,
    // the gateway's CSP and billing both read these
    env: { ...payu, RATE_LIMIT_REGISTER_PER_IP: '200', RATE_LIMIT_PER_MINUTE: '6000' },
    serviceEnv: {
      billing: {
        PAYU_POS_ID: fake.posId,
        PAYU_SECOND_KEY: fake.secondKey,
        PAYU_CLIENT_ID: fake.clientId,
        PAYU_CLIENT_SECRET: fake.clientSecret,
        SELLER_NAME: 'Punkto sp. z o.o.',
        SELLER_NIP: '5260001246',
        SELLER_STREET: 'ul. Prosta 1',
        SELLER_POSTAL_CODE: '00-001',
        SELLER_CITY: 'Warszawa',
      },
    },
    movableClock: ['billing'],
  });
}, 150_000);

afterAll(async () => {
  await product?.stop();
  await fake?.close();
});

async function ownerOnTrial(): Promise<OwnerWithProgram> {
  const owner = await ownerWithProgram({ baseUrl });
  await eventually('the trial', async () => {
    const res = await owner.client.call('GET', `/api/v1/tenants/${owner.tenantId}/tenant-subscription`);
    return res.status === 200 ? true : undefined;
  });
  return owner;
}

/** logged in, the chosen plan, on /subskrypcja/platnosc with PayU's card form ready */
async function toPaymentPage(page: Page, owner: OwnerWithProgram, plan: 'Podstawowy' | 'Rozszerzony') {
  await logIn(page, '/zaloguj', owner.email);
  await page.waitForURL((url) => url.pathname.startsWith('/panel'));
  await page.goto('/subskrypcja/wybor');
  await page.getByRole('button', { name: `Wybieram ${plan}` }).click();
  await page.waitForURL((url) => url.pathname === '/subskrypcja/platnosc');
  await page.locator('#payu-card-number input').waitFor();
}

async function fillCard(page: Page, number: string, date = '12/30', cvv = '123') {
  await page.locator('#payu-card-number input').fill(number);
  await page.locator('#payu-card-date input').fill(date);
  await page.locator('#payu-card-cvv input').fill(cvv);
}

const orders = (status: string, recurring?: 'FIRST' | 'STANDARD') =>
  fake.allOrders().filter((o) => o.status === status && (!recurring || o.recurring === recurring));

describe('paying with PayU’s card form', () => {
  it('trial → card form → 3-D Secure → success → the saved card; the renewal charges it without the owner', async () => {
    const owner = await ownerOnTrial();
    const page = await newPage();
    const csp: string[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/subskrypcja/platnosc') || r.request().resourceType() === 'document')
        csp.push(r.headers()['content-security-policy'] ?? '');
    });
    await toPaymentPage(page, owner, 'Rozszerzony');
    expect(await page.getByTestId('amount').textContent()).toContain('384 zł');
    // the PayU SDK came from the configured PayU host, which the CSP allows (and no other)
    expect(csp.join(' ')).toContain(`script-src 'self' 'wasm-unsafe-eval' ${fake.url}`);
    expect(csp.join(' ')).not.toContain('secure.payu.com');

    await fillCard(page, '4444 3333 2222 1111');
    await page.getByRole('button', { name: /^Zapłać 384/ }).click();

    // PayU's 3-D Secure page, then back to the shop
    await page.waitForURL((url) => url.href.startsWith(`${fake.url}/fake/3ds/`));
    await page.getByRole('heading', { name: '3-D Secure' }).waitFor();
    await page.getByRole('button', { name: 'Zapłać' }).click();
    await page.waitForURL((url) => url.pathname === '/subskrypcja/sukces');
    await page.getByRole('heading', { name: 'Płatność przyjęta' }).waitFor({ timeout: 30_000 });
    const first = orders('COMPLETED', 'FIRST');
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ totalAmount: '38400', tokc: { status: 'ACTIVE' } });

    await page.getByRole('link', { name: 'Zarządzaj subskrypcją' }).click();
    await page.waitForURL((url) => url.pathname === '/subskrypcja/zarzadzaj');
    await page
      .getByRole('region', { name: 'Twój plan' })
      .getByRole('heading', { name: 'Plan Rozszerzony' })
      .waitFor();
    const cards = page.getByRole('region', { name: 'Karty płatnicze' });
    await cards.getByText('444433******1111').waitFor();
    const invoices = page.getByRole('region', { name: 'Faktury' });
    await invoices.getByText(/^FV\/[BCDFGHJKLMNPQRSTVWXZ]{6}\/\d{4}\/\d{4}$/).waitFor();

    // a second card, added without a payment: PayU's form, a 0 zł order (recurring FIRST), 3-D Secure
    await cards.getByRole('button', { name: 'Dodaj kartę' }).click();
    const newCard = page.getByRole('region', { name: 'Nowa karta' });
    await newCard.getByText('bez obciążania jej').waitFor();
    await newCard.getByText('0 zł', { exact: false }).first().waitFor();
    await newCard.locator('#payu-card-number input').waitFor();
    await fillCard(page, '5555 5555 5555 4444', '11/31', '321');
    await newCard.getByRole('button', { name: 'Zweryfikuj i dodaj kartę (0 zł)' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${fake.url}/fake/3ds/`));
    await page.getByRole('button', { name: 'Zapłać' }).click();
    await page.waitForURL((url) => url.pathname === '/subskrypcja/sukces');
    await page.getByRole('heading', { name: 'Karta dodana' }).waitFor({ timeout: 30_000 });
    await page.getByText('555555******4444', { exact: false }).waitFor();
    const verification = fake.allOrders().filter((o) => o.totalAmount === '0');
    expect(verification).toHaveLength(1);
    expect(verification[0]).toMatchObject({
      status: 'COMPLETED',
      recurring: 'FIRST',
      tokc: { status: 'ACTIVE' },
    });
    await page.getByRole('link', { name: 'Przejdź do kart płatniczych' }).click();
    await page.waitForURL((url) => url.pathname === '/subskrypcja/zarzadzaj');
    // listed, not yet the default: renewals still charge the first card until the owner chooses
    const added = cards.getByRole('group', { name: /555555\*{6}4444/ });
    await added.waitFor();
    await added.getByRole('button', { name: 'Ustaw jako domyślną' }).click();
    await added.getByText('domyślna').waitFor();
    await cards
      .getByRole('group', { name: /444433\*{6}1111/ })
      .getByRole('button', { name: 'Ustaw jako domyślną' })
      .waitFor();
    // 0 zł is no payment: still one invoice
    expect(await invoices.getByText(/^FV\/[BCDFGHJKLMNPQRSTVWXZ]{6}\/\d{4}\/\d{4}$/).count()).toBe(1);
    await page.close();

    // the period's end: billing's clock moves past it; the durable scheduler charges the saved TOKC_
    const sub = (await (
      await owner.client.call('GET', `/api/v1/tenants/${owner.tenantId}/tenant-subscription`)
    ).json()) as { periodEnd: string };
    product.setClockOffset(Date.parse(sub.periodEnd) - Date.now() + 5 * 60_000);
    try {
      await expect.poll(() => orders('COMPLETED', 'STANDARD').length, { timeout: 60_000 }).toBe(1);
      const renewal = orders('COMPLETED', 'STANDARD')[0]!;
      // the card the owner made the default (the one added for 0 zł)
      expect(renewal).toMatchObject({ totalAmount: '38400', tokc: { value: verification[0]!.tokc!.value } });
      // booked by billing: PayU's COMPLETED notification answered 200
      await expect
        .poll(
          () =>
            fake.deliveries.some(
              (d) => d.orderId === renewal.orderId && d.status === 'COMPLETED' && d.answered === 200,
            ),
          { timeout: 60_000 },
        )
        .toBe(true);
    } finally {
      // back to real time, so the owner's fresh sessions are valid at billing again
      product.setClockOffset(0);
    }
    expect(orders('COMPLETED')).toHaveLength(3); // the purchase, the 0 zł verification, the renewal

    // the owner sees a second invoice, and the plan renewed
    const again = await newPage();
    await logIn(again, '/zaloguj', owner.email);
    await again.waitForURL((url) => url.pathname.startsWith('/panel'));
    await again.goto('/subskrypcja/zarzadzaj');
    const list = again.getByRole('region', { name: 'Faktury' });
    await expect
      .poll(async () => list.getByText(/^FV\/[BCDFGHJKLMNPQRSTVWXZ]{6}\/\d{4}\/\d{4}$/).count(), {
        timeout: 30_000,
      })
      .toBe(2);
    const renewed = (await (
      await owner.client.call('GET', `/api/v1/tenants/${owner.tenantId}/tenant-subscription`)
    ).json()) as { status: string; periodEnd: string };
    expect(renewed.status).toBe('active');
    expect(Date.parse(renewed.periodEnd)).toBeGreaterThan(Date.parse(sub.periodEnd));
  });

  it('on a phone (390×844): a number PayU refuses, then a declined card, are said in Polish', async () => {
    const owner = await ownerOnTrial();
    const page = await newPage({ viewport: PHONE });
    await toPaymentPage(page, owner, 'Podstawowy');
    expect(await layoutProblems(page)).toEqual([]);

    // a mistyped number: PayU's form refuses it, nothing is started
    await fillCard(page, '4444 3333 2222 1112');
    await page.getByRole('button', { name: /^Zapłać/ }).click();
    await page.getByRole('alert').getByText('Nieprawidłowy numer karty').waitFor();
    expect(new URL(page.url()).pathname).toBe('/subskrypcja/platnosc');

    // a card the issuer declines: tokenized, 3-D Secure, then PayU cancels the order
    await fillCard(page, PAYU_TEST_CARDS.declined);
    await page.getByRole('button', { name: /^Zapłać/ }).click();
    await page.waitForURL((url) => url.href.startsWith(`${fake.url}/fake/3ds/`));
    await page.getByRole('button', { name: 'Zapłać' }).click();
    await page.waitForURL((url) => url.pathname === '/subskrypcja/sukces');
    await page.getByRole('heading', { name: 'Płatność nie powiodła się' }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('karta odrzucona').count()).toBeGreaterThan(0);
    expect(await layoutProblems(page)).toEqual([]);
    // nothing was saved, the trial goes on
    const methods = (await (
      await owner.client.call('GET', `/api/v1/payment-methods/${owner.tenantId}`)
    ).json()) as { items: unknown[] };
    expect(methods.items).toEqual([]);
  });

  it('adding a card on the manage page: a refused number and a declined card are said in Polish, nothing saved', async () => {
    const owner = await ownerOnTrial();
    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname.startsWith('/panel'));
    await page.goto('/subskrypcja/zarzadzaj');
    const cards = page.getByRole('region', { name: 'Karty płatnicze' });
    await cards.getByRole('button', { name: 'Dodaj kartę' }).click();
    await page.locator('#payu-card-number input').waitFor();
    expect(await layoutProblems(page)).toEqual([]);

    await fillCard(page, '4444 3333 2222 1112');
    await page.getByRole('button', { name: 'Zweryfikuj i dodaj kartę (0 zł)' }).click();
    await page.getByRole('alert').getByText('Nieprawidłowy numer karty').waitFor();

    await fillCard(page, PAYU_TEST_CARDS.declined);
    await page.getByRole('button', { name: 'Zweryfikuj i dodaj kartę (0 zł)' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${fake.url}/fake/3ds/`));
    await page.getByRole('button', { name: 'Zapłać' }).click();
    await page.waitForURL((url) => url.pathname === '/subskrypcja/sukces');
    await page.getByRole('heading', { name: 'Karta nie została dodana' }).waitFor({ timeout: 30_000 });
    await page.getByText('Nic nie zostało pobrane', { exact: false }).waitFor();
    const methods = (await (
      await owner.client.call('GET', `/api/v1/payment-methods/${owner.tenantId}`)
    ).json()) as { items: unknown[] };
    expect(methods.items).toEqual([]);
  });

  it('when PayU’s form cannot be loaded, the page says so in Polish and offers to try again', async () => {
    const owner = await ownerOnTrial();
    const page = await newPage();
    await page.route(`${fake.url}/javascript/sdk`, (route) => route.abort('connectionfailed'));
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname.startsWith('/panel'));
    await page.goto('/subskrypcja/platnosc?plan=basic&cykl=month');
    await page.getByText('Nie udało się wczytać formularza karty PayU').waitFor();
    expect(await page.getByRole('button', { name: /^Zapłać/ }).count()).toBe(0);
    // the connection is back: "Spróbuj ponownie" loads the form
    await page.unroute(`${fake.url}/javascript/sdk`);
    await page.getByRole('button', { name: 'Spróbuj ponownie' }).click();
    await page.locator('#payu-card-number input').waitFor();
  });

  it('the payment page with PayU’s form has no serious or critical axe violations', async () => {
    const owner = await ownerOnTrial();
    const page = await newPage({ bypassCSP: true });
    await toPaymentPage(page, owner, 'Podstawowy');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
