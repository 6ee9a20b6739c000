import { describe, expect, it } from 'vitest';
import {
  invitedEmployee,
  logIn,
  mailTo,
  ownerWithProgram,
  submitLogin,
  uniqueEmail,
} from '../../scripts/testing/actors';
import { DESKTOP, PHONE, useBrowser } from '../../scripts/testing/browser';

// Issue 33, "Accounts in the panel": an employee changes their own e-mail on /panel/konto, confirmed by a link
// to the new address; the old address keeps working until then. Once confirmed, the employee signs in with the
// new address only, and the owner's „Pracownicy” shows it (identity's StaffEmailChanged → the company's record,
// ADR 0053). Against the built product (`npm run build` first).
const { newPage } = useBrowser();

describe.each([
  ['a phone', PHONE],
  ['a desktop', DESKTOP],
] as const)('an employee changes their own e-mail on %s', (_, viewport) => {
  it('pending notice → link → the new address signs in, the old one not → the owner’s „Pracownicy” shows it', async () => {
    const owner = await ownerWithProgram();
    const employee = await invitedEmployee(owner, ['cards.scan']);
    const page = await newPage({ viewport });
    await logIn(page, '/zaloguj', employee.email);
    await page.waitForURL((url) => url.pathname.startsWith('/panel'));
    await page.goto('/panel/konto');
    // the name stays the company's to set; the address is the employee's own
    await page.getByText('Twoje imię i nazwisko ustala firma', { exact: false }).waitFor();
    expect(await page.getByRole('form', { name: 'Imię i nazwisko' }).count()).toBe(0);

    const newEmail = uniqueEmail('pracownik.nowy');
    const form = page.getByRole('form', { name: 'Zmiana adresu e-mail' });
    await form.getByLabel('Nowy adres e-mail').fill(employee.email);
    await form.getByRole('button', { name: 'Zmień adres e-mail' }).click();
    await form.getByText('To jest Twój obecny adres e-mail.').waitFor();
    await form.getByLabel('Nowy adres e-mail').fill(newEmail);
    await form.getByRole('button', { name: 'Zmień adres e-mail' }).click();
    const pending = form.getByRole('alert').filter({ hasText: 'Potwierdź nowy adres' });
    await pending.getByText(newEmail).waitFor();
    expect(await pending.isVisible()).toBe(true);
    await pending.getByRole('button', { name: 'Wyślij ponownie' }).click();
    await page.getByText('Wysłaliśmy link potwierdzający na nowy adres e-mail.').waitFor();

    // until the link is opened, the old address still signs in
    const before = await newPage({ viewport });
    await logIn(before, '/zaloguj', employee.email);
    await before.waitForURL((url) => url.pathname.startsWith('/panel'));

    const link = /(\/aktywacja-konta\?token=[A-Za-z0-9_-]+&(?:amp;)?cel=email)/.exec(
      await mailTo(newEmail, /Potwierdź nowy adres/),
    )?.[1];
    expect(link, 'the confirmation link').toBeTruthy();
    const confirm = await newPage({ viewport });
    await confirm.goto(link!.replace('&amp;', '&'));
    await confirm.getByText('Adres e-mail został zmieniony').waitFor();
    await confirm.locator('#main').getByRole('link', { name: 'Zaloguj się' }).click();
    await confirm.waitForURL((url) => url.pathname === '/zaloguj');
    // the login form, once the confirmation's alert (labelled „Adres e-mail…”) has left the page
    await confirm.getByText('Adres e-mail został zmieniony').waitFor({ state: 'detached' });
    await submitLogin(confirm, employee.email);
    await confirm.getByRole('alert').filter({ hasText: 'Nieprawidłowy e-mail lub hasło.' }).waitFor();
    await submitLogin(confirm, newEmail);
    await confirm.waitForURL((url) => url.pathname.startsWith('/panel'));
    await confirm.goto('/panel/konto');
    await confirm.getByText(newEmail, { exact: true }).first().waitFor();

    // the owner's list follows (through the bus): reload until it shows the new address
    const ownerPage = await newPage({ viewport });
    await logIn(ownerPage, '/zaloguj', owner.email);
    await ownerPage.waitForURL((url) => url.pathname === '/panel');
    await ownerPage.goto('/panel/pracownicy');
    await ownerPage.getByRole('heading', { name: 'Pracownicy', level: 1 }).waitFor();
    const deadline = Date.now() + 15_000;
    while (!(await ownerPage.getByText(newEmail).isVisible()) && Date.now() < deadline) {
      await ownerPage.waitForTimeout(500);
      await ownerPage.reload();
      await ownerPage.getByRole('heading', { name: 'Pracownicy', level: 1 }).waitFor();
    }
    await ownerPage.getByText(newEmail).waitFor();
    expect(await ownerPage.getByText(employee.email).count()).toBe(0);
  });
});
