import { COMPANY_NAME_CONFIRMATION_HINT } from '@punkto/contracts/company-name-match';
import { randomNip, TenantErrors } from '@punkto/contracts/tenant';
import { HTTPS_URL_MESSAGE } from '@punkto/contracts/web-addresses';
import {
  activeAccount,
  eventually,
  logIn,
  ownerWithProgram,
  signedUpOwner,
  uniqueEmail,
} from '../../scripts/testing/actors';
import { seriousAxeViolations } from '../../scripts/testing/axe';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

// The business owner's first steps in a browser, against the built product (`npm run build` first): register,
// complete the company at /uzupelnij-konto (company + NIP, address, first program with a scheduled and limited
// reward), land in the panel, upload a logo and see it on the card preview, and get Polish errors for a bad NIP
// and for a file that is not an image.
const COMPANY = 'Kawiarnia Pod Lipą';

const { newPage } = useBrowser();
const pathOf = (page: Page) => new URL(page.url()).pathname;

/** A registered, activated, signed-in owner without a company: the guard sends them to /uzupelnij-konto. */
async function signedInOwner(page: Page, name: string) {
  const email = await signedUpOwner(page, name);
  await page.getByRole('heading', { name: 'Uzupełnij konto' }).waitFor();
  return email;
}

/**
 * Steps 1 and 2 of the wizard: company with a valid NIP, then the address. Every company its own NIP: a NIP
 * belongs to one active company (ADR 0035). Answers the NIP.
 */
async function completeCompanyAndAddress(page: Page, companyName = COMPANY, nip = randomNip()) {
  await page.getByLabel('Nazwa firmy').fill(companyName);
  await page.getByLabel('NIP').fill(nip);
  await page.getByRole('button', { name: 'Zarejestruj firmę' }).click();

  // the session is refreshed until the token carries the new company; then the address step opens
  await page.getByLabel('Ulica i numer').waitFor({ timeout: 20_000 });
  await page.getByLabel('Ulica i numer').fill('ul. Lipowa 1');
  await page.getByLabel('Kod pocztowy').fill('00-001');
  await page.getByLabel('Miejscowość').fill('Warszawa');
  await page.getByLabel('Telefon').fill('600 100 200');
  await page.getByRole('button', { name: 'Zapisz i przejdź dalej' }).click();
  return nip;
}

/** Step 3: a points program 1 pt/zł with "Darmowa kawa" for 100 pts, once a day, Mon–Fri 08:00–12:00. */
async function createCoffeeProgram(page: Page) {
  await page.getByLabel('Nazwa programu').waitFor();
  await page.getByLabel('Nazwa programu').fill('Punkty za kawę');
  expect(await page.getByRole('radio', { name: 'Punkty' }).getAttribute('aria-checked')).toBe('true');
  await page.getByLabel('Punkty za 1 zł').fill('1');
  expect(await page.getByText('zaokrąglamy w dół do pełnych punktów').first().isVisible()).toBe(true);

  await page.getByRole('button', { name: 'Dodaj nagrodę' }).click();
  const reward = page.getByRole('group', { name: /^Nagroda 1/ });
  await reward.getByLabel('Nazwa nagrody').fill('Darmowa kawa');
  await reward.getByLabel('Koszt (punktów)').fill('100');
  for (const day of ['Pn', 'Wt', 'Śr', 'Cz', 'Pt']) await reward.getByText(day, { exact: true }).click();
  await reward.getByText('Dostępna: poniedziałek, wtorek, środa, czwartek, piątek.').waitFor();
  await reward.getByLabel('Tylko w wybranych godzinach').check();
  await reward.getByLabel('Od godziny').fill('08:00');
  await reward.getByLabel('Do godziny').fill('12:00');
  await reward.getByLabel('Na kartę dziennie').fill('1');
  await page.getByRole('button', { name: 'Utwórz program i zakończ' }).click();
}

async function pngLogo(width = 400, height = 120): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 90, alpha: 1 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${height / 2}" cy="${height / 2}" r="${height / 3}" fill="white"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();
}

/** Chooses a file through the button's file dialog, as a person would. */
async function chooseFile(
  page: Page,
  button: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(file);
}

