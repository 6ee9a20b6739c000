import {
  activeAccount,
  logIn,
  logInAndJoin,
  ownerWithProgram,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';
import { seriousAxeViolations } from '../../scripts/testing/axe';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
import { beforeAll, describe, expect, it } from 'vitest';

// The customer portal in a browser, against the built product (`npm run build` first): a customer joins a
// program through the enrolment link, sees the card with its QR code in /klient/karty, and the open page
// follows an award made by the staff (through the API) live, without a reload; the history shows the award.
const { newPage } = useBrowser();

let customerEmail = '';
let owner: OwnerWithProgram;

beforeAll(async () => {
  owner = await ownerWithProgram();
});

describe('the customer portal', () => {
  it('a customer joins through the link, sees the card with its QR code, and an award shows up live', async () => {
    const email = uniqueEmail('klient');
    customerEmail = email;
    await activeAccount('customer', email, 'Jan Klient');
    const page = await newPage({ viewport: PHONE });
    await page.goto(owner.program.enrolmentUrl);
    await logInAndJoin(page, email);
    await page.getByRole('link', { name: 'Przejdź do Moich kart' }).click();
    await page.waitForURL((url) => url.pathname === '/klient/karty');
    await page.getByRole('heading', { name: 'Moje karty', level: 1 }).waitFor();

    // the card is issued by the card ledger from the bus: the live stream brings it in without a reload
    const card = page.getByRole('article', { name: 'Kawiarnia Pod Lipą' });
    await card.waitFor({ timeout: 30_000 });
    await card.getByText('Kawa za punkty').waitFor();
    const number = (await card.getByTestId('card-number').textContent())?.trim() ?? '';
    expect(number).toMatch(/^\d{4} \d{4} \d{2}$/);
    const qr = card.getByRole('img', { name: `Kod QR karty ${number}` });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(await qr.getAttribute('data-qr-payload')).toMatch(/^P1\./);
    const box = await qr.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(200);
    expect(await card.getByTestId('card-balance').textContent()).toBe('0 pkt');
    await page.getByText('Saldo odświeża się na bieżąco').waitFor();

    // the owner finds the card by its number and awards points for a 42,50 zł purchase
    const lookup = await owner.client.call(
      'GET',
      `/api/v1/cards?humanReadableId=${encodeURIComponent(number)}`,
    );
    expect(lookup.status, await lookup.clone().text()).toBe(200);
    const { cardId } = (await lookup.json()) as { cardId: string };
    // a card command needs an Idempotency-Key
    const awarded = await owner.client.call(
      'POST',
      `/api/v1/cards/${cardId}/points-from-amount`,
      { amountGrosze: 4250 },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(awarded.status, await awarded.clone().text()).toBe(200);

    // the open page shows the new balance without a reload
    await expect
      .poll(() => card.getByTestId('card-balance').textContent(), { timeout: 5_000 })
      .toBe('42 pkt');

    // a new card: confirmed first, then a new number and QR code; the balance stays
    await card.getByRole('button', { name: 'Wygeneruj nową kartę' }).click();
    const confirm = page.getByRole('dialog', { name: 'Wygenerować nową kartę?' });
    await confirm.getByText(/przestanie działać/).waitFor();
    await confirm.getByRole('button', { name: 'Wygeneruj nową kartę' }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Wygenerowano nową kartę.' })
      .first()
      .waitFor();
    await expect.poll(() => card.getByTestId('card-number').textContent()).not.toBe(number);
    expect(await card.getByTestId('card-balance').textContent()).toBe('42 pkt');

    // the history lists the award; the filter lives in the URL
    await page
      .getByRole('navigation', { name: 'Strefa klienta' })
      .getByRole('link', { name: 'Historia' })
      .click();
    await page.getByRole('heading', { name: 'Historia', level: 1 }).waitFor();
    const history = page.getByRole('list', { name: 'Historia kart' });
    await history.getByText('+42 pkt').waitFor();
    await page.getByRole('combobox', { name: 'Rodzaj aktywności' }).click();
    await page.getByRole('option', { name: 'Punkty' }).click();
    await page.waitForURL((url) => url.searchParams.get('rodzaj') === 'points_earned');
    await history.getByText('+42 pkt').waitFor();
    await expect.poll(() => history.getByRole('listitem').count()).toBe(1);

    // the overview sums it up
    await page
      .getByRole('navigation', { name: 'Strefa klienta' })
      .getByRole('link', { name: 'Start' })
      .click();
    await page.getByRole('heading', { name: 'Witaj, Jan Klient!', level: 1 }).waitFor();
    await page.getByText('Aktywne karty lojalnościowe: 1.').waitFor();
    await page.getByRole('list', { name: 'Ostatnia aktywność' }).getByText('+42 pkt').waitFor();
    // each card's own balance (points of different companies are never summed into one number)
    const balance = page.getByRole('region', { name: 'Stan Twoich kart' }).getByRole('listitem');
    await expect.poll(() => balance.count()).toBe(1);
    expect(await balance.innerText()).toMatch(/Kawiarnia Pod Lipą · Kawa za punkty\s+42 pkt/);
  });

  it('the portal screens have no serious or critical axe violations', async () => {
    expect(customerEmail, 'the first test made a customer with a card').not.toBe('');
    const page = await newPage({ viewport: PHONE, bypassCSP: true });
    await logIn(page, '/zaloguj', customerEmail);
    await page.waitForURL((url) => url.pathname.startsWith('/klient'));
    const problems: string[] = [];
    const screens: Array<[string, () => Promise<void>]> = [
      ['/klient', () => page.getByRole('list', { name: 'Ostatnia aktywność' }).waitFor()],
      ['/klient/karty', () => page.getByTestId('card-balance').first().waitFor()],
      ['/klient/historia', () => page.getByRole('list', { name: 'Historia kart' }).waitFor()],
    ];
    for (const [path, ready] of screens) {
      await page.goto(path);
      await ready();
      problems.push(...(await seriousAxeViolations(page)).map((p) => `${path}: ${p}`));
    }
    expect(problems).toEqual([]);
  });
});
