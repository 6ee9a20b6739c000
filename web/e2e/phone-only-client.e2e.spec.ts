import { beforeAll, describe, expect, it } from 'vitest';
import {
  logIn,
  mailTo,
  ownerWithProgram,
  PASSWORD,
  unique,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
import { clientEntry } from '../../scripts/testing/clients-list';

// A client added with a phone only (issue 33, ADR 0056) in a browser, against the built product (`npm run build`
// first): on a phone, the owner adds a walk-in customer who has no e-mail; the card is ready at once, and at the
// till the scanner finds it by the phone and awards on it.
const { newPage } = useBrowser();

let owner: OwnerWithProgram;
const name = `Olena Kowal ${unique()}`;
// a Ukrainian number, unique per run (the last digits)
const digits = String(Date.now()).slice(-7);
const phone = `+380 50 ${digits}`;

beforeAll(async () => {
  owner = await ownerWithProgram();
});

describe('a client with a phone only', () => {
  it('is added on a phone with the card ready, the phone required and kept', async () => {
    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname === '/panel');
    await page.goto('/panel/klienci');
    await page.getByRole('heading', { name: 'Klienci', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Dodaj klienta' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Dodaj klienta' });
    await dialog.getByText('Tylko telefon').click();
    await dialog.getByText('Karta będzie używana przy kasie', { exact: false }).waitFor();
    expect(await dialog.getByLabel('E-mail', { exact: true }).count()).toBe(0);
    await dialog.getByLabel('Imię i nazwisko').fill(name);
    await dialog.getByRole('button', { name: 'Dodaj klienta' }).click();
    await dialog.getByText('Podaj numer telefonu klienta — po nim znajdziesz jego kartę.').waitFor();
    await dialog.getByRole('textbox', { name: 'Telefon' }).fill(phone);
    await dialog.getByRole('button', { name: 'Dodaj klienta' }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: `Dodano klienta ${name}. Karta jest gotowa` })
      .first()
      .waitFor();

    await page.goto(`/panel/klienci?szukaj=${encodeURIComponent(name)}`);
    const entry = clientEntry(page, name);
    await entry.getByText('bez e-maila (karta przy kasie)').waitFor();
    await entry.getByRole('link', { name }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByText('bez e-maila (karta przy kasie)').waitFor();
    const clientCard = page.getByRole('region', { name: 'Karta lojalnościowa' });
    await clientCard.getByTestId('client-card-number').waitFor();
    expect(await clientCard.getByTestId('client-card-balance').textContent()).toBe('0 pkt');

    // removing says what happens to this client: no wallet card and no account to speak of
    await page.getByRole('button', { name: 'Usuń klienta' }).click();
    const confirm = page.getByRole('dialog', { name: `Usunąć klienta ${name}?` });
    await confirm.getByText('Jego imię i telefon usuniemy z danych firmy.', { exact: false }).waitFor();
    expect(await confirm.getByText('portfelu', { exact: false }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });

    // the phone cannot be taken away: the card is found by it
    const edit = page.getByRole('form', { name: 'Dane klienta do poprawy' });
    await edit.getByLabel('Telefon').fill('');
    await edit.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await edit
      .getByText(
        'Ten klient nie ma adresu e-mail, więc numer telefonu musi zostać — po nim obsługa znajduje kartę.',
      )
      .waitFor();
  });

  it('is found at the till by the phone and awarded', async () => {
    const page = await newPage({ viewport: { width: 1280, height: 900 } });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname === '/panel');
    await page.goto('/panel/skaner');
    await page.getByLabel('Numer karty, telefon, e-mail lub nazwisko').fill(`+38050${digits}`);
    await page.getByRole('button', { name: 'Szukaj' }).click();
    const card = page.getByRole('region', { name: 'Karta klienta' });
    await card.getByText(name).waitFor();
    await page.getByLabel('Kwota zakupu (zł)').fill('18,00');
    await page.getByRole('button', { name: 'Przyznaj punkty' }).click();
    await expect.poll(() => card.getByTestId('scanner-balance').textContent()).toBe('18 pkt');
  });

  it('given an e-mail: the customer sets a password and finds the same card, with its points, in the portal', async () => {
    const page = await newPage({ viewport: { width: 1280, height: 900 } });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname === '/panel');
    await page.goto(`/panel/klienci?szukaj=${encodeURIComponent(name)}`);
    await clientEntry(page, name).getByRole('link', { name }).click();
    const number = (await page.getByTestId('client-card-number').textContent())?.trim() ?? '';
    const form = page.getByRole('form', { name: 'Karta w telefonie klienta' });
    const email = uniqueEmail('olena');
    await form.getByLabel('Adres e-mail klienta').fill(email);
    await form.getByRole('button', { name: 'Wyślij zaproszenie' }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: `Wysłaliśmy wiadomość na adres ${email}.` })
      .first()
      .waitFor();
    // given once: the section is gone and the page shows the address
    await form.waitFor({ state: 'hidden' });
    await page.getByText(email).first().waitFor();

    const mail = await mailTo(email, /zapisał\(a\) Cię do programu/);
    const token = /reset-hasla\?token=([A-Za-z0-9_-]+)(?:&amp;|&)zaproszenie=klient/.exec(mail)?.[1];
    expect(token, `invitation link in:\n${mail}`).toBeTruthy();
    const phone = await newPage({ viewport: PHONE });
    await phone.goto(`/reset-hasla?token=${token}&zaproszenie=klient`);
    await phone.getByLabel(/^Hasło/).fill(PASSWORD);
    await phone.getByLabel('Powtórz hasło').fill(PASSWORD);
    await phone.getByRole('button', { name: 'Ustaw hasło' }).click();
    await phone.getByText('Konto jest aktywne').waitFor();
    await logIn(phone, '/zaloguj?type=customer', email);
    await phone.waitForURL((url) => url.pathname.startsWith('/klient'));
    await phone.goto('/klient/karty');
    const card = phone.getByRole('article', { name: 'Kawiarnia Pod Lipą' });
    await card.waitFor({ timeout: 30_000 });
    expect((await card.getByTestId('card-number').textContent())?.trim()).toBe(number);
    expect(await card.getByTestId('card-balance').textContent()).toBe('18 pkt');
  });
});
