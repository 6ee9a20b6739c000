import {
  activateFromMailbox,
  activeAccount,
  mailTo,
  ownerWithProgram,
  PASSWORD,
  registerInBrowser,
  submitLogin,
  uniqueEmail,
} from '../../scripts/testing/actors';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
import { eventually } from '../../scripts/testing/eventually';
import { describe, expect, inject, it } from 'vitest';

// Issue 33 (ADR 0041): a customer signing up on a phone presses „Wyślij ponownie” and then opens the FIRST
// activation e-mail: the older link still activates the account. Against the built product (`npm run build`).
const { newPage } = useBrowser();

const activationLinkIn = (mail: string) =>
  mail.match(/https?:\/\/[^\s"<]*\/aktywacja-konta\?token=[^\s"<&]+/)?.[0];

/** How many activation e-mails the dev mailbox holds for this address. */
async function activationMailCount(email: string): Promise<number> {
  const list = await (await fetch(`${inject('baseUrl')}/dev/mailbox`)).text();
  return list.split('<tr>').filter((row) => row.includes(email) && /Aktywuj konto/.test(row)).length;
}

describe('activation after „Wyślij ponownie”', () => {
  it('the first e-mail’s link still activates the account on a phone and leads to the customer login', async () => {
    const page = await newPage({ viewport: PHONE });
    const email = uniqueEmail('klient.ponownie');
    await registerInBrowser(page, 'Klient', 'Ola Ponowna', email);
    const first = activationLinkIn(await mailTo(email, /Aktywuj konto/));
    expect(first, 'the first activation link').toBeTruthy();

    await page.getByRole('button', { name: 'Wyślij ponownie' }).click();
    await page.getByText(/wysłaliśmy na nie nowy link aktywacyjny/).waitFor();
    await eventually('the second activation e-mail', async () =>
      (await activationMailCount(email)) >= 2 ? true : undefined,
    );

    await page.goto(first!);
    await page.getByText('Konto jest aktywne').waitFor();
    expect(await page.getByText('Nie udało się potwierdzić').count()).toBe(0);
    // a customer's account: the customer login, never „Zaloguj się do panelu firmy”
    await page.getByRole('link', { name: 'Zaloguj się' }).last().click();
    await page.getByRole('heading', { level: 1, name: 'Logowanie klienta' }).waitFor();
  });
});

describe('from the poster to the card in one go', () => {
  it('the program travels through sign-up, the e-mail link and the login: one tap joins, no second scan', async () => {
    const owner = await ownerWithProgram();
    const page = await newPage({ viewport: PHONE });
    // the poster's QR code: the short enrolment link
    await page.goto(`/k/${owner.program.shortCode}`);
    await page.getByRole('link', { name: 'Załóż konto' }).click();
    await page.waitForURL((url) => url.pathname === '/stworz-konto');
    // the sign-up says which programme it is for, and that the e-mail's link comes back to it
    await page.getByText('Dołączasz do programu „Kawa za punkty” (Kawiarnia Pod Lipą)').waitFor();
    const email = uniqueEmail('klient.plakat');
    await page.getByLabel('Imię i nazwisko').fill('Ola z Plakatu');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Hasło').fill(PASSWORD);
    await page.getByLabel(/Akceptuję/).check();
    await page.getByRole('button', { name: 'Załóż konto' }).click();
    await page.getByText('Link aktywacyjny wysłany').waitFor();

    await activateFromMailbox(page, email);
    await page
      .getByText('Zaloguj się, a wrócisz do programu, do którego dołączasz.', { exact: false })
      .waitFor();
    await page.getByRole('link', { name: 'Zaloguj się' }).last().click();
    await page.getByRole('heading', { level: 1, name: 'Logowanie klienta' }).waitFor();
    await submitLogin(page, email);
    // back on the café's program, signed in
    await page.waitForURL((url) => url.pathname === '/dodaj-karte-do-portfela');
    await page.getByText('Kawa za punkty').first().waitFor();
    await page.getByRole('button', { name: 'Dołącz do programu' }).click();
    await page.getByText('Jesteś w programie!').waitFor();
    // the card is issued over the bus: the wallet buttons follow
    await page
      .getByRole('button', { name: /Dodaj do Apple Wallet|Zapisz w Google Wallet/ })
      .first()
      .waitFor();

    await page.goto('/klient/karty');
    await page.getByText('Kawiarnia Pod Lipą').first().waitFor();
    expect(await page.getByText('Nie masz jeszcze kart').count()).toBe(0);
  });

  it('someone with an account who chose „Załóż konto” logs in from there and is back on the programme', async () => {
    const owner = await ownerWithProgram();
    const email = uniqueEmail('klient.ma.konto');
    await activeAccount('customer', email, 'Marek Ma Konto');
    const page = await newPage({ viewport: PHONE });
    await page.goto(`/k/${owner.program.shortCode}`);
    await page.getByRole('link', { name: 'Załóż konto' }).click();
    await page.waitForURL((url) => url.pathname === '/stworz-konto');
    await page.getByRole('link', { name: 'Zaloguj się' }).last().click();
    await page.getByRole('heading', { level: 1, name: 'Logowanie klienta' }).waitFor();
    await submitLogin(page, email);
    await page.waitForURL((url) => url.pathname === '/dodaj-karte-do-portfela');
    await page.getByRole('button', { name: 'Dołącz do programu' }).click();
    await page.getByText('Jesteś w programie!').waitFor();
  });
});
