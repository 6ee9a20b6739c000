import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  invitedEmployee,
  logIn,
  mailTo,
  ownerWithProgram,
  PASSWORD,
  submitLogin,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';
import { PHONE, useBrowser } from '../../scripts/testing/browser';

// „Moje konto” in the panel (issue 33): owners and employees change their own password and e-mail address
// (confirmed by a link; an employee's: employee-email.e2e.spec.ts), and an owner also the name; an employee's
// name is the company's record, which the owner keeps, and the page says so. Against the built product
// (`npm run build` first).
const { newPage } = useBrowser();

const NEW_PASSWORD = 'Herbata2026lepsza';
let owner: OwnerWithProgram;

/** „Zmiana hasła” of the page: PASSWORD → NEW_PASSWORD, confirmed by the toast */
async function changePassword(page: Page) {
  const password = page.getByRole('form', { name: 'Zmiana hasła' });
  await password.getByLabel('Obecne hasło').fill(PASSWORD);
  await password.getByLabel('Nowe hasło', { exact: true }).fill(NEW_PASSWORD);
  await password.getByLabel('Powtórz nowe hasło').fill(NEW_PASSWORD);
  await password.getByRole('button', { name: 'Zmień hasło' }).click();
  await page.getByText('Hasło zostało zmienione.').waitFor();
}

beforeAll(async () => {
  owner = await ownerWithProgram();
});

describe('Moje konto', () => {
  it('the owner opens it from the account menu and changes the name, the password and the e-mail', async () => {
    const page = await newPage({ viewport: { width: 1280, height: 900 } });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname === '/panel');
    await page.getByRole('button', { name: /Menu konta: Anna Właścicielka/ }).click();
    await page.getByRole('menuitem', { name: 'Moje konto' }).click();
    await page.waitForURL((url) => url.pathname === '/panel/konto');
    await page.getByRole('heading', { name: 'Moje konto' }).waitFor();

    const name = page.getByRole('form', { name: 'Imię i nazwisko' });
    await name.getByLabel('Imię i nazwisko').fill('Anna Kowalska');
    await name.getByRole('button', { name: 'Zapisz' }).click();
    await page.getByText('Zapisano zmiany.').waitFor();
    await page.getByRole('button', { name: /Menu konta: Anna Kowalska/ }).waitFor();

    await changePassword(page);

    const newEmail = uniqueEmail('anna.kowalska');
    const email = page.getByRole('form', { name: 'Zmiana adresu e-mail' });
    await email.getByLabel('Nowy adres e-mail').fill(newEmail);
    await email.getByRole('button', { name: 'Zmień adres e-mail' }).click();
    await email.getByText(newEmail).waitFor();
    const link = /(\/aktywacja-konta\?token=[A-Za-z0-9_-]+&(?:amp;)?cel=email)/.exec(
      await mailTo(newEmail, /Potwierdź nowy adres/),
    )?.[1];
    expect(link, 'the confirmation link').toBeTruthy();
    await page.goto(link!.replace('&amp;', '&'));
    await page.getByText('Adres e-mail został zmieniony').waitFor();

    // a fresh browser: the new address and the new password log in, the old password no longer does
    const again = await newPage({ viewport: { width: 1280, height: 900 } });
    await logIn(again, '/zaloguj', newEmail);
    await again.getByRole('alert').filter({ hasText: 'Nieprawidłowy e-mail lub hasło.' }).waitFor();
    await submitLogin(again, newEmail, NEW_PASSWORD);
    await again.waitForURL((url) => url.pathname === '/panel');
  });

  it('an employee changes the password on a phone; the name is the company’s to change', async () => {
    // another company: the first test's password change ended its owner's other sessions
    const employee = await invitedEmployee(await ownerWithProgram(), ['cards.scan']);
    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj', employee.email);
    await page.waitForURL((url) => url.pathname.startsWith('/panel'));
    await page.goto('/panel/konto');
    await page.getByText('Twoje imię i nazwisko ustala firma', { exact: false }).waitFor();
    expect(await page.getByRole('form', { name: 'Imię i nazwisko' }).count()).toBe(0);
    // the e-mail is the employee's own since ADR 0053
    expect(await page.getByRole('form', { name: 'Zmiana adresu e-mail' }).count()).toBe(1);

    await changePassword(page);
    const again = await newPage({ viewport: PHONE });
    await logIn(again, '/zaloguj', employee.email, NEW_PASSWORD);
    await again.waitForURL((url) => url.pathname.startsWith('/panel'));
  });
});
