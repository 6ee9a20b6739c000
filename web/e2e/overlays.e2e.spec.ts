import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { signedUpCustomer } from '../../scripts/testing/actors';
import { appHasStarted, maintenanceStatusAnswer } from '../../scripts/testing/app-start';
import { seriousAxeViolations } from '../../scripts/testing/axe';
import { DESKTOP as viewport, useBrowser } from '../../scripts/testing/browser';
import { CONSENT_COOKIE } from '../../scripts/testing/cookie-consent';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';

// SPEC §2 overlays in a browser against the built product: the cookie consent dialog (timing,
// persistence, accessibility), the maintenance banner (polling, dismissal, reset) and the bug-report widget
// (who sees it, where, what it sends).
const baseUrl = inject('baseUrl');
const DAY_S = 24 * 60 * 60;
const browser = useBrowser();
/** A first-time visitor: no cookie choice stored yet, so the consent dialog comes. */
const firstVisit = (options: { bypassCSP?: boolean } = {}) =>
  browser.newPage({ consented: false, ...options });

const consentDialog = (page: Page) => page.getByRole('dialog', { name: 'Pliki cookies' });
const bugButton = (page: Page) => page.getByRole('button', { name: 'Zgłoś błąd' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function consentCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === CONSENT_COOKIE);
}

