import { beforeAll, describe, expect, it } from 'vitest';
import { logIn, ownerWithProgram, type OwnerWithProgram } from '../../scripts/testing/actors';
import { PHONE, useBrowser } from '../../scripts/testing/browser';

// Unsaved forms are not lost on a click away or Back (issue 33's small things), against the built product
// (`npm run build` first): a half-typed programme asks before leaving; staying keeps what was typed; a saved
// form leaves without a question.
const { newPage } = useBrowser();

let owner: OwnerWithProgram;

beforeAll(async () => {
  owner = await ownerWithProgram();
});

describe('leaving a form with unsaved changes', () => {
  it('asks first on a link and on Back; „Zostań i zapisz” keeps the typing, „Opuść stronę” leaves', async () => {
    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname === '/panel');
    await page.goto('/panel/programy');
    await page.getByRole('link', { name: 'Nowy program' }).click();
    await page.waitForURL((url) => url.pathname === '/panel/programy/nowy');
    await page.getByLabel('Nazwa programu').fill('Herbata za pieczątki');

    const nav = page.getByRole('navigation', { name: 'Panel firmy' });
    await nav.getByRole('link', { name: 'Klienci' }).click();
    const dialog = page.getByRole('dialog', { name: 'Opuścić stronę bez zapisania?' });
    await dialog.getByText('Masz niezapisane zmiany.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Zostań i zapisz' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/panel/programy/nowy');
    expect(await page.getByLabel('Nazwa programu').inputValue()).toBe('Herbata za pieczątki');

    await page.goBack();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Opuść stronę' }).click();
    await page.waitForURL((url) => url.pathname === '/panel/programy');
  });

  it('a saved form leaves without a question', async () => {
    const page = await newPage({ viewport: { width: 1280, height: 900 } });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname === '/panel');
    await page.goto(`/panel/programy/${owner.program.id}`);
    await page.getByLabel('Nazwa programu').fill('Kawa za punkty i uśmiech');
    await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await page.waitForURL((url) => url.pathname === '/panel/programy');
    await page.getByText('Zmiany w programie zostały zapisane.').waitFor();
    expect(await page.getByRole('dialog', { name: 'Opuścić stronę bez zapisania?' }).count()).toBe(0);
    // the settings: a change saved, then a link away goes at once
    await page.goto('/panel/ustawienia');
    const company = page.getByRole('form', { name: 'Dane firmy' });
    await company.getByLabel('Telefon').fill('22 123 45 67');
    await page.getByRole('navigation', { name: 'Panel firmy' }).getByRole('link', { name: 'Start' }).click();
    await page.getByRole('dialog', { name: 'Opuścić stronę bez zapisania?' }).waitFor();
    await page.getByRole('button', { name: 'Zostań i zapisz' }).click();
    await company
      .getByRole('button', { name: /Zapisz/ })
      .first()
      .click();
    await page
      .getByText(/zapisane|Zapisano/)
      .first()
      .waitFor();
    await page.getByRole('navigation', { name: 'Panel firmy' }).getByRole('link', { name: 'Start' }).click();
    await page.waitForURL((url) => url.pathname === '/panel');
  });
});
