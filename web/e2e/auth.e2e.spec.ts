import { launchBrowser } from '../../scripts/testing/browser';
import { storeCookieConsent } from '../../scripts/testing/cookie-consent';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';

// Sign-up, activation, login, guards and account deletion in a browser, against the real identity service
// of the built product (`npm run build` first). The product runs with ACCESS_TOKEN_TTL_SECONDS=20.
const baseUrl = inject('baseUrl');
const PASSWORD = 'Kawa2026dobra';

let browser: Browser;
let close: () => Promise<void>;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  ({ browser, close } = await launchBrowser());
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => close?.());

/** A fresh browser profile (own cookies and storage, a stored cookie choice) on a phone-sized or desktop screen. */
async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ locale: 'pl-PL', viewport, baseURL: baseUrl });
  contexts.push(context);
  // a returning visitor: the cookie consent dialog (covered by overlays.e2e.spec.ts) stays away
  await storeCookieConsent(context, baseUrl);
  return context.newPage();
}

let counter = 0;
const uniqueEmail = (who: string) => `${who}.${Date.now()}.${++counter}@example.pl`;
const pathOf = (page: Page) => new URL(page.url()).pathname;

async function register(page: Page, kind: 'Firma' | 'Klient', name: string, email: string) {
  await page.goto('/stworz-konto');
  await page.getByRole('button', { name: new RegExp(`^${kind}`) }).click();
  await page.getByLabel(kind === 'Firma' ? 'Imię i nazwisko właściciela' : 'Imię i nazwisko').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Hasło').fill(PASSWORD);
  await page.getByLabel(/Akceptuję/).check();
  await page.getByRole('button', { name: 'Załóż konto' }).click();
  await page.getByText('Link aktywacyjny wysłany').waitFor();
  expect(await page.getByText(email).isVisible()).toBe(true);
}

/** Opens the activation link from the dev mailbox page: the list → the message → the link. */
async function activateFromMailbox(page: Page, email: string) {
  await page.goto('/dev/mailbox');
  await page.locator('tr', { hasText: email }).getByRole('link', { name: 'Aktywuj konto w Punkto' }).click();
  const text = (await page.locator('pre').first().textContent()) ?? '';
  const link = text.match(/https?:\/\/\S*\/aktywacja-konta\?token=\S+/)?.[0];
  expect(link, `activation link in:\n${text}`).toBeTruthy();
  await page.goto(link!);
  await page.getByText('Konto jest aktywne').waitFor();
}

async function logIn(page: Page, path: string, email: string, password = PASSWORD) {
  await page.goto(path);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Hasło').fill(password);
  await page.getByRole('button', { name: 'Zaloguj się' }).last().click();
}

async function signedUpCustomer(page: Page, name = 'Jan Kowalski') {
  const email = uniqueEmail('klient');
  await register(page, 'Klient', name, email);
  await activateFromMailbox(page, email);
  await logIn(page, '/zaloguj?type=customer', email);
  await page.waitForURL((url) => url.pathname === '/klient');
  return email;
}