describe('cookie consent', () => {
  it('appears about 1 s after the app shows, not before 900 ms, when no choice is stored', async () => {
    const page = await firstVisit();
    // record when the app's main area and the dialog first appear, in the page's own clock
    await page.addInitScript(`
      const marks = (window.__marks = {});
      new MutationObserver(() => {
        if (!marks.app && document.querySelector('#main')) marks.app = performance.now();
        if (!marks.dialog && document.querySelector('[data-testid="cookie-consent"]'))
          marks.dialog = performance.now();
      }).observe(document, { childList: true, subtree: true });
    `);
    await page.goto('/');
    await consentDialog(page).waitFor();
    const marks = (await page.evaluate('window.__marks')) as Record<string, number>;
    const delay = marks['dialog']! - marks['app']!;
    expect(delay, JSON.stringify(marks)).toBeGreaterThanOrEqual(900);
    expect(delay, JSON.stringify(marks)).toBeLessThan(2500);

    // a compact banner (issue 33): the two one-tap choices, the categories behind „Dostosuj wybór”
    for (const label of ['Akceptuję wszystkie', 'Tylko niezbędne'])
      expect(await consentDialog(page).getByRole('button', { name: label }).isVisible()).toBe(true);
    expect(await consentDialog(page).getByRole('button', { name: 'Zapisz wybór' }).isVisible()).toBe(false);
    await consentDialog(page).getByText('Dostosuj wybór').click();
    expect(await consentDialog(page).getByRole('button', { name: 'Zapisz wybór' }).isVisible()).toBe(true);
    const necessary = consentDialog(page).getByRole('switch', { name: /Niezbędne/ });
    expect(await necessary.isChecked()).toBe(true);
    expect(await necessary.isDisabled()).toBe(true);
    for (const name of ['Funkcjonalne', 'Analityczne', 'Marketingowe'])
      expect(await consentDialog(page).getByRole('switch', { name }).isChecked()).toBe(false);
  });

  it('remembers the choice for 365 days: no dialog after a reload; the footer link reopens it', async () => {
    const page = await firstVisit();
    await page.goto('/');
    await consentDialog(page).getByRole('button', { name: 'Tylko niezbędne' }).click();
    await consentDialog(page).waitFor({ state: 'detached' });

    const cookie = await consentCookie(page);
    expect(cookie, 'consent cookie').toBeDefined();
    const daysLeft = (cookie!.expires - Date.now() / 1000) / DAY_S;
    expect(daysLeft).toBeGreaterThan(364.9);
    expect(daysLeft).toBeLessThanOrEqual(365.01);
    expect(cookie!.sameSite).toBe('Lax');
    expect(cookie!.path).toBe('/');
    expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({
      necessary: true,
      functional: false,
      analytics: false,
      marketing: false,
    });

    await page.reload();
    await page.locator('#main').waitFor();
    await sleep(2000);
    expect(await consentDialog(page).count()).toBe(0);

    // "Ustawienia cookies" reopens it, with the categories shown; a custom choice is saved
    await page.getByRole('button', { name: 'Ustawienia cookies' }).click();
    await consentDialog(page).waitFor();
    expect(await consentDialog(page).getByRole('button', { name: 'Zapisz wybór' }).isVisible()).toBe(true);
    await consentDialog(page).getByRole('switch', { name: 'Analityczne' }).check();
    expect(await consentDialog(page).getByRole('switch', { name: 'Analityczne' }).isChecked()).toBe(true);
    await consentDialog(page).getByRole('button', { name: 'Zapisz wybór' }).click();
    await consentDialog(page).waitFor({ state: 'detached' });
    expect(JSON.parse(decodeURIComponent((await consentCookie(page))!.value))).toMatchObject({
      functional: false,
      analytics: true,
      marketing: false,
    });
  });

  it('"Akceptuję wszystkie" turns every category on', async () => {
    const page = await firstVisit();
    await page.goto('/pomoc');
    await consentDialog(page).getByRole('button', { name: 'Akceptuję wszystkie' }).click();
    await consentDialog(page).waitFor({ state: 'detached' });
    expect(JSON.parse(decodeURIComponent((await consentCookie(page))!.value))).toMatchObject({
      necessary: true,
      functional: true,
      analytics: true,
      marketing: true,
    });
  });

  it('has no serious or critical accessibility violations with the dialog open (axe-core)', async () => {
    const page = await firstVisit({ bypassCSP: true });
    await page.goto('/');
    await consentDialog(page).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('maintenance banner', () => {
  const flagFile = join(inject('dataDir'), 'maintenance.flag');
  const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'Trwa przerwa techniczna.' });
  /** switches maintenance as an operator does, and waits until the gateway (which checks every 2 s) agrees */
  async function maintenance(on: boolean) {
    if (on) writeFileSync(flagFile, '');
    else rmSync(flagFile, { force: true });
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${baseUrl}/api/v1/maintenance/status`)).json()) as Record<string, unknown>)[
            'maintenanceMode'
          ],
        { timeout: 10_000, interval: 250 },
      )
      .toBe(on);
  }

  it('appears within a poll (30 s) on an open landing page, stays closed for the session, and comes back after the next maintenance begins', async () => {
    const page = await browser.newPage({ viewport });
    await page.clock.install();
    try {
      // nobody has touched the landing page: the app has not started, yet the page polls the status
      await Promise.all([maintenanceStatusAnswer(page), page.goto('/')]);
      await maintenance(true);
      expect(await banner(page).count()).toBe(0);
      await page.clock.fastForward(30_000);
      await banner(page).waitFor();
      // at the bottom of the window, across it
      const box = (await banner(page).boundingBox())!;
      expect(viewport.height - (box.y + box.height)).toBeLessThan(2);
      expect(box.width).toBeGreaterThan(viewport.width - 20);

      // closed: it stays closed for this browser session, on every page
      await banner(page).getByRole('button', { name: 'Zamknij komunikat o przerwie technicznej' }).click();
      await banner(page).waitFor({ state: 'detached' });
      await Promise.all([maintenanceStatusAnswer(page), page.reload()]);
      await page.goto('/pomoc');
      await page.locator('#main').waitFor();
      await Promise.all([maintenanceStatusAnswer(page), page.goto('/')]);
      // maintenance starts the app on the landing page; it has rendered, without the banner
      await expect.poll(() => appHasStarted(page)).toBe(true);
      await page.locator('#main').waitFor();
      await sleep(300);
      expect(await banner(page).count()).toBe(0);

      // maintenance ends (the reloaded page sees it), then begins again: the banner is back
      await maintenance(false);
      await Promise.all([maintenanceStatusAnswer(page), page.reload()]);
      await maintenance(true);
      await Promise.all([maintenanceStatusAnswer(page), page.reload()]);
      await banner(page).waitFor();
    } finally {
      await maintenance(false);
    }
  });
});

describe('bug-report widget', () => {
  it('is not shown to anonymous visitors', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await page.locator('#main').waitFor();
    await sleep(1200);
    expect(await bugButton(page).count()).toBe(0);
    await page.goto('/pomoc');
    await page.locator('#main').waitFor();
    expect(await bugButton(page).count()).toBe(0);
  });

  it('a logged-in customer sees it bottom-right in /klient and bottom-left on the home page, and reports a bug', async () => {
    const page = await browser.newPage();
    const email = await signedUpCustomer(page, 'Zofia Zgłaszająca');

    const box = async () => {
      await bugButton(page).waitFor();
      const b = (await bugButton(page).boundingBox())!;
      return {
        left: b.x,
        right: viewport.width - (b.x + b.width),
        bottom: viewport.height - (b.y + b.height),
      };
    };
    const inClientArea = await box();
    expect(inClientArea.right).toBeLessThan(60);
    expect(inClientArea.left).toBeGreaterThan(viewport.width / 2);
    expect(inClientArea.bottom).toBeLessThan(60);

    await page.getByRole('link', { name: 'Punkto — strona główna' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const onHome = await box();
    expect(onHome.left).toBeLessThan(60);
    expect(onHome.right).toBeGreaterThan(viewport.width / 2);
    expect(onHome.bottom).toBeLessThan(60);

    // the form's code is not part of the page: it comes when the button is pointed at (a press then finds it)
    const dialogCode: string[] = [];
    page.on('request', (request) => {
      if (/\/bug-report-dialog-[^/]+\.js$/.test(request.url())) dialogCode.push(request.url());
    });
    await page.goto('/klient');
    await bugButton(page).waitFor();
    expect(dialogCode).toEqual([]);
    await bugButton(page).click();
    expect(dialogCode).toHaveLength(1);
    const form = page.getByRole('dialog', { name: 'Zgłoś błąd' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Wyślij zgłoszenie' }).click();
    await form.getByText('Opisz problem, który zauważyłeś.').waitFor();

    const description = `Karta nie odświeża się po zdobyciu punktów ${Date.now()}`;
    await form.getByLabel('Opis problemu').fill(description);
    await form.getByRole('button', { name: 'Wyślij zgłoszenie' }).click();
    await page.getByText('Dziękujemy za zgłoszenie!').waitFor();
    await form.waitFor({ state: 'detached' });

    // the operators' e-mail, in Polish, with the page, the browser and who sent it
    await page.goto('/dev/mailbox');
    const row = page.locator('tr', { hasText: description.slice(0, 40) }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('zespol@punkto.local');
    await row.getByRole('link').click();
    const text = (await page.locator('pre').first().textContent()) ?? '';
    expect(text).toContain(description);
    expect(text).toContain(`Strona: ${baseUrl}/klient`);
    expect(text).toContain('Rola: klient');
    expect(text).toContain('Okno: 1280×900 px');
    expect(text).toContain(email);
  });

  it('when the form cannot be loaded (the connection lost), the press says so and a later one opens it', async () => {
    const page = await browser.newPage();
    await signedUpCustomer(page, 'Zenon Zgłaszający');
    await page.goto('/klient');
    await bugButton(page).waitFor();
    const dialogCode = /\/bug-report-dialog-[^/]+\.js$/;
    await page.route(dialogCode, (route) => route.abort('internetdisconnected'));
    await bugButton(page).click();
    await page
      .getByText('Nie udało się otworzyć formularza zgłoszenia. Sprawdź połączenie i spróbuj ponownie.')
      .waitFor();
    expect(await page.getByRole('dialog', { name: 'Zgłoś błąd' }).count()).toBe(0);
    await page.unroute(dialogCode);
    await bugButton(page).click();
    await page.getByRole('dialog', { name: 'Zgłoś błąd' }).waitFor();
  });
});
