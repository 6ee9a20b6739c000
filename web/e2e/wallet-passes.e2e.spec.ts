import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  signatureVerifies,
  unzipPass,
} from '../../services/notification/src/passes/apple/testing/pkpass-reader';
import {
  activeAccount,
  logInAndJoin,
  ownerWithProgram,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';
import { PHONE, useBrowser } from '../../scripts/testing/browser';

// A customer takes their card into Apple Wallet from /klient/karty, against the built product: on an iPhone the
// button downloads a signed .pkpass (application/vnd.apple.pkpass) of their own card; on Android it is absent.
const { newPage } = useBrowser();
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let owner: OwnerWithProgram;
beforeAll(async () => {
  owner = await ownerWithProgram();
});

async function customerWithCard(userAgent: string) {
  const email = uniqueEmail('portfel');
  await activeAccount('customer', email, 'Ola Klientka');
  const page = await newPage({ viewport: PHONE, userAgent });
  await page.goto(owner.program.enrolmentUrl);
  await logInAndJoin(page, email);
  await page.getByRole('link', { name: 'Przejdź do Moich kart' }).click();
  await page.waitForURL((url) => url.pathname === '/klient/karty');
  const card = page.getByRole('article', { name: 'Kawiarnia Pod Lipą' });
  await card.getByTestId('card-number').waitFor({ timeout: 30_000 });
  return { page, card };
}

describe('the card in Apple Wallet', () => {
  it('on an iPhone: "Dodaj do Apple Wallet" downloads a signed pass of the card, with its QR and number', async () => {
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
  });

  it('on Android the Apple button is not offered', async () => {
    const { card } = await customerWithCard(ANDROID);
    await card.getByText('Numer karty').waitFor();
    expect(await card.getByRole('button', { name: 'Dodaj do Apple Wallet' }).count()).toBe(0);
  });
});
