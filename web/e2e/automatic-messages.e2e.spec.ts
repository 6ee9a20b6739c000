import { expiryDateText } from '@punkto/contracts/message-automations';
import { addDays, warsawDate } from '@punkto/contracts/warsaw-time';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { logIn, ownerWithProgram, type OwnerWithProgram } from '../../scripts/testing/actors';
import { seriousAxeViolations } from '../../scripts/testing/axe';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
import { layoutProblems } from '../../scripts/testing/layout';

// Automatic messages (issue 34, ADR 0060) on a phone, against the built product: the owner opens
// „Wiadomości automatyczne”, switches the win-back on, edits its text and days, sees the previews exactly as
// they will be sent ({firma} filled in), saves, reloads and finds it on; the expiry warning shows what expires
// and when ({ile}, {data}) in its previews.

const { newPage } = useBrowser();
const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

let owner: OwnerWithProgram;
beforeAll(async () => {
  owner = await ownerWithProgram();
});

async function openAutomations(page: Page, name = 'Dawno Cię nie było') {
  await page.goto('/panel/wiadomosci');
  await page.getByRole('heading', { name: 'Wiadomości', level: 1 }).waitFor();
  await page.getByRole('tab', { name: 'Wiadomości automatyczne' }).click();
  return page.getByRole('region', { name });
}

describe('automatic messages on a phone', () => {
  it('the owner switches the win-back on, edits it with a preview, saves, and after a reload it is on', async () => {
    const page = await newPage({ viewport: PHONE, bypassCSP: true });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname.startsWith('/panel'));
    const winBack = await openAutomations(page);
    await winBack.getByText('Wyłączona', { exact: true }).waitFor();
    await winBack.getByText('W ostatnich 30 dniach nie wysłano żadnej.').waitFor();
    expect(await page.getByText(/Nie wliczają się do tygodniowego limitu kampanii/).count()).toBe(1);

    await winBack.getByRole('button', { name: 'Ustaw' }).click();
    const form = winBack.getByRole('form', { name: 'Ustawienia: Dawno Cię nie było' });
    await form.getByRole('switch', { name: 'Wysyłaj automatycznie' }).check({ force: true });
    await form.getByLabel('Po ilu dniach bez wizyty').fill('45');
    await form.getByLabel('Tytuł').fill('Brakuje nam Ciebie');
    await form.getByLabel('Treść').fill('Minęło trochę czasu. Wpadnij do {firma} na kawę!');

    // the previews show what goes: the company's name in place of {firma}
    const company = 'Kawiarnia Pod Lipą';
    const notice = (await winBack.getByTestId('iphone-notice-text').textContent()) ?? '';
    expect(notice).toBe(`Brakuje nam Ciebie: Minęło trochę czasu. Wpadnij do ${company} na kawę!`);
    await winBack.getByRole('tab', { name: 'E-mail' }).click();
    const email = (await winBack.getByTestId('email-preview').textContent()) ?? '';
    expect(email).toContain('Temat: Brakuje nam Ciebie');
    expect(email).toContain(`Wpadnij do ${company} na kawę!`);
    // no report counts an automatic message's unsubscribes: the note under the preview promises none
    await winBack
      .getByText('Link w stopce wypisuje jednym kliknięciem, bez logowania.', { exact: false })
      .waitFor();
    expect(await winBack.getByText('w raporcie zobaczysz', { exact: false }).count()).toBe(0);
    expect(await layoutProblems(page)).toEqual([]);

    // a placeholder it does not know is refused on the field, in Polish
    await form.getByLabel('Treść').fill('Wpadnij do {sklep}!');
    await form.getByRole('button', { name: 'Zapisz' }).click();
    await form.getByText('Nieznane pole: {sklep}. Możesz użyć: {firma}.').waitFor();
    await form.getByLabel('Treść').fill('Minęło trochę czasu. Wpadnij do {firma} na kawę!');
    await form.getByRole('button', { name: 'Zapisz' }).click();
    await toast(page, 'Zapisano: Dawno Cię nie było — włączona.').waitFor();
    await winBack.getByText('Włączona', { exact: true }).waitFor();

    await page.reload();
    const again = await openAutomations(page);
    await again.getByText('Włączona', { exact: true }).waitFor();
    await again.getByRole('button', { name: 'Ustaw' }).click();
    const saved = again.getByRole('form', { name: 'Ustawienia: Dawno Cię nie było' });
    expect(await saved.getByRole('switch', { name: 'Wysyłaj automatycznie' }).isChecked()).toBe(true);
    expect(await saved.getByLabel('Tytuł').inputValue()).toBe('Brakuje nam Ciebie');
    expect(await saved.getByLabel('Po ilu dniach bez wizyty').inputValue()).toBe('45');
    expect(await layoutProblems(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('the owner switches the expiry warning on, its previews saying how much expires and when', async () => {
    const page = await newPage({ viewport: PHONE, bypassCSP: true });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname.startsWith('/panel'));
    const warning = await openAutomations(page, 'Punkty wkrótce wygasną');
    await warning.getByText('Wyłączona', { exact: true }).waitFor();
    await warning.getByText(/wygasną punkty lub pieczątki na karcie/).waitFor();

    await warning.getByRole('button', { name: 'Ustaw' }).click();
    const form = warning.getByRole('form', { name: 'Ustawienia: Punkty wkrótce wygasną' });
    await form.getByText('Możesz użyć: {firma}, {ile}, {data}', { exact: false }).waitFor();
    // the default text, filled in: a points program's amount and the day 30 days from today, in Polish
    const day = expiryDateText(addDays(warsawDate(new Date()), 30));
    const notice = (await warning.getByTestId('iphone-notice-text').textContent()) ?? '';
    expect(notice).toContain(`Termin wygaśnięcia: ${day}. Wygasa: 40 pkt.`);
    // the lock screen shortens it, as a phone does: the day and the amount come first
    await warning.getByRole('tab', { name: 'E-mail' }).click();
    const preview = warning.getByTestId('email-preview');
    const email = (await preview.textContent()) ?? '';
    expect(email).toContain('Temat: Wykorzystaj saldo, zanim wygaśnie');
    expect(email).toContain('wykorzystaj saldo karty — Kawiarnia Pod Lipą czeka na Ciebie!');
    expect(email).not.toMatch(/\{(ile|data|firma)\}/);
    await form.getByLabel('Treść').fill('{firma}: {ile} przepadnie {data}.');
    await preview.getByText(`Kawiarnia Pod Lipą: 40 pkt przepadnie ${day}.`).waitFor();
    expect(await layoutProblems(page)).toEqual([]);

    await form.getByRole('switch', { name: 'Wysyłaj automatycznie' }).check({ force: true });
    await form.getByRole('button', { name: 'Zapisz' }).click();
    await toast(page, 'Zapisano: Punkty wkrótce wygasną — włączona.').waitFor();
    await warning.getByText('Włączona', { exact: true }).waitFor();
    expect(await layoutProblems(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
