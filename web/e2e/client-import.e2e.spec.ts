import { IMPORT_SAMPLE_CSV } from '@punkto/contracts/client-import';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { logIn, ownerWithProgram, unique, type OwnerWithProgram } from '../../scripts/testing/actors';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
import { clientEntry } from '../../scripts/testing/clients-list';

// "Switch from paper" (issue 34, ADR 0059) in a browser, against the built product (`npm run build` first): on a
// phone, the owner imports a 200-row CSV of customers from paper cards (birthdays in several forms), fixes the rows the preview marks in Polish,
// skips a repeated one, imports, and finds the clients with their balances.
const { newPage } = useBrowser();

let owner: OwnerWithProgram;
const tag = unique();
const nameOf = (i: number) => `Klientka ${i} Papierowa ${tag}`;

/** 200 rows; 5 of them wrong in the ways people get them wrong, and one repeating an earlier row */
function csv(): string {
  const lines = [
    'imię i nazwisko;e-mail;telefon;punkty;pieczątki;urodziny DD.MM;zgoda na wiadomości tak/nie',
  ];
  for (let i = 0; i < 200; i++) {
    let email = i % 2 === 0 ? `papier-${tag}-${i}@example.pl` : '';
    let phone = i % 2 === 1 ? `50${1_000_000 + i}` : '';
    let points = String(10 + i);
    if (i === 10) email = 'papier-bez-malpy.example.pl'; // row 12
    if (i === 21) phone = ''; // row 23: no contact at all
    if (i === 30) points = 'dużo'; // row 32
    if (i === 40) email = `papier-${tag}-0@example.pl`; // row 42 repeats row 2
    if (i === 51) phone = '12'; // row 53
    // birthdays in the forms people type them; row 62's 31 February is wrong
    const birthday = i === 60 ? '31.02' : ['01.02', '4.3', '14/03/1985', '', '29-02'][i % 5];
    lines.push(`${nameOf(i)};${email};${phone};${points};0;${birthday};${i % 3 === 0 ? 'tak' : 'nie'}`);
  }
  return lines.join('\n');
}

/** the client page's card, read again until it is issued (the card ledger issues it from the bus) */
async function balanceShown(page: Page, balance: string) {
  await page
    .getByText('Karta jest właśnie wydawana', { exact: false })
    .or(page.getByTestId('client-card'))
    .waitFor();
  await expect
    .poll(
      async () => {
        const shown = page.getByTestId('client-card-balance');
        if (await shown.count()) return shown.textContent();
        await page.reload();
        await page
          .getByText('Karta jest właśnie wydawana', { exact: false })
          .or(page.getByTestId('client-card'))
          .waitFor();
        return null;
      },
      { timeout: 90_000, interval: 2_000 },
    )
    .toBe(balance);
}

beforeAll(async () => {
  owner = await ownerWithProgram();
});