describe('signing up and logging in', () => {
  it('a business owner registers, activates the account from the e-mail, logs in and is asked to complete the company', async () => {
    const page = await newPage();
    const email = uniqueEmail('wlasciciel');
    await register(page, 'Firma', 'Anna Nowak', email);
    expect(await page.getByText('Potwierdź e-mail').first().isVisible()).toBe(true);

    await activateFromMailbox(page, email);
    await page.getByRole('link', { name: 'Zaloguj się' }).last().click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Hasło').fill(PASSWORD);
    await page.getByRole('button', { name: 'Zaloguj się' }).last().click();

    await page.waitForURL((url) => url.pathname === '/uzupelnij-konto');
    await page.getByRole('heading', { name: 'Uzupełnij konto' }).waitFor();
    expect(await page.getByRole('button', { name: /Menu konta: Anna Nowak/ }).isVisible()).toBe(true);
  });

  it('a customer registers, activates, logs in through the customer login and lands in the customer area', async () => {
    const page = await newPage();
    await signedUpCustomer(page, 'Jan Kowalski');
    await page.getByRole('heading', { name: 'Witaj, Jan Kowalski!' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Strefa klienta' }).isVisible()).toBe(true);
  });

  it("a wrong password shows the server's Polish message", async () => {
    const page = await newPage({ width: 390, height: 844 });
    const email = await signedUpCustomer(page);
    await page.context().clearCookies();

    await logIn(page, '/zaloguj?type=customer', email, 'ZleHaslo123');
    await page.getByRole('alert').filter({ hasText: 'Nieprawidłowy e-mail lub hasło.' }).waitFor();
    expect(pathOf(page)).toBe('/zaloguj');
  });

  it('an account that is not activated yet cannot log in and is offered a new link', async () => {
    const page = await newPage();
    const email = uniqueEmail('nieaktywny');
    await register(page, 'Klient', 'Ewa Nieaktywna', email);
    await logIn(page, '/zaloguj?type=customer', email);
    await page.getByText(/Konto nie zostało jeszcze aktywowane/).waitFor();
    expect(await page.getByRole('button', { name: 'Wyślij link aktywacyjny ponownie' }).isVisible()).toBe(
      true,
    );
  });
});

describe('areas and roles', () => {
  it('an anonymous visitor is sent to the right login page, remembering where they were going', async () => {
    const page = await newPage();
    await page.goto('/klient/karty');
    await page.waitForURL((url) => url.pathname === '/zaloguj');
    expect(new URL(page.url()).searchParams.get('type')).toBe('customer');
    await page.getByRole('heading', { name: 'Logowanie klienta' }).waitFor();

    await page.goto('/panel');
    await page.waitForURL((url) => url.pathname === '/zaloguj');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/panel');
  });

  it('a customer cannot open the business panel: they are sent to their own area', async () => {
    const page = await newPage();
    await signedUpCustomer(page);
    await page.goto('/panel');
    await page.waitForURL((url) => url.pathname === '/klient');
    await page.getByRole('heading', { name: /Witaj/ }).waitFor();
  });

  it('a business owner cannot open the customer area: they are sent to theirs', async () => {
    const page = await newPage();
    const email = uniqueEmail('wlasciciel');
    await register(page, 'Firma', 'Piotr Wiśniewski', email);
    await activateFromMailbox(page, email);
    await logIn(page, '/zaloguj', email);
    await page.waitForURL((url) => url.pathname === '/uzupelnij-konto');

    await page.goto('/klient');
    // /klient → /panel; /panel has already sent this owner to /uzupelnij-konto once, so the panel opens
    await page.waitForURL((url) => url.pathname === '/panel');
    await page.getByRole('heading', { name: 'Panel firmy' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Strefa klienta' }).count()).toBe(0);
  });
});

describe('the session', () => {
  it('survives past the access-token lifetime (20 s here): the profile page still loads', async () => {
    const page = await newPage();
    const email = await signedUpCustomer(page, 'Ola Cierpliwa');
    const refreshes: number[] = [];
    page.on('response', (r) => r.url().endsWith('/api/v1/users/refresh') && refreshes.push(r.status()));

    await page.waitForTimeout(25_000);
    await page.goto('/klient/profil');
    await page.getByText('Zalogowano jako').waitFor();
    expect(await page.getByText(email).first().isVisible()).toBe(true);
    expect(pathOf(page)).toBe('/klient/profil');
    expect(refreshes).toContain(200);
  });

  it('logging out from the header menu ends the session', async () => {
    const page = await newPage();
    await signedUpCustomer(page, 'Marek Wychodzący');
    await page.getByRole('button', { name: /Menu konta: Marek Wychodzący/ }).click();
    await page.getByRole('menuitem', { name: 'Wyloguj' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Zaloguj się' }).first().waitFor();

    await page.goto('/klient');
    await page.waitForURL((url) => url.pathname === '/zaloguj');
  });
});

describe('deleting the account', () => {
  it('asks for the password, logs out, goes home, and the account can no longer log in', async () => {
    const page = await newPage();
    const email = await signedUpCustomer(page, 'Zofia Odchodząca');
    await page.goto('/klient/ustawienia');
    await page.getByRole('button', { name: 'Usuń konto' }).click();

    const dialog = page.getByRole('dialog', { name: 'Usunąć konto na zawsze?' });
    await dialog.getByRole('button', { name: 'Usuń konto na zawsze' }).click();
    await dialog.getByText('Podaj hasło, aby potwierdzić.').waitFor();
    await dialog.getByLabel('Hasło').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Usuń konto na zawsze' }).click();

    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Twoje konto zostało usunięte.').waitFor();
    await page.getByRole('link', { name: 'Zaloguj się' }).first().waitFor();

    await logIn(page, '/zaloguj?type=customer', email);
    await page.getByRole('alert').filter({ hasText: 'Nieprawidłowy e-mail lub hasło.' }).waitFor();
    expect(pathOf(page)).toBe('/zaloguj');
  });
});
