import {
  activateFromMailbox,
  activeAccount,
  logIn,
  ownerWithProgram,
  PASSWORD,
  registerInBrowser as register,
  signedUpCustomer,
  signedUpOwner,
  submitLogin,
  uniqueEmail,
} from '../../scripts/testing/actors';
import { appHasStarted, maintenanceStatusAnswer } from '../../scripts/testing/app-start';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

// Sign-up, activation, login, guards and account deletion in a browser, against the real identity service
// of the built product (`npm run build` first). The product runs with ACCESS_TOKEN_TTL_SECONDS=20. Every
// page is a fresh profile of a returning visitor: the cookie dialog (overlays.e2e.spec.ts) stays away.
const { newPage } = useBrowser();
const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('signing up and logging in', () => {
  it('a business owner registers, activates the account from the e-mail, logs in and is asked to complete the company', async () => {
    const page = await newPage();
    const email = uniqueEmail('wlasciciel');
    await register(page, 'Firma', 'Anna Nowak', email);
    expect(await page.getByText('Potwierdź e-mail').first().isVisible()).toBe(true);

    await activateFromMailbox(page, email);
    await page.getByRole('link', { name: 'Zaloguj się' }).last().click();
    await submitLogin(page, email);

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
    const page = await newPage({ viewport: PHONE });
    const email = await signedUpCustomer(page, 'Jan Kowalski');
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

describe('the login page rendered at build time', () => {
  it('takes what a person types before the app has started, and Enter logs them in', async () => {
    const email = uniqueEmail('klient.wczesny');
    await activeAccount('customer', email, 'Ewa Wczesna');
    const page = await newPage({ viewport: PHONE });
    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));
    // the page is the build's HTML, and its own script is in place (it asks for the maintenance status)
    await Promise.all([maintenanceStatusAnswer(page), page.goto('/zaloguj?type=customer')]);
    expect(await appHasStarted(page)).toBe(false);
    // typed key by key: focusing the field starts the app, which adopts the form while the person types
    await page.getByLabel('E-mail').pressSequentially(email, { delay: 15 });
    await page.getByLabel(/^Hasło/).pressSequentially(PASSWORD, { delay: 15 });
    await page.getByLabel(/^Hasło/).press('Enter');
    await page.waitForURL((url) => url.pathname === '/klient');
    await page.getByRole('heading', { name: 'Witaj, Ewa Wczesna!' }).waitFor();
    expect(logs.filter((l) => l.includes('wyrenderowana ponownie'))).toEqual([]); // adopted, not rebuilt
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

  it('the gateway sends a signed-out visitor to the built login page before any of the app loads, and logging in comes back', async () => {
    const owner = await ownerWithProgram();
    const page = await newPage({ viewport: PHONE });
    const answer = await page.goto('/panel/klienci?strona=2');
    // one HTTP redirect by the gateway (ADR 0063), not the app's guard after the app had loaded
    expect(answer?.request().redirectedFrom()?.url()).toMatch(/\/panel\/klienci\?strona=2$/);
    expect(pathOf(page)).toBe('/zaloguj');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/panel/klienci?strona=2');
    // the login page as built (pre-rendered), served for any target to come back to
    await page.getByRole('heading', { name: 'Logowanie', exact: true }).waitFor();
    expect(await page.locator('#root[data-prerendered]').count()).toBe(1);

    await submitLogin(page, owner.email);
    await page.waitForURL((url) => url.pathname === '/panel/klienci');
    await page.getByRole('heading', { name: 'Klienci', level: 1 }).waitFor();
  });

  it('a customer cannot open the business panel: they are sent to their own area', async () => {
    const page = await newPage();
    await signedUpCustomer(page, 'Jan Kowalski');
    await page.goto('/panel');
    await page.waitForURL((url) => url.pathname === '/klient');
    await page.getByRole('heading', { name: /Witaj/ }).waitFor();
  });

  it('a business owner cannot open the customer area: they are sent to theirs', async () => {
    const page = await newPage();
    await signedUpOwner(page, 'Piotr Wiśniewski');

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
