import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';
import {
  activateFromMailbox,
  activeAccount,
  eventually,
  logIn,
  logInAndJoin,
  ownerWithProgram,
  PASSWORD,
  submitLogin,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
import { clientEntry } from '../../scripts/testing/clients-list';
import { layoutProblems } from '../../scripts/testing/layout';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The staff scanner in a browser, against the built product (`npm run build` first): a customer joins a
// program through the enrolment link; the owner opens /panel/skaner, finds the card by its number, awards
// points for a purchase amount and sees the new balance; then decodes a PNG of the card's QR code through
// "Wczytaj zdjęcie kodu" (the bundled WebAssembly decoder: headless Chromium on Linux has no
// BarcodeDetector), gets the same card, and redeeming a reward the balance does not cover shows the Polish
// error.

const { newPage } = useBrowser();

let tempDir = '';
let owner: OwnerWithProgram;

beforeAll(async () => {
  owner = await ownerWithProgram({
    rewards: [{ name: 'Kawa gratis', description: 'Dowolna kawa', cost: 100 }],
  });
  tempDir = await mkdtemp(join(tmpdir(), 'punkto-scanner-'));
});

afterAll(async () => {
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

type MyCardJson = { cardId: string; humanReadableId: string; qrPayload: string | null; email: string };

/** A customer joins the owner's program through the enrolment link (in a browser); returns the card. */
async function customerWithCard(enrolmentUrl = owner.program.enrolmentUrl): Promise<MyCardJson> {
  const email = uniqueEmail('klient');
  const customer = await activeAccount('customer', email, 'Jan Klient');
  const page = await newPage({ viewport: PHONE });
  await page.goto(enrolmentUrl);
  await logInAndJoin(page, email);
  await page.context().close();
  // the card ledger issues the card from the bus
  return eventually('the card to be issued', async () => {
    const res = await customer.call('GET', '/api/v1/customers/my-cards');
    if (res.status !== 200) return undefined;
    const { items } = (await res.json()) as { items: MyCardJson[] };
    const card = items.find((c) => c.qrPayload);
    return card ? { ...card, email } : undefined;
  });
}

async function ownerPage(): Promise<Page> {
  const page = await newPage({ viewport: PHONE });
  await logIn(page, '/zaloguj', owner.email);
  await page.waitForURL((url) => url.pathname.startsWith('/panel'));
  return page;
}

describe('the staff scanner', () => {
  it('finds a card by number and by a QR image, awards points, and does not offer a reward the balance does not cover', async () => {
    const myCard = await customerWithCard();
    expect(myCard.humanReadableId).toMatch(/^\d{4} \d{4} \d{2}$/);
    const page = await ownerPage();
    await page.goto('/panel/skaner');
    await page.getByRole('heading', { name: 'Skaner kart', level: 1 }).waitFor();

    // manual lookup by the number, typed without spaces
    await page
      .getByLabel('Numer karty, telefon, e-mail lub nazwisko')
      .fill(myCard.humanReadableId.replace(/ /g, ''));
    await page.getByRole('button', { name: 'Szukaj' }).click();
    const cardSection = page.getByRole('region', { name: 'Karta klienta' });
    await cardSection.getByTestId('scanner-card-number').waitFor();
    expect(await cardSection.getByTestId('scanner-card-number').textContent()).toBe(myCard.humanReadableId);
    expect(await cardSection.getByTestId('scanner-balance').textContent()).toBe('0 pkt');
    const reward = page.getByRole('listitem', { name: 'Kawa gratis' });
    await reward.getByText('Za mało punktów: potrzeba 100, na karcie 0.').waitFor();

    // award points for a 42,50 zł purchase (1 pkt per zł, rounded down)
    await page.getByLabel('Kwota zakupu (zł)').fill('42,50');
    await page.getByRole('button', { name: 'Przyznaj punkty' }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Dodano 42 pkt. Saldo: 42 pkt' })
      .first()
      .waitFor();
    await expect.poll(() => cardSection.getByTestId('scanner-balance').textContent()).toBe('42 pkt');

    // 4250 typed for 42,50: an unusual amount is confirmed first, and cancelling awards nothing
    await page.getByLabel('Kwota zakupu (zł)').fill('4250');
    await page.getByRole('button', { name: 'Przyznaj punkty' }).click();
    const confirmAmount = page.getByRole('dialog', { name: 'Czy kwota jest poprawna?' });
    await confirmAmount.getByText(/Zakup na 4\s?250,00 zł to więcej niż 300,00 zł/).waitFor();
    await confirmAmount.getByRole('button', { name: 'Anuluj' }).click();
    await confirmAmount.waitFor({ state: 'detached' });
    expect(await cardSection.getByTestId('scanner-balance').textContent()).toBe('42 pkt');
    // an absurd amount: the field says the limit
    await page.getByLabel('Kwota zakupu (zł)').fill('99999999');
    await page.getByRole('button', { name: 'Przyznaj punkty' }).click();
    await page.getByText('Kwota może wynosić najwyżej 100 000 zł.').waitFor();
    expect(await page.getByLabel('Kwota zakupu (zł)').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Kwota zakupu (zł)').fill('');

    // another card: decode a PNG of the card's QR code through the file input → the same card opens
    await cardSection.getByRole('button', { name: 'Inna karta' }).click();
    const png = join(tempDir, 'karta.png');
    await QRCode.toFile(png, myCard.qrPayload ?? '', { width: 400, margin: 4 });
    await page.getByLabel('Zdjęcie kodu QR').setInputFiles(png);
    await cardSection.getByTestId('scanner-card-number').waitFor({ timeout: 20_000 });
    expect(await cardSection.getByTestId('scanner-card-number').textContent()).toBe(myCard.humanReadableId);
    expect(await cardSection.getByTestId('scanner-balance').textContent()).toBe('42 pkt');

    // the reward costs 100 pkt: not offered, with the reason beside it (the server's refusal of a redemption
    // the balance does not cover is card-ledger's integration test)
    const dear = page.getByRole('listitem', { name: 'Kawa gratis' });
    await dear.getByText('Za mało punktów: potrzeba 100, na karcie 42.').waitFor();
    expect(await dear.getByRole('button', { name: 'Wydaj nagrodę' }).isDisabled()).toBe(true);
    expect(await cardSection.getByTestId('scanner-balance').textContent()).toBe('42 pkt');

    // the customer's e-mail finds the (only) card too
    await cardSection.getByRole('button', { name: 'Inna karta' }).click();
    await page.getByLabel('Numer karty, telefon, e-mail lub nazwisko').fill(myCard.email);
    await page.getByRole('button', { name: 'Szukaj' }).click();
    await cardSection.getByTestId('scanner-card-number').waitFor();
    expect(await cardSection.getByTestId('scanner-card-number').textContent()).toBe(myCard.humanReadableId);

    // no camera here (headless, nothing granted): a Polish explanation instead of a dead preview
    await cardSection.getByRole('button', { name: 'Inna karta' }).click();
    await page.getByRole('button', { name: 'Skanuj kod QR' }).click();
    await page.getByRole('alert').filter({ hasText: 'Aparat niedostępny' }).waitFor();
    await page.getByLabel('Numer karty, telefon, e-mail lub nazwisko').waitFor();
  });

  it("a customer gives a phone at registration and keeps it at join; staff find the card by it, then by the profile's new number only", async () => {
    const digits = () => `6${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const [first, second] = [digits(), digits()];
    const spaced = (d: string) => `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`;
    const email = uniqueEmail('telefon');
    const customer = await newPage({ viewport: PHONE });
    await customer.goto('/stworz-konto');
    await customer.getByRole('button', { name: /^Klient/ }).click();
    await customer.getByLabel('Imię i nazwisko').fill('Tola Telefon');
    await customer.getByLabel('E-mail').fill(email);
    await customer.getByLabel('Hasło').fill(PASSWORD);
    await customer.getByLabel(/Akceptuję/).check();
    await customer.getByLabel('Telefon (opcjonalnie)').fill('600 12');
    await customer.getByRole('button', { name: 'Załóż konto' }).click();
    await customer
      .getByText(
        'Nieprawidłowy numer telefonu — podaj polski numer (9 cyfr) albo numer z kierunkowym kraju, np. +49 151 23456789.',
      )
      .waitFor();
    await customer.getByLabel('Telefon (opcjonalnie)').fill(`+48 ${first}`);
    await customer.getByRole('button', { name: 'Załóż konto' }).click();
    await customer.getByText('Link aktywacyjny wysłany').waitFor();
    await activateFromMailbox(customer, email);

    // the join page offers the profile's number
    await customer.goto(owner.program.enrolmentUrl);
    await customer.getByRole('link', { name: 'Zaloguj się, aby dołączyć' }).click();
    await submitLogin(customer, email);
    await customer.waitForURL((url) => url.pathname === '/dodaj-karte-do-portfela');
    expect(await customer.getByLabel('Telefon (opcjonalnie)').inputValue()).toBe(spaced(first));
    await customer.getByRole('button', { name: 'Dołącz do programu' }).click();
    await customer.getByText('Jesteś w programie!').waitFor();
    await customer.goto('/klient/karty');
    const cardNumber = await customer.getByTestId('card-number').first().textContent();

    // staff type the number as the customer says it
    const page = await ownerPage();
    await page.goto('/panel/skaner');
    const cardSection = page.getByRole('region', { name: 'Karta klienta' });
    const searchPhone = async (phone: string) => {
      if (await cardSection.getByRole('button', { name: 'Inna karta' }).isVisible())
        await cardSection.getByRole('button', { name: 'Inna karta' }).click();
      await page.getByLabel('Numer karty, telefon, e-mail lub nazwisko').fill(phone);
      await page.getByRole('button', { name: 'Szukaj' }).click();
    };
    await searchPhone(spaced(first));
    await cardSection.getByTestId('scanner-card-number').waitFor();
    expect(await cardSection.getByTestId('scanner-card-number').textContent()).toBe(cardNumber);

    // the customer changes the number in the profile, which says it is not verified
    await customer.goto('/klient/profil');
    const phoneForm = customer.getByRole('form', { name: 'Numer telefonu' });
    await phoneForm.getByText(`+48 ${spaced(first)}`).waitFor();
    await phoneForm.getByText(/Numer nie jest potwierdzony/).waitFor();
    await phoneForm.getByLabel('Telefon (opcjonalnie)').fill(second);
    await phoneForm.getByRole('button', { name: 'Zapisz numer' }).click();
    await customer.locator('[data-sonner-toast]').filter({ hasText: 'Zapisano numer telefonu.' }).waitFor();
    // on the customer's 390×844 phone nothing is cut, covered or scrolls sideways
    expect(await layoutProblems(customer)).toEqual([]);

    // the new number finds the card (once it reached the card ledger), the old one no longer does
    await expect
      .poll(
        async () => {
          await searchPhone(second);
          await Promise.race([
            cardSection.getByTestId('scanner-card-number').waitFor(),
            page.getByText('Nie znaleziono kart tego klienta.').waitFor(),
          ]);
          return cardSection.getByTestId('scanner-card-number').isVisible();
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
    expect(await cardSection.getByTestId('scanner-card-number').textContent()).toBe(cardNumber);
    await searchPhone(first);
    await page.getByText('Nie znaleziono kart tego klienta.').waitFor();

    // the client list shows the number as the customer's own, unconfirmed
    await page.goto(`/panel/klienci?szukaj=${encodeURIComponent(email)}`);
    const row = clientEntry(page, /Tola Telefon/);
    await row.getByText(`+48 ${spaced(second)}`).waitFor();
    await row.getByText(/^niepotwierdzony/).waitFor();
    await customer.context().close();
  });

  it('more than 3 stamps at once are confirmed first (15 cancelled adds nothing, 4 confirmed adds 4, 1 goes at once); a full card hands out its reward', async () => {
    const created = await owner.client.call('POST', `/api/v1/tenants/${owner.tenantId}/loyalty-programs`, {
      kind: 'stamps',
      name: 'Co 10. kawa gratis',
      stampsRequired: 10,
      rewards: [{ name: 'Kawa gratis', cost: 10 }],
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { enrolmentUrl } = (await created.json()) as { enrolmentUrl: string };
    const myCard = await customerWithCard(enrolmentUrl);
    const page = await ownerPage();
    await page.goto('/panel/skaner');
    await page
      .getByLabel('Numer karty, telefon, e-mail lub nazwisko')
      .fill(myCard.humanReadableId.replace(/ /g, ''));
    await page.getByRole('button', { name: 'Szukaj' }).click();
    const cardSection = page.getByRole('region', { name: 'Karta klienta' });
    const balance = cardSection.getByTestId('scanner-balance');
    await expect.poll(() => balance.textContent()).toBe('0 pieczątek z 10');

    const count = page.getByLabel('Liczba pieczątek');
    await count.fill('15');
    await page.getByRole('button', { name: 'Dodaj pieczątki' }).click();
    const confirm = page.getByRole('dialog', { name: 'Na pewno 15 pieczątek?' });
    await confirm.getByText('Zwykle za jedną wizytę dodaje się jedną pieczątkę.', { exact: false }).waitFor();
    const box = await confirm.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width); // the whole question fits on the phone
    await confirm.getByRole('button', { name: 'Anuluj' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await balance.textContent()).toBe('0 pieczątek z 10');

    await count.fill('4');
    await page.getByRole('button', { name: 'Dodaj pieczątki' }).click();
    await page
      .getByRole('dialog', { name: 'Na pewno 4 pieczątki?' })
      .getByRole('button', { name: 'Tak, dodaj 4 pieczątki' })
      .click();
    await expect.poll(() => balance.textContent()).toBe('4 pieczątki z 10');

    await page.waitForTimeout(2_100); // the card's cooldown between awards
    await count.fill('1');
    await page.getByRole('button', { name: 'Dodaj pieczątki' }).click();
    await expect.poll(() => balance.textContent()).toBe('5 pieczątek z 10');
    expect(await page.getByRole('dialog').count()).toBe(0);

    // the reward needs a full card: not offered before, handed out (confirmed) once the card is full
    const reward = page.getByRole('listitem', { name: 'Kawa gratis' });
    expect(await reward.getByRole('button', { name: 'Wydaj nagrodę' }).isDisabled()).toBe(true);
    await page.waitForTimeout(2_100);
    await count.fill('5');
    await page.getByRole('button', { name: 'Dodaj pieczątki' }).click();
    await page
      .getByRole('dialog', { name: 'Na pewno 5 pieczątek?' })
      .getByRole('button', { name: /^Tak/ })
      .click();
    await expect.poll(() => balance.textContent()).toBe('10 pieczątek z 10');
    await reward.getByText('Można wydać teraz').waitFor();
    await reward.getByRole('button', { name: 'Wydaj nagrodę' }).click();
    const confirmRedeem = page.getByRole('dialog', { name: 'Wydać nagrodę „Kawa gratis”?' });
    await confirmRedeem.getByText('Z karty zejdzie 10 pieczątek.').waitFor();
    await confirmRedeem.getByRole('button', { name: 'Tak, wydaj' }).click();
    await expect.poll(() => balance.textContent()).toBe('0 pieczątek z 10');
  });

  it('a company sets its own confirmation threshold in the settings; the scanner follows it', async () => {
    const myCard = await customerWithCard();
    const page = await ownerPage();
    await page.goto('/panel/ustawienia');
    const form = page.getByRole('form', { name: 'Bezpieczeństwo przy kasie' });
    await form.getByLabel('Potwierdzaj zakupy powyżej (zł)').fill('5');
    await form.getByRole('button', { name: 'Zapisz próg' }).click();
    await form.getByText('Próg musi wynosić co najmniej 10 zł.').waitFor();
    await form.getByLabel('Potwierdzaj zakupy powyżej (zł)').fill('1000');
    await form.getByRole('button', { name: 'Zapisz próg' }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Próg potwierdzenia został zapisany.' })
      .waitFor();

    await page.goto('/panel/skaner');
    await page
      .getByLabel('Numer karty, telefon, e-mail lub nazwisko')
      .fill(myCard.humanReadableId.replace(/ /g, ''));
    await page.getByRole('button', { name: 'Szukaj' }).click();
    const cardSection = page.getByRole('region', { name: 'Karta klienta' });
    await cardSection.getByTestId('scanner-card-number').waitFor();
    // 999 zł is under the company's 1000 zł: awarded at once
    await page.getByLabel('Kwota zakupu (zł)').fill('999');
    await page.getByRole('button', { name: 'Przyznaj punkty' }).click();
    await expect.poll(() => cardSection.getByTestId('scanner-balance').textContent()).toBe('999 pkt');
    // 1500 zł is over it: confirmed first (after the card's 2 s cooldown between awards)
    await page.waitForTimeout(2_100);
    await page.getByLabel('Kwota zakupu (zł)').fill('1500');
    await page.getByRole('button', { name: 'Przyznaj punkty' }).click();
    const confirm = page.getByRole('dialog', { name: 'Czy kwota jest poprawna?' });
    await confirm.getByText(/to więcej niż 1\s?000,00 zł/).waitFor();
    await confirm.getByRole('button', { name: /^Tak, / }).click();
    await expect
      .poll(() => cardSection.getByTestId('scanner-balance').textContent())
      .toMatch(/^2\s?499 pkt$/);
  });
});
