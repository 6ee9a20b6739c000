import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  signatureVerifies,
  unzipPass,
} from '../../services/notification/src/passes/apple/testing/pkpass-reader';
import { FakeWalletDevice } from '../../services/notification/src/passes/apple/testing/fake-wallet-device';
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

// A customer takes their card into the phone's wallet, against the built product: on an iPhone "Dodaj do Apple
// Wallet" downloads a signed .pkpass (application/vnd.apple.pkpass) of their own card; on Android "Zapisz w
// Google Wallet" opens Google's save page with a JWT naming their card; a computer offers both and a code that
// opens the cards on the phone. The buttons are on the enrolment page right after joining and on /klient/karty.
const { newPage } = useBrowser();
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

type Styles = { getComputedStyle(el: unknown): { backgroundColor: string } };

let owner: OwnerWithProgram;
beforeAll(async () => {
  owner = await ownerWithProgram();
  // the café's logo, which its passes carry (fetched by the pass service from its public URL)
  const logo = await sharp({ create: { width: 600, height: 200, channels: 4, background: '#b5442c' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('Logo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
  const uploaded = await owner.client.call('POST', `/api/v1/tenants/${owner.tenantId}/upload-logo`, form);
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);
  const branded = await owner.client.call('PATCH', `/api/v1/tenants/${owner.tenantId}/update-tenant`, {
    branding: { backgroundColor: '#2b8a3e', foregroundColor: '#ffffff', labelColor: '#d3f9d8' },
  });
  expect(branded.status, await branded.clone().text()).toBe(200);
});

async function customerWithCard(userAgent: string, viewport = PHONE) {
  const email = uniqueEmail('portfel');
  await activeAccount('customer', email, 'Ola Klientka');
  const page = await newPage({ viewport, userAgent });
  await page.goto(owner.program.enrolmentUrl);
  await logInAndJoin(page, email);
  // the new card's wallet buttons come on the enrolment page as soon as the card is issued
  await page
    .getByRole('button', { name: /Dodaj do Apple Wallet|Zapisz w Google Wallet/ })
    .first()
    .waitFor({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Przejdź do Moich kart' }).click();
  await page.waitForURL((url) => url.pathname === '/klient/karty');
  const card = page.getByRole('article', { name: 'Kawiarnia Pod Lipą' });
  await card.getByTestId('card-number').waitFor({ timeout: 30_000 });
  return { page, card };
}

describe('the card in Apple Wallet', () => {
  it('on an iPhone: "Dodaj do Apple Wallet" downloads a signed pass of the card, which registers and updates after an award', async () => {
    const { page, card } = await customerWithCard(IPHONE);
    const qrPayload = await card.getByRole('img', { name: /Kod QR karty/ }).getAttribute('data-qr-payload');
    const number = (await card.getByTestId('card-number').textContent())?.trim();

    const button = card.getByRole('button', { name: 'Dodaj do Apple Wallet' });
    // the pass is built from copies the notification service receives over the bus: right after joining it
    // may answer "not ready yet" (409), which the page says in Polish; a second tap then works
    let download;
    for (let attempt = 0; ; attempt++) {
      const answer = page.waitForResponse((r) => r.url().includes('/create-apple-pass/'));
      const downloaded = page.waitForEvent('download', { timeout: 5_000 }).catch(() => null);
      await button.click();
      const response = await answer;
      if (response.status() === 200) {
        expect(response.headers()['content-type']).toBe('application/vnd.apple.pkpass');
        download = await downloaded;
        break;
      }
      expect(response.status()).toBe(409);
      await page.locator('[data-sonner-toast]').filter({ hasText: 'Spróbuj ponownie za chwilę.' }).waitFor();
      expect(attempt, 'the pass was never ready').toBeLessThan(20);
      await page.waitForTimeout(500);
    }
    expect(download).not.toBeNull();
    expect(download!.suggestedFilename()).toBe('Karta Kawiarnia Pod Lipą.pkpass');
    const chunks: Buffer[] = [];
    for await (const chunk of await download!.createReadStream()) chunks.push(chunk as Buffer);

    const files = await unzipPass(Buffer.concat(chunks));
    const root = readFileSync(join(inject('dataDir'), 'apple-pass-dev', 'root.pem'), 'utf8');
    expect(signatureVerifies(files.get('manifest.json')!, files.get('signature')!, root)).toBe(true);
    const pass = JSON.parse(files.get('pass.json')!.toString()) as {
      organizationName: string;
      barcodes: Array<{ message: string; altText: string }>;
      storeCard: { primaryFields: Array<{ label: string; value: unknown }> };
    };
    expect(pass.organizationName).toBe('Kawiarnia Pod Lipą');
    expect(pass.barcodes[0]).toEqual(
      expect.objectContaining({ message: qrPayload, altText: number, format: 'PKBarcodeFormatQR' }),
    );
    expect(pass.storeCard.primaryFields[0]).toMatchObject({ label: 'Punkty', value: 0 });
    // the café's own logo, in Wallet's sizes (the logo upload reaches the pass service over the bus)
    expect(await sharp(files.get('logo@3x.png')!).metadata()).toMatchObject({ width: 480, height: 150 });

    // Wallet on the phone takes the pass and registers through the gateway (webServiceURL = PUBLIC_URL)
    const phone = new FakeWalletDevice(root);
    expect(await phone.add(Buffer.concat(chunks))).toBe(201);
    const serial = (JSON.parse(files.get('pass.json')!.toString()) as { serialNumber: string }).serialNumber;
    expect(await phone.onPush()).toEqual([serial]);
    // the café awards 15 points: the phone is pushed (embedded APNs: /dev/wallet) and fetches the new pass
    const cardId = serial.split('.')[0]!;
    const awarded = await owner.client.call(
      'POST',
      `/api/v1/cards/${cardId}/points-from-amount`,
      { amountGrosze: 1500 },
      { 'idempotency-key': `award-${cardId}` },
    );
    expect(awarded.status, await awarded.clone().text()).toBe(200);
    await eventually('the push to the phone', async () => {
      const devPage = await (await fetch(`${inject('baseUrl')}/dev/wallet`)).text();
      return devPage.includes(`${phone.pushToken.slice(0, 12)}…`) ? true : undefined;
    });
    expect(await phone.onPush()).toEqual([serial]);
    expect(phone.field(serial, 'balance')?.value).toBe(15);
    expect(phone.notices).toEqual(['Masz teraz 15 pkt']);
    expect(await phone.refresh(serial)).toBe(false); // If-Modified-Since: 304

    // the owner sees the pass among the company's cards in wallets
    const panel = await newPage({ viewport: PHONE });
    await logIn(panel, '/zaloguj', owner.email);
    await panel.waitForURL((url) => url.pathname.startsWith('/panel'));
    const health = panel.getByRole('region', { name: 'Karty w portfelach' });
    await health.getByText('dodane: 1, usunięte: 0').waitFor({ timeout: 15_000 });
  });

  it('on an iPhone the Google button is not offered; the card wears the café’s logo and colours', async () => {
    const { card } = await customerWithCard(IPHONE);
    await card.getByText('Numer karty').waitFor();
    await card.getByRole('img', { name: 'Logo: Kawiarnia Pod Lipą' }).waitFor();
    expect(
      await card
        .getByTestId('card-company')
        .evaluate((el) => (globalThis as unknown as Styles).getComputedStyle(el).backgroundColor),
    ).toBe('rgb(43, 138, 62)');
    expect(await card.getByRole('button', { name: 'Zapisz w Google Wallet' }).count()).toBe(0);
  });
});

/** the claims of a save link's JWT (its signature is Google's business; the fake Google checks it elsewhere) */
function claimsOf(saveUrl: string) {
  const jwt = saveUrl.slice(saveUrl.lastIndexOf('/') + 1);
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as {
    aud: string;
    typ: string;
    origins: string[];
    payload: { loyaltyObjects: Array<{ id: string; classId: string }> };
  };
}

describe('the card in Google Wallet', () => {
  it('on Android: "Zapisz w Google Wallet" opens Google\'s save page with a JWT naming the card', async () => {
    const { page, card } = await customerWithCard(ANDROID);
    expect(await card.getByRole('button', { name: 'Dodaj do Apple Wallet' }).count()).toBe(0);
    // no internet here: Google's save page is answered locally, and what the browser asked for is kept
    const opened: string[] = [];
    await page.route('https://pay.google.com/**', async (route) => {
      opened.push(route.request().url());
      await route.fulfill({ contentType: 'text/html', body: '<h1>Google Wallet</h1>' });
    });
    const button = card.getByRole('button', { name: 'Zapisz w Google Wallet' });
    let cardId: string;
    for (let attempt = 0; ; attempt++) {
      const answer = page.waitForResponse((r) => r.url().includes('/create-google-pass/'));
      await button.click();
      const response = await answer;
      cardId = /\/cards\/([^/]+)\/create-google-pass\/link$/.exec(new URL(response.url()).pathname)![1]!;
      if (response.status() === 200) break;
      expect(response.status()).toBe(409);
      expect(attempt, 'the pass was never ready').toBeLessThan(20);
      await page.waitForTimeout(500);
    }
    await page.getByRole('heading', { name: 'Google Wallet' }).waitFor();
    expect(opened).toHaveLength(1);
    expect(opened[0]!.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    expect(opened[0]!.length).toBeLessThan(1800);
    const claims = claimsOf(opened[0]!);
    expect(claims).toMatchObject({ aud: 'google', typ: 'savetowallet' });
    expect(claims.origins.length).toBeGreaterThan(0);
    expect(claims.payload.loyaltyObjects).toHaveLength(1);
    expect(claims.payload.loyaltyObjects[0]!.id).toContain(`.card-${cardId}.`);
    // …and that card is the customer's own
    await page.goBack();
    const mine = await page.evaluate(async () => {
      const res = await fetch('/api/v1/customers/my-cards', { credentials: 'include' });
      return ((await res.json()) as { items: Array<{ cardId: string }> }).items.map((c) => c.cardId);
    });
    expect(mine).toEqual([cardId]);
  });

  it('on a computer: both buttons, and a code that opens the cards on the phone', async () => {
    const { card, page } = await customerWithCard(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      { width: 1280, height: 900 },
    );
    await card.getByRole('button', { name: 'Dodaj do Apple Wallet' }).waitFor();
    await card.getByRole('button', { name: 'Zapisz w Google Wallet' }).waitFor();
    await card.getByRole('button', { name: 'Dodaj na telefonie' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dodaj kartę do portfela na telefonie' });
    const code = dialog.getByRole('img', { name: 'Kod QR otwierający Moje karty na telefonie' });
    expect(await code.getAttribute('data-qr-payload')).toBe(`${new URL(page.url()).origin}/klient/karty`);
  });
});