/** `getComputedStyle` of the page (the test files are type-checked without the DOM library). */
type Styles = { getComputedStyle(element: unknown): { backgroundColor: string } };

describe('an owner sets up the company and the card', () => {
  it('registers, completes /uzupelnij-konto, lands in the panel, uploads a logo and meets the Polish errors', async () => {
    const page = await newPage();
    await signedInOwner(page, 'Anna Nowak');

    // ── /uzupelnij-konto: company → address → first program ──
    expect(await page.getByText('Firma', { exact: true }).first().isVisible()).toBe(true);
    const nip = await completeCompanyAndAddress(page);
    await createCoffeeProgram(page);

    // ── the panel: checklist and navigation ──
    await page.waitForURL((url) => url.pathname === '/panel', { timeout: 20_000 });
    await page.getByText('Gotowe! Firma jest skonfigurowana.').waitFor();
    await page.getByRole('heading', { name: 'Panel firmy', level: 1 }).waitFor();
    await page.getByText('Firma jest skonfigurowana — klienci mogą już zbierać punkty.').waitFor();
    for (const item of ['Adres firmy', 'Aktywny program lojalnościowy'])
      expect(await page.getByRole('listitem').filter({ hasText: item }).textContent()).toContain('gotowe');
    const nav = page.getByRole('navigation', { name: 'Panel firmy' });
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Start',
      'Skaner',
      'Klienci',
      'Analityka',
      'Programy',
      'Usługi',
      'Pracownicy',
      'Ankiety NPS',
      'Wiadomości',
      'Ustawienia',
      'Plakat i link zapisu',
      'Subskrypcja',
    ]);
    expect(await page.getByText(COMPANY).first().isVisible()).toBe(true);

    // ── the program as saved: list, then the editor shows the reward's rules ──
    await nav.getByRole('link', { name: 'Programy' }).click();
    const card = page.getByRole('article', { name: 'Punkty za kawę' });
    await card.waitFor();
    expect(await card.textContent()).toMatch(/Aktywny.*Punkty.*1 pkt za 1 zł.*1 nagroda/);
    await card.getByRole('link', { name: 'Edytuj program Punkty za kawę' }).click();
    const reward = page.getByRole('group', { name: 'Nagroda 1: Darmowa kawa' });
    await reward.waitFor();
    expect(await reward.getByLabel('Koszt (punktów)').inputValue()).toBe('100');
    for (const day of ['Pn', 'Wt', 'Śr', 'Cz', 'Pt'])
      expect(await reward.getByLabel(day, { exact: true }).isChecked()).toBe(true);
    for (const day of ['So', 'Nd'])
      expect(await reward.getByLabel(day, { exact: true }).isChecked()).toBe(false);
    expect(await reward.getByLabel('Od godziny').inputValue()).toBe('08:00');
    expect(await reward.getByLabel('Do godziny').inputValue()).toBe('12:00');
    expect(await reward.getByLabel('Na kartę dziennie').inputValue()).toBe('1');
    expect(await page.getByRole('radio', { name: 'Pieczątki' }).isDisabled()).toBe(true);

    // ── settings: upload a logo, see it on both card previews ──
    await nav.getByRole('link', { name: 'Ustawienia' }).click();
    await page.getByRole('heading', { name: 'Ustawienia firmy' }).waitFor();
    expect(await page.getByLabel('NIP').inputValue()).toBe(nip);
    const upload = page.waitForResponse((r) => r.url().endsWith('/upload-logo'));
    await chooseFile(page, page.getByRole('button', { name: 'Wgraj logo' }), {
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await pngLogo(),
    });
    expect((await upload).status()).toBe(200);
    await page.getByText('Logo zostało zapisane.').waitFor();
    for (const wallet of ['Apple Wallet', 'Google Wallet']) {
      const logo = page.getByRole('img', { name: `Logo firmy — podgląd karty ${wallet}` });
      await logo.waitFor();
      expect(await logo.getAttribute('src')).toMatch(/^\/api\/v1\/tenants\/[^/]+\/images\//);
      // loaded under the product's CSP, not a broken image
      await expect
        .poll(() =>
          logo.evaluate((el) => {
            const img = el as unknown as { complete: boolean; naturalWidth: number };
            return img.complete ? img.naturalWidth : 0;
          }),
        )
        .toBeGreaterThan(0);
    }
    expect(await page.getByRole('button', { name: 'Zmień logo' }).isVisible()).toBe(true);

    // the hero image: on the strip of the Apple card and at the bottom of the Google card; then removed
    await chooseFile(page, page.getByRole('button', { name: 'Wgraj zdjęcie' }), {
      name: 'kawiarnia.png',
      mimeType: 'image/png',
      buffer: await pngLogo(800, 264),
    });
    await page.getByText('Zdjęcie w tle zostało zapisane.').waitFor();
    await page.getByRole('img', { name: 'Zdjęcie w tle — podgląd karty Apple Wallet' }).waitFor();
    await page.getByRole('img', { name: 'Zdjęcie w tle — podgląd karty Google Wallet' }).waitFor();
    await page.getByRole('button', { name: 'Usuń zdjęcie' }).click();
    await page.getByText('Zdjęcie w tle zostało usunięte.').waitFor();
    expect(await page.getByRole('img', { name: /^Zdjęcie w tle — podgląd/ }).count()).toBe(0);

    // the preview follows the form as the person types
    await page.getByLabel('Nazwa firmy').fill('Kawiarnia Pod Dębem');
    expect(await page.getByTestId('apple-card-preview').textContent()).toContain('Kawiarnia Pod Dębem');
    // the preview draws the fields of a real pass (the same layout function), on a sample points card
    const appleText = await page.getByTestId('apple-card-preview').innerText();
    for (const text of [
      'KARTA',
      '1234 5678 97',
      'PUNKTY',
      '120',
      'NASTĘPNA NAGRODA',
      'Kawa gratis',
      '30 pkt',
    ])
      expect(appleText).toContain(text);
    expect(appleText).not.toContain('Jan Kowalski');
    await page.getByLabel('Kolor tła karty').fill('#2b8a3e');
    await expect
      .poll(() =>
        page
          .getByTestId('google-card-preview')
          .evaluate((el) => (globalThis as unknown as Styles).getComputedStyle(el).backgroundColor),
      )
      .toBe('rgb(43, 138, 62)');
    // ── a NIP with a wrong check digit: the Polish checksum message under the field ──
    await page.getByLabel('NIP').fill('5260250275');
    await page.getByRole('button', { name: 'Zapisz dane firmy' }).click();
    await page.getByText('Nieprawidłowy NIP: cyfra kontrolna się nie zgadza.').waitFor();
    expect(await page.getByLabel('NIP').getAttribute('aria-invalid')).toBe('true');
    // ── a website that is not https: the contract's Polish message under the field (issue 36) ──
    const website = page.getByLabel('Strona internetowa');
    await website.fill('http://lipa.pl/menu');
    await page.getByRole('button', { name: 'Zapisz dane firmy' }).click();
    await page.getByText(HTTPS_URL_MESSAGE).waitFor();
    expect(await website.getAttribute('aria-invalid')).toBe('true');
    await website.fill('');

    // ── not an image: refused before uploading (.txt) and by the server (text renamed to .png) ──
    const typeError = 'Nieobsługiwany format pliku. Wgraj obraz PNG, JPEG lub WebP.';
    await chooseFile(page, page.getByRole('button', { name: 'Zmień logo' }), {
      name: 'cennik.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Kawa 12 zł'),
    });
    await page.getByRole('alert').filter({ hasText: typeError }).waitFor();

    const refused = page.waitForResponse((r) => r.url().endsWith('/upload-logo'));
    await chooseFile(page, page.getByRole('button', { name: 'Zmień logo' }), {
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('to nie jest obraz, tylko tekst'),
    });
    expect((await refused).status()).toBe(400);
    await page.getByRole('alert').filter({ hasText: typeError }).waitFor();
    // the earlier logo is still on the card
    expect(await page.getByRole('img', { name: 'Logo firmy — podgląd karty Apple Wallet' }).isVisible()).toBe(
      true,
    );

    // ── accessibility of the screens of this journey (axe-core needs a CSP-free copy of the session) ──
    const axePage = await newPage({ bypassCSP: true, from: page.context() });
    for (const path of ['/panel', '/panel/ustawienia', '/panel/programy', '/panel/programy/nowy']) {
      await axePage.goto(path);
      await axePage.getByRole('heading', { level: 1 }).first().waitFor();
      await axePage.getByRole('navigation', { name: 'Panel firmy' }).waitFor();
      if (path === '/panel/programy/nowy')
        await axePage.getByRole('button', { name: 'Dodaj nagrodę' }).click();
      expect(await seriousAxeViolations(axePage), path).toEqual([]);
    }
  });

  it('on a phone: the wizard validates in Polish, the navigation scrolls sideways and the previews stack', async () => {
    const page = await newPage({ viewport: PHONE });
    await signedInOwner(page, 'Piotr Zieliński');

    // a wrong NIP is caught before anything is sent, with the contract's Polish message
    await page.getByLabel('Nazwa firmy').fill('Piekarnia Pod Kłosem');
    await page.getByLabel('NIP').fill('1234567890');
    await page.getByRole('button', { name: 'Zarejestruj firmę' }).click();
    await page.getByText('Nieprawidłowy NIP: cyfra kontrolna się nie zgadza.').waitFor();
    expect(pathOf(page)).toBe('/uzupelnij-konto');

    // axe on the wizard's first step
    const axePage = await newPage({ viewport: PHONE, bypassCSP: true, from: page.context() });
    await axePage.goto('/uzupelnij-konto');
    await axePage.getByLabel('Nazwa firmy').waitFor();
    expect(await seriousAxeViolations(axePage)).toEqual([]);

    await completeCompanyAndAddress(page, 'Piekarnia Pod Kłosem');
    // an empty reward is refused with Polish messages next to its inputs
    await page.getByLabel('Nazwa programu').waitFor();
    await page.getByRole('button', { name: 'Dodaj nagrodę' }).click();
    await page.getByRole('button', { name: 'Utwórz program i zakończ' }).click();
    const reward = page.getByRole('group', { name: /^Nagroda 1/ });
    await reward.getByText('Nazwa nagrody musi mieć co najmniej 2 znaki.').waitFor();
    await reward.getByText('To pole jest wymagane.').waitFor();
    await page.getByRole('button', { name: 'Usuń nagrodę 1' }).click();
    await page.getByRole('button', { name: 'Utwórz program i zakończ' }).click();
    await page.waitForURL((url) => url.pathname === '/panel', { timeout: 20_000 });

    const nav = page.getByRole('navigation', { name: 'Panel firmy' });
    await nav.waitFor();
    // the row inside the navigation scrolls (the navigation holds it and its scroll hints)
    const scroll = await nav.evaluate((el) => {
      const row = el.firstElementChild!;
      return { scrollWidth: row.scrollWidth, clientWidth: row.clientWidth };
    });
    expect(scroll.scrollWidth).toBeGreaterThan(scroll.clientWidth);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      PHONE.width,
    );
    await nav.getByRole('link', { name: 'Ustawienia' }).click();
    const apple = page.getByTestId('apple-card-preview');
    const google = page.getByTestId('google-card-preview');
    await google.scrollIntoViewIfNeeded();
    const [a, g] = [await apple.boundingBox(), await google.boundingBox()];
    expect(g!.y).toBeGreaterThan(a!.y + a!.height - 1);
  });
  it('an owner signed in before the company existed (it was registered on another device) goes on without logging in again', async () => {
    const email = uniqueEmail('wlasciciel');
    const otherDevice = await activeAccount('business_owner', email, 'Anna Nowak');
    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj', email);
    await page.waitForURL((url) => url.pathname === '/uzupelnij-konto');

    const created = await otherDevice.call('POST', '/api/v1/tenants/create', {
      companyName: 'Piekarnia Pod Kłosem',
      nip: randomNip(),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    await eventually('identity to know the company', async () => {
      const body = (await (await otherDevice.call('GET', '/api/v1/users/refresh')).json()) as {
        user?: { tenantId?: string | null };
      };
      return body.user?.tenantId ? true : undefined;
    });

    // this device's access token has no company yet: the first refusal refreshes it, and the panel opens
    await page.goto('/panel');
    await page.getByText('Piekarnia Pod Kłosem').first().waitFor();
    await page.getByRole('heading', { name: 'Panel firmy' }).waitFor();
    expect(await page.getByText('Nie masz uprawnień').count()).toBe(0);
  });

  it('the owner deletes the company (typing its name, any dash) and can register a new one', async () => {
    const page = await newPage();
    await signedInOwner(page, 'Ewa Kowalczyk');
    const nip = await completeCompanyAndAddress(page, 'Lodziarnia — Mroźna');
    await page.getByLabel('Nazwa programu').waitFor();
    await page.getByRole('button', { name: 'Utwórz program i zakończ' }).click();
    await page.waitForURL((url) => url.pathname === '/panel', { timeout: 20_000 });

    await page
      .getByRole('navigation', { name: 'Panel firmy' })
      .getByRole('link', { name: 'Ustawienia' })
      .click();
    await page.getByRole('heading', { name: 'Strefa niebezpieczna' }).waitFor();
    await page.getByRole('button', { name: 'Usuń firmę' }).click();
    const dialog = page.getByRole('dialog', { name: 'Usunąć firmę na zawsze?' });
    const confirm = dialog.getByRole('button', { name: 'Usuń firmę na zawsze' });
    await dialog.getByText(COMPANY_NAME_CONFIRMATION_HINT).waitFor();
    await dialog.getByLabel('Nazwa firmy').fill('Lodziarnia');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByText('Nazwa jeszcze się nie zgadza.', { exact: false }).waitFor();
    // issue 32: a phone keyboard's plain hyphen confirms a name written with an em dash
    await dialog.getByLabel('Nazwa firmy').fill('lodziarnia-mroźna ');
    expect(await dialog.getByText('Nazwa jeszcze się nie zgadza.', { exact: false }).count()).toBe(0);
    await confirm.click();

    await page.getByText('Firma została usunięta.').waitFor();
    await page.waitForURL((url) => url.pathname === '/uzupelnij-konto', { timeout: 20_000 });
    // the refreshed session no longer carries the company: the wizard starts from the company step again;
    // the deleted company's NIP is free again (ADR 0035)
    await page.getByRole('button', { name: 'Zarejestruj firmę' }).waitFor();
    await completeCompanyAndAddress(page, 'Lodziarnia Nowa', nip);
    await page.getByLabel('Nazwa programu').waitFor();
  });

  it('on a phone: a NIP another company holds is refused under the NIP field, in Polish (ADR 0035)', async () => {
    const other = await ownerWithProgram();
    const page = await newPage({ viewport: PHONE });
    await signedInOwner(page, 'Marek Nowicki');
    await page.getByLabel('Nazwa firmy').fill('Piekarnia Pod Kłosem');
    // written with dashes, as on an invoice: the same NIP
    const nip = page.getByLabel('NIP');
    await nip.fill(other.nip.replace(/^(\d{3})(\d{3})(\d{2})(\d{2})$/, '$1-$2-$3-$4'));
    await page.getByRole('button', { name: 'Zarejestruj firmę' }).click();
    await page.getByText(TenantErrors.nipTaken.message).waitFor();
    expect(await nip.getAttribute('aria-invalid')).toBe('true');
    // what a screen reader reads with the field: the error is tied to it
    let descriptions = '';
    for (const id of (await nip.getAttribute('aria-describedby'))?.split(' ') ?? []) {
      const description = page.locator(`[id="${id}"]`);
      if (await description.count()) descriptions += ` ${await description.textContent()}`;
    }
    expect(descriptions).toContain(TenantErrors.nipTaken.message);
    expect(pathOf(page)).toBe('/uzupelnij-konto');
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/nip-taken-phone.png`, fullPage: true });

    // with a NIP of its own the company is registered
    await completeCompanyAndAddress(page, 'Piekarnia Pod Kłosem');
    await page.getByLabel('Nazwa programu').waitFor();
  });
});
