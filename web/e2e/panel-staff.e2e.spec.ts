import {
  activeAccount,
  logIn,
  logInAndJoin,
  mailTo,
  ownerWithProgram,
  unique,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';
import { seriousAxeViolations } from '../../scripts/testing/axe';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

// The business panel's staff screens in a browser, against the built product (`npm run build` first):
// services, employees with their permissions, clients, the enrolment link + poster, and the public join page.
// The owner, their company and a points program are set up through the API, as the setup screens are
// covered by panel-setup.e2e.spec.ts.
const EMPLOYEE_PASSWORD = 'Praca2026dobra';

// the owner's page stays signed in from one test to the next
const { newPage } = useBrowser({ keepPagesBetweenTests: true });

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

let owner: OwnerWithProgram;
let ownerPage: Page;
const employee = { name: 'Ewa Pracownik', email: '' };
const clientName = `Zofia Klientka ${unique()}`;

beforeAll(async () => {
  owner = await ownerWithProgram();
  employee.email = uniqueEmail('pracownik');
  ownerPage = await newPage();
  await logIn(ownerPage, '/zaloguj', owner.email);
  await ownerPage.waitForURL((url) => url.pathname === '/panel');
});

describe('the services catalogue', () => {
  it('the owner adds a service with a price typed in złoty; mistakes are explained in Polish', async () => {
    const page = ownerPage;
    await page.getByRole('navigation', { name: 'Panel firmy' }).getByRole('link', { name: 'Usługi' }).click();
    await page.getByRole('heading', { name: 'Usługi', level: 1 }).waitFor();
    await page.getByText('Nie masz jeszcze żadnych usług').waitFor();

    await page.getByRole('button', { name: 'Dodaj usługę' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nowa usługa' });
    await dialog.getByLabel('Nazwa usługi').fill('Cappuccino');
    await dialog.getByLabel('Cena (zł)').fill('12,505');
    await dialog.getByRole('button', { name: 'Dodaj usługę' }).click();
    await dialog.getByText('Cenę podaj w złotych, np. 12,50.').waitFor();

    await dialog.getByLabel('Cena (zł)').fill('12,50');
    await dialog.getByRole('button', { name: 'Dodaj usługę' }).click();
    await toast(page, 'Dodano usługę „Cappuccino”.').waitFor();

    const row = page.getByRole('table', { name: 'Usługi' }).getByRole('row', { name: /Cappuccino/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('12,50 zł');
    expect(await row.textContent()).toContain('wg ceny');

    // edit: fixed points instead of "by price"
    await row.getByRole('button', { name: 'Edytuj usługę Cappuccino' }).click();
    const edit = page.getByRole('dialog', { name: 'Edytuj usługę' });
    expect(await edit.getByLabel('Cena (zł)').inputValue()).toBe('12,50');
    await edit.getByLabel('Stała liczba punktów').fill('15');
    await edit.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await toast(page, 'Zapisano usługę „Cappuccino”.').waitFor();
    await expect.poll(() => row.textContent()).toContain('15 pkt');

    // a second service, deleted after a confirmation
    await page.getByRole('button', { name: 'Dodaj usługę' }).click();
    await dialog.getByLabel('Nazwa usługi').fill('Espresso');
    await dialog.getByLabel('Cena (zł)').fill('8.5');
    await dialog.getByRole('button', { name: 'Dodaj usługę' }).click();
    const espresso = page.getByRole('table', { name: 'Usługi' }).getByRole('row', { name: /Espresso/ });
    await espresso.waitFor();
    expect(await espresso.textContent()).toContain('8,50 zł');
    await espresso.getByRole('button', { name: 'Usuń usługę Espresso' }).click();
    const confirm = page.getByRole('dialog', { name: 'Usunąć usługę?' });
    await confirm.getByRole('button', { name: 'Usuń usługę' }).click();
    await toast(page, 'Usunięto usługę „Espresso”.').waitFor();
    await espresso.waitFor({ state: 'detached' });
    expect(await row.isVisible()).toBe(true);
  });
});

describe('employees and their permissions', () => {
  it('the owner invites an employee who may only scan cards', async () => {
    const page = ownerPage;
    await page
      .getByRole('navigation', { name: 'Panel firmy' })
      .getByRole('link', { name: 'Pracownicy' })
      .click();
    await page.getByRole('heading', { name: 'Pracownicy', level: 1 }).waitFor();
    await page.getByText('Nie masz jeszcze pracowników').waitFor();

    await page.getByRole('button', { name: 'Zaproś pracownika' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zaproś pracownika' });
    await dialog.getByLabel('Imię i nazwisko').fill(employee.name);
    await dialog.getByLabel('E-mail').fill(employee.email);
    await dialog.getByLabel('Skanowanie kart klientów').check();
    await dialog.getByRole('button', { name: 'Wyślij zaproszenie' }).click();
    await toast(page, `Zaproszenie wysłane na adres ${employee.email}.`).waitFor();

    const row = page
      .getByRole('table', { name: 'Pracownicy' })
      .getByRole('row', { name: new RegExp(employee.name) });
    await row.getByText('Zaproszony').waitFor();
    const matrix = page.getByRole('table', { name: 'Uprawnienia pracowników' });
    expect(await matrix.getByLabel(`Skanowanie kart klientów — ${employee.name}`).isChecked()).toBe(true);
    expect(await matrix.getByLabel(`Przeglądanie klientów — ${employee.name}`).isChecked()).toBe(false);
  });

  it('the employee sets a password from the invitation and sees only what the permission allows', async () => {
    const mail = await mailTo(employee.email, /zaprasza/);
    const token = /reset-hasla\?token=([A-Za-z0-9_-]+)(?:&amp;|&)zaproszenie=pracownik/.exec(mail)?.[1];
    expect(token, `invitation link in:\n${mail}`).toBeTruthy();

    const page = await newPage({ viewport: PHONE });
    await page.goto(`/reset-hasla?token=${token}&zaproszenie=pracownik`);
    await page.getByRole('heading', { name: 'Aktywuj konto' }).waitFor();
    await page.getByText('Ustaw hasło, aby aktywować konto pracownika').waitFor();
    await page.getByLabel(/^Hasło/).fill(EMPLOYEE_PASSWORD);
    await page.getByLabel('Powtórz hasło').fill(EMPLOYEE_PASSWORD);
    await page.getByRole('button', { name: 'Ustaw hasło' }).click();
    await page.getByText('Konto jest aktywne').waitFor();

    await logIn(page, '/zaloguj', employee.email, EMPLOYEE_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/panel');
    const nav = page.getByRole('navigation', { name: 'Panel firmy' });
    await nav.getByRole('link', { name: 'Skaner' }).waitFor();
    const sections = await nav.getByRole('link').allTextContents();
    expect(sections).toEqual(['Start', 'Skaner', 'Plakat i link zapisu']);

    await page.goto('/panel/klienci');
    await page.getByRole('heading', { name: 'Brak dostępu' }).waitFor();
    expect(await page.getByRole('table', { name: 'Klienci' }).count()).toBe(0);
    await page.goto('/panel/pracownicy');
    await page.getByRole('heading', { name: 'Brak dostępu' }).waitFor();

    // the enrolment link and poster are for every member of the staff
    await page.goto('/panel/plakat');
    await page.getByRole('heading', { name: 'Plakat i link zapisu' }).waitFor();
    expect(await page.getByLabel('Link do zapisu').inputValue()).toBe(owner.program.enrolmentUrl);
  });

  it('the owner sees the employee active and changes a permission; the change is saved at once', async () => {
    const page = ownerPage;
    const row = page
      .getByRole('table', { name: 'Pracownicy' })
      .getByRole('row', { name: new RegExp(employee.name) });
    // identity reports the activation to the tenant service through the bus
    await expect
      .poll(
        async () => {
          await page.reload();
          await row.waitFor();
          return row.getByText('Aktywny').count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);

    const matrix = page.getByRole('table', { name: 'Uprawnienia pracowników' });
    const clientsView = matrix.getByLabel(`Przeglądanie klientów — ${employee.name}`);
    // the tick shows once the optimistic update has rendered (after the list's in-flight refetch is cancelled),
    // which can take longer than Playwright's check() waits on a busy machine: click, then wait for what shows
    await clientsView.click();
    await expect.poll(() => clientsView.isChecked()).toBe(true);
    await toast(page, `${employee.name}: nadano „Przeglądanie klientów”.`).waitFor();
    await page.reload();
    await matrix.waitFor();
    expect(await clientsView.isChecked()).toBe(true);

    await clientsView.click();
    await expect.poll(() => clientsView.isChecked()).toBe(false);
    await toast(page, `${employee.name}: odebrano „Przeglądanie klientów”.`).waitFor();
    await page.reload();
    await matrix.waitFor();
    expect(await clientsView.isChecked()).toBe(false);
    expect(await matrix.getByLabel(`Skanowanie kart klientów — ${employee.name}`).isChecked()).toBe(true);

    // the employee's menu offers a password reset once they are active
    await row.getByRole('button', { name: `Akcje: ${employee.name}` }).click();
    await page.getByRole('menuitem', { name: 'Wyślij link do zmiany hasła' }).click();
    await toast(page, /hasła/).waitFor();
  });

  it('on a phone the permission matrix becomes one card per employee', async () => {
    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj?redirect=/panel/pracownicy', owner.email);
    await page.waitForURL((url) => url.pathname === '/panel/pracownicy');
    const card = page.getByRole('group', { name: `Uprawnienia: ${employee.name}` });
    await card.waitFor();
    expect(await card.getByLabel('Skanowanie kart klientów').isChecked()).toBe(true);
    expect(await card.getByLabel('Analityka').isChecked()).toBe(false);
    expect(await page.getByRole('table', { name: 'Uprawnienia pracowników' }).count()).toBe(0);
  });
});

describe('clients', () => {
  it('the owner adds a new client and finds them by searching; the list state lives in the URL', async () => {
    const page = ownerPage;
    await page
      .getByRole('navigation', { name: 'Panel firmy' })
      .getByRole('link', { name: 'Klienci' })
      .click();
    await page.getByRole('heading', { name: 'Klienci', level: 1 }).waitFor();
    await page.getByText('Nie masz jeszcze klientów').waitFor();

    await page.getByRole('button', { name: 'Dodaj klienta' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Dodaj klienta' });
    await dialog.getByRole('tab', { name: 'Nowy klient' }).waitFor();
    await dialog.getByLabel('Imię i nazwisko').fill(clientName);
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(uniqueEmail('klientka'));
    await dialog.getByLabel('Telefon (opcjonalnie)').fill('600 1');
    await dialog.getByRole('button', { name: 'Dodaj klienta' }).click();
    await dialog
      .getByText(
        'Nieprawidłowy numer telefonu — podaj polski numer (9 cyfr) albo numer z kierunkowym kraju, np. +49 151 23456789.',
      )
      .waitFor();
    await dialog.getByLabel('Telefon (opcjonalnie)').fill('600 100 200');
    await dialog.getByRole('button', { name: 'Dodaj klienta' }).click();
    await toast(page, `Dodano klienta ${clientName}.`).waitFor();

    const surname = clientName.split(' ').at(-1)!;
    await page.getByLabel('Szukaj klienta').fill(surname);
    await page.waitForURL((url) => url.searchParams.get('szukaj') === surname);
    const table = page.getByRole('table', { name: 'Klienci' });
    await table.getByRole('link', { name: clientName }).waitFor();
    expect(await table.getByRole('row').count()).toBe(2); // the header and our client

    await table.getByRole('link', { name: clientName }).click();
    await page.getByRole('heading', { name: clientName, level: 1 }).waitFor();
    await page.getByText('+48 600 100 200').waitFor();
    // staff typed this number: no "unconfirmed" label (that is for numbers customers give)
    expect(await page.getByText('niepotwierdzony').count()).toBe(0);
    await page.getByText('Kawa za punkty', { exact: true }).waitFor();
    // the new client's card, issued with their account
    const clientCard = page.getByRole('region', { name: 'Karta lojalnościowa' });
    await clientCard.getByTestId('client-card-number').waitFor();
    expect(await clientCard.getByTestId('client-card-balance').textContent()).toBe('0 pkt');

    // back restores the searched list
    await page.goBack();
    await table.getByRole('link', { name: clientName }).waitFor();
    expect(await page.getByLabel('Szukaj klienta').inputValue()).toBe(surname);

    await page.getByLabel('Szukaj klienta').fill('nikogo-takiego-nie-ma');
    await page.getByText('Nie znaleziono klientów').waitFor();
  });
});

describe('the enrolment link, the poster and the join page', () => {
  it('the owner copies the link and downloads the A4 poster as a PDF', async () => {
    const page = ownerPage;
    await page
      .getByRole('navigation', { name: 'Panel firmy' })
      .getByRole('link', { name: 'Plakat i link zapisu' })
      .click();
    await page.getByRole('heading', { name: 'Kawa za punkty' }).waitFor();
    expect(await page.getByLabel('Link do zapisu').inputValue()).toBe(owner.program.enrolmentUrl);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Pobierz plakat A4 (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('plakat-kawa-za-punkty.pdf');
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5_000);
  });

  it('a customer opens the enrolment link, logs in and joins the program', async () => {
    const email = uniqueEmail('klient');
    await activeAccount('customer', email, 'Jan Klient');
    const page = await newPage({ viewport: PHONE });
    await page.goto(owner.program.enrolmentUrl);
    await page.getByRole('heading', { name: 'Kawa za punkty', level: 1 }).waitFor();
    await page.getByText('Kawiarnia Pod Lipą').waitFor();

    // log in from the enrolment page, back on it as a customer, and join
    await logInAndJoin(page, email);
    // the new card's wallet buttons, as soon as the card ledger has issued it
    await page.getByText('Dodaj kartę do portfela w telefonie — będzie się aktualizować sama.').waitFor();
    await page.getByRole('button', { name: 'Dodaj do Apple Wallet' }).waitFor();
    expect(await page.getByRole('link', { name: 'Przejdź do Moich kart' }).getAttribute('href')).toBe(
      '/klient/karty',
    );

    await page.reload();
    await page.getByRole('button', { name: 'Dołącz do programu' }).click();
    await page.getByText('Już należysz do tego programu').waitFor();

    // the company sees the customer who joined by themselves
    await ownerPage.goto(`/panel/klienci?szukaj=${encodeURIComponent(email)}`);
    await ownerPage
      .getByRole('table', { name: 'Klienci' })
      .getByRole('link', { name: 'Jan Klient' })
      .waitFor();

    // adding the same customer again as an existing client is refused under the e-mail field
    await ownerPage.getByRole('button', { name: 'Dodaj klienta' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Dodaj klienta' });
    await dialog.getByRole('tab', { name: 'Istniejący klient' }).click();
    await dialog.getByLabel('E-mail klienta').fill(email);
    await dialog.getByRole('button', { name: 'Zapisz do programu' }).click();
    await dialog.getByText('Ten klient jest już zapisany do tego programu.').waitFor();
    // another address is accepted (the company does not learn whether it has an account)
    const other = uniqueEmail('stalaklientka');
    await dialog.getByLabel('E-mail klienta').fill(other);
    await dialog.getByRole('button', { name: 'Zapisz do programu' }).click();
    await toast(ownerPage, `Zapisaliśmy klienta ${other} do programu.`).waitFor();
    await ownerPage.keyboard.press('Escape');

    // the client's page shows their card: number, program, balance, status
    await ownerPage.goto(`/panel/klienci?szukaj=${encodeURIComponent(email)}`);
    await ownerPage.getByRole('table', { name: 'Klienci' }).getByRole('link', { name: 'Jan Klient' }).click();
    const clientCard = ownerPage.getByRole('region', { name: 'Karta lojalnościowa' });
    await clientCard.getByTestId('client-card-number').waitFor();
    expect(await clientCard.getByTestId('client-card-number').textContent()).toMatch(/^\d{4} \d{4} \d{2}$/);
    expect(await clientCard.getByTestId('client-card-balance').textContent()).toBe('0 pkt');
    await clientCard.getByText('Program: Kawa za punkty').waitFor();
    await clientCard.getByText('aktywna').waitFor();
  });

  it('the clients list sorts by a column header, remembered in the URL', async () => {
    const page = ownerPage;
    await page.goto('/panel/klienci');
    const table = page.getByRole('table', { name: 'Klienci' });
    await table.waitFor();
    const nameHeader = table.getByRole('columnheader', { name: /Imię i nazwisko/ });
    expect(await nameHeader.getAttribute('aria-sort')).toBe('none');
    await nameHeader.getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('sortuj') === 'name');
    expect(new URL(page.url()).searchParams.get('kolejnosc')).toBe('rosnaco');
    await expect.poll(() => nameHeader.getAttribute('aria-sort')).toBe('ascending');
    const names = async () =>
      (await table.locator('tbody tr td:first-child').allTextContents()).map((n) => n.trim());
    await expect
      .poll(async () => {
        const list = await names();
        return (
          list.length > 1 && list.join('|') === [...list].sort((a, b) => a.localeCompare(b, 'pl')).join('|')
        );
      })
      .toBe(true);

    await nameHeader.getByRole('button').click();
    await expect.poll(() => nameHeader.getAttribute('aria-sort')).toBe('descending');
    await page.goBack();
    await expect.poll(() => nameHeader.getAttribute('aria-sort')).toBe('ascending');
  });

  it('a business account is told to use a customer account; an unknown program is a Polish not-found', async () => {
    await ownerPage.goto(owner.program.enrolmentUrl);
    await ownerPage.getByText('Zaloguj się jako klient, aby dołączyć').waitFor();
    expect(await ownerPage.getByRole('button', { name: 'Dołącz do programu' }).count()).toBe(0);

    const page = await newPage();
    await page.goto(`/dodaj-karte-do-portfela?program=nieznany&firma=${owner.tenantId}`);
    await page.getByRole('heading', { name: 'Nie znaleziono programu' }).waitFor();
    await page.goto('/dodaj-karte-do-portfela');
    await page.getByRole('heading', { name: 'Nieprawidłowy link' }).waitFor();
  });
});

describe('a section whose data does not load', () => {
  it('says what failed in Polish and loads again on "Spróbuj ponownie", on a phone too', async () => {
    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname === '/panel');
    // the tenant service is down for the programs call only
    await page.route('**/api/v1/tenants/*/loyalty-programs', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'UPSTREAM_UNAVAILABLE',
          localizedMessage: 'Usługa chwilowo niedostępna.',
        }),
      }),
    );
    await page.goto('/panel/programy');
    const alert = page.getByRole('alert').filter({ hasText: 'Nie udało się pobrać programów' });
    await alert.getByText('Usługa chwilowo niedostępna.').waitFor();
    // the page still says where the person is
    await page.getByRole('heading', { name: 'Programy lojalnościowe', level: 1 }).waitFor();

    await page.unroute('**/api/v1/tenants/*/loyalty-programs');
    await alert.getByRole('button', { name: 'Spróbuj ponownie' }).click();
    await page.getByRole('heading', { name: 'Programy lojalnościowe', level: 1 }).waitFor();
    await page.getByRole('heading', { name: owner.program.name, level: 2 }).waitFor();
    expect(await alert.count()).toBe(0);
  });
});

describe('accessibility', () => {
  it('the staff screens and the join page have no serious or critical axe violations', async () => {
    const page = await newPage({ bypassCSP: true });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname === '/panel');
    const screens: Array<[string, string]> = [
      ['/panel/uslugi', 'Usługi'],
      ['/panel/pracownicy', 'Pracownicy'],
      ['/panel/klienci', 'Klienci'],
      ['/panel/plakat', 'Plakat i link zapisu'],
    ];
    const problems: string[] = [];
    for (const [path, heading] of screens) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByRole('table').or(page.getByLabel('Link do zapisu')).first().waitFor();
      problems.push(...(await seriousAxeViolations(page)).map((p) => `${path}: ${p}`));
    }
    const visitor = await newPage({ viewport: PHONE, bypassCSP: true });
    await visitor.goto(owner.program.enrolmentUrl);
    await visitor.getByRole('heading', { name: 'Kawa za punkty', level: 1 }).waitFor();
    problems.push(...(await seriousAxeViolations(visitor)).map((p) => `join page: ${p}`));
    expect(problems).toEqual([]);
  });
});