describe('importing customers from a file', () => {
  it('on a phone: the owner fixes the rows shown, imports 199 and sees them with their balances', async () => {
    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname === '/panel');
    await page.goto('/panel/klienci');
    await page.getByRole('link', { name: 'Importuj z pliku' }).first().click();
    await page.getByRole('heading', { name: 'Import klientów', level: 1 }).waitFor();
    // the sample file downloads with the Polish headers the import recognises (a BOM, for Polish Excel)
    const [sample] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Pobierz przykładowy plik' }).click(),
    ]);
    expect(sample.suggestedFilename()).toBe('klienci-przyklad.csv');
    const chunks: Buffer[] = [];
    for await (const chunk of await sample.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(`\uFEFF${IMPORT_SAMPLE_CSV}`);

    // a file too large is refused before the tab reads it
    await page.locator('input[type=file]').setInputFiles({
      name: 'ogromny.csv',
      mimeType: 'text/csv',
      buffer: Buffer.alloc(21 * 1024 * 1024, 'a'),
    });
    await page
      .getByRole('alert')
      .getByText('Plik ma 21 MB. Jednorazowo można wczytać plik do 20 MB — podziel go na części.')
      .waitFor();

    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'klienci.csv', mimeType: 'text/csv', buffer: Buffer.from(csv(), 'utf8') });
    await page.getByText('Gotowe do importu: 194 wiersze. Z błędami lub pominięte: 6 wierszy.').waitFor();
    // every column is recognised, the birthday's too (day and month; the year is not kept)
    expect(await page.getByRole('combobox', { name: 'Urodziny', exact: true }).inputValue()).toBe(
      'urodziny DD.MM',
    );
    await page.getByText('Dzień i miesiąc, np. 14.03 — rok nie jest zapisywany').waitFor();
    expect(await page.getByText('Pominięte kolumny').count()).toBe(0);

    const row = (n: number) => page.getByRole('region', { name: `Wiersz ${n}`, exact: true });
    await row(12).getByText('Podaj poprawny adres e-mail.').waitFor();
    await row(23).getByText('Podaj adres e-mail albo numer telefonu klienta.').waitFor();
    await row(32).getByText('Punkty: podaj liczbę całkowitą', { exact: false }).waitFor();
    await row(42).getByText('Ten sam klient jest już w wierszu 2 pliku.').waitFor();
    await row(53).getByText('Nieprawidłowy numer telefonu', { exact: false }).waitFor();
    await row(62).getByText('Urodziny: ten miesiąc ma najwyżej 29 dni.').waitFor();

    await row(12).getByLabel('E-mail').fill(`papier-${tag}-10@example.pl`);
    await row(23).getByLabel('Telefon').fill('600 700 800');
    await row(32).getByLabel('Punkty').fill('300');
    await row(53).getByLabel('Telefon').fill('+49 151 23456789');
    await row(62).getByLabel('Urodziny').fill('28.02');
    await row(42).getByLabel('Pomiń ten wiersz').check();
    await page.getByText('Gotowe do importu: 199 wierszy. Z błędami lub pominięte: 1 wiersz.').waitFor();
    await page.getByText('Wszystkie wiersze z błędami są poprawione albo pominięte.').waitFor();

    // invitations stay off unless the owner ticks them
    expect(await page.getByLabel('Wyślij zaproszenia klientom, którzy wyrazili zgodę').isChecked()).toBe(
      false,
    );
    await page.getByRole('button', { name: 'Importuj klientów: 199' }).click();
    await page.getByText('Import zakończony').waitFor({ timeout: 60_000 });
    await page.getByText('Zaimportowani klienci (z saldem z karty papierowej): 199.').waitFor();
    await page.getByText('Przetworzono 199 z 199 wierszy.').waitFor();

    await page.getByRole('link', { name: 'Przejdź do klientów' }).click();
    await page.goto(`/panel/klienci?szukaj=${encodeURIComponent(nameOf(30))}`);
    const entry = clientEntry(page, nameOf(30));
    await entry.getByRole('link', { name: nameOf(30) }).click();
    await page.getByRole('heading', { name: nameOf(30), level: 1 }).waitFor();
    await page.getByText('Zaimportowany z pliku').waitFor();
    await balanceShown(page, '300 pkt');
    await page.getByText('Saldo przeniesione z karty papierowej: 300 pkt').first().waitFor();

    // a phone-only row: its card is held at the till with the balance it had on paper
    await page.goto(`/panel/klienci?szukaj=${encodeURIComponent(nameOf(21))}`);
    await clientEntry(page, nameOf(21))
      .getByRole('link', { name: nameOf(21) })
      .click();
    await page.getByRole('heading', { name: nameOf(21), level: 1 }).waitFor();
    await balanceShown(page, '31 pkt');
  });

  it('on a computer: the sample file’s columns, its birthday too, are all recognised', async () => {
    const page = await newPage();
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname === '/panel');
    await page.goto('/panel/klienci/import');
    await page.getByRole('heading', { name: 'Import klientów', level: 1 }).waitFor();
    await page.locator('input[type=file]').setInputFiles({
      name: 'klienci-przyklad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${IMPORT_SAMPLE_CSV}`, 'utf8'),
    });
    await page.getByText('Gotowe do importu: 3 wiersze.').waitFor();
    expect(await page.getByRole('combobox', { name: 'Urodziny', exact: true }).inputValue()).toBe('urodziny');
    expect(await page.getByText('Pominięte kolumny').count()).toBe(0);
  });
});
