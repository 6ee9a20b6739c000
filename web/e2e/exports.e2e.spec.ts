import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  logIn,
  ownerWithProgram,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
import { clientsList } from '../../scripts/testing/clients-list';
import { layoutProblems } from '../../scripts/testing/layout';

// CSV exports of the panel (issue 20) in a browser, against the built product (`npm run build` first): the owner
// downloads the clients and the card history, sees the progress, and the files are what Polish Excel opens
// (BOM, `;`, CRLF, Polish headers). The clients, their cards and an award are set up through the API.
const { newPage } = useBrowser();

const BOM = '\uFEFF';
let owner: OwnerWithProgram;
const lucja = { name: 'Łucja Żak', email: uniqueEmail('lucja') };
const mallory = { name: '=HYPERLINK("http://zly.example")', email: uniqueEmail('mal') };

async function cardOf(email: string): Promise<string> {
  return eventually(`the card of ${email}`, async () => {
    const res = await owner.client.call('GET', `/api/v1/cards/search?email=${encodeURIComponent(email)}`);
    const found = (await res.json()) as Array<{ cardId: string }> | { items?: Array<{ cardId: string }> };
    return (Array.isArray(found) ? found : (found.items ?? []))[0]?.cardId;
  });
}

beforeAll(async () => {
  owner = await ownerWithProgram();
  for (const client of [lucja, mallory]) {
    const created = await owner.client.call('POST', `/api/v1/tenants/${owner.tenantId}/create-client`, {
      ...client,
      phone: client === lucja ? '600 100 200' : undefined,
      programId: owner.program.id,
      marketingConsent: client === lucja,
    });
    expect(created.status, await created.clone().text()).toBe(201);
  }
  const cardId = await cardOf(lucja.email);
  await cardOf(mallory.email);
  const award = await owner.client.call(
    'POST',
    `/api/v1/cards/${cardId}/points-from-amount`,
    { amountGrosze: 4250 },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(award.status, await award.clone().text()).toBe(200);
});

async function ownerOnClients(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await newPage({ viewport });
  await logIn(page, '/zaloguj', owner.email);
  await page.waitForURL((url) => url.pathname === '/panel');
  await page.goto('/panel/klienci');
  await clientsList(page).waitFor();
  return page;
}

async function textOf(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.toString('utf8');
}

const linesOf = (text: string) => text.slice(BOM.length).split('\r\n').slice(0, -1);

/** Holds the export's answer until `release()`, so the page can be seen while it waits. */
async function holdExport(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}*`, async (route) => {
    const response = await route.fetch();
    await released;
    await route.fulfill({ response });
  });
  return release;
}

describe('the owner exports from the clients page', () => {
  it('downloads the clients as a CSV with the progress against the total', async () => {
    const page = await ownerOnClients();
    const release = await holdExport(page, '/exports/clients');
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Eksportuj CSV' }).click();
    // waiting for the answer: the progress is shown (nothing received yet)
    await page.getByRole('status').filter({ hasText: 'Pobrano 0 wierszy' }).waitFor();
    await page.getByRole('progressbar', { name: 'Postęp eksportu klientów' }).waitFor({ state: 'attached' });
    release();
    const download = await downloaded;

    expect(download.suggestedFilename()).toMatch(/^klienci-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = linesOf(await textOf(download));
    expect(header).toBe(
      'Imię i nazwisko;E-mail;Telefon;Telefon podał;Program;Status;Sposób zapisu;Data dołączenia;Zgoda marketingowa',
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(
      new RegExp(
        `^"'=HYPERLINK\\(""http://zly\\.example""\\)";${mallory.email};;;Kawa za punkty;(Aktywny|Zaproszony);Dodany w panelu \\(nowe konto\\);\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2};Nie$`,
      ),
    );
    expect(rows[1]).toMatch(
      new RegExp(
        `^Łucja Żak;${lucja.email};'\\+48600100200;firma;Kawa za punkty;(Aktywny|Zaproszony);.*;Tak$`,
      ),
    );
    const status = page.getByRole('status').filter({ hasText: 'Pobrano 2 z 2 wierszy' });
    await status.waitFor();
    expect(await status.textContent()).toContain(`Zapisano plik ${download.suggestedFilename()}.`);
  });

  it('exports what the search finds', async () => {
    const page = await ownerOnClients();
    await page.getByLabel('Szukaj klienta').fill('łucja');
    await page.waitForURL((url) => url.searchParams.get('szukaj') === 'łucja');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Eksportuj CSV' }).click(),
    ]);
    expect(linesOf(await textOf(download)).slice(1)).toEqual([expect.stringMatching(/^Łucja Żak;/)]);
  });

  it('downloads the card history of the chosen days, and says in Polish what is wrong with the dates', async () => {
    const page = await ownerOnClients();
    await page.getByRole('button', { name: 'Eksport transakcji' }).click();
    const dialog = page.getByRole('dialog', { name: 'Eksport transakcji do CSV' });
    const from = dialog.getByLabel('Od dnia');
    const to = dialog.getByLabel('Do dnia');
    const today = await to.inputValue();
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await from.fill('2026-12-01');
    await to.fill('2026-11-01');
    await dialog.getByRole('button', { name: 'Pobierz CSV' }).click();
    await dialog.getByText('Data początkowa nie może być późniejsza niż końcowa.').waitFor();
    await from.fill('2024-01-01');
    await to.fill('2025-06-30');
    await dialog.getByText('Zakres dat może obejmować najwyżej 366 dni.').waitFor();

    await from.fill(today);
    await to.fill(today);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Pobierz CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^transakcje-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = linesOf(await textOf(download));
    expect(header).toBe(
      'Data i godzina;Rodzaj;Opis;Klient;Numer karty;Program;Punkty;Pieczątki;Kwota (zł);Nagroda;Pracownik',
    );
    // two cards issued, one award
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => /;Nowa karta;Wydano kartę;/.test(r))).toHaveLength(2);
    expect(rows).toContainEqual(
      expect.stringMatching(
        /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2};Punkty;Przyznano 42 pkt za zakupy na 42,50\u00a0zł;Łucja Żak;\d{4} \d{4} \d{2};Kawa za punkty;42;;42,50;;Anna Właścicielka \(właściciel\)$/,
      ),
    );
    expect(rows).toContainEqual(expect.stringContaining(`;"'=HYPERLINK(""http://zly.example"")";`));
    await dialog.getByRole('status').filter({ hasText: 'Pobrano 3 z 3 wierszy' }).waitFor();
  });
});

describe('on a 390×844 phone', () => {
  it('the export buttons and the dialog fit', async () => {
    const page = await ownerOnClients(PHONE);
    await page.getByRole('button', { name: 'Eksportuj CSV' }).waitFor();
    expect(await layoutProblems(page)).toEqual([]);

    await page.getByRole('button', { name: 'Eksport transakcji' }).click();
    const dialog = page.getByRole('dialog', { name: 'Eksport transakcji do CSV' });
    await dialog.getByLabel('Od dnia').waitFor();
    // an open dialog lies over the page by design: what counts is that the page does not scroll sideways,
    // no label is cut and every control of the dialog is on the screen
    const problems = (await layoutProblems(page)).filter((p) => !p.includes(' lies over '));
    expect(problems).toEqual([]);
    for (const control of [
      dialog.getByLabel('Od dnia'),
      dialog.getByLabel('Do dnia'),
      dialog.getByRole('button', { name: 'Zamknij' }).last(),
      dialog.getByRole('button', { name: 'Pobierz CSV' }),
    ]) {
      await control.scrollIntoViewIfNeeded();
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
  });
});
