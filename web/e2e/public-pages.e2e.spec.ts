import { seriousAxeViolations } from '../../scripts/testing/axe';
import { DESKTOP as desktop, PHONE as phone, useBrowser } from '../../scripts/testing/browser';
import { collectPageProblems, type PageProblems } from '../../scripts/testing/page-problems';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

// The public site of the built product (SPEC §2, §9) as a visitor on a phone sees it: the landing page,
// help, terms and the status page. A returning visitor: the cookie dialog (overlays.e2e.spec.ts) stays away.
const browser = useBrowser();
const problems: PageProblems = { errors: [], failedRequests: [] };

/** Opens `path` in a fresh profile (on a phone unless told) and waits for its heading; `watch` collects problems. */
async function visit(
  path: string,
  options: { viewport?: typeof phone; bypassCSP?: boolean; watch?: boolean } = {},
): Promise<Page> {
  const page = await browser.newPage({ viewport: options.viewport ?? phone, bypassCSP: options.bypassCSP });
  if (options.watch ?? true) collectPageProblems(page, problems);
  // the landing page is on screen from its HTML before the app has started: wait for the app's code too
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return page;
}

const section = (page: Page, name: string) => page.getByRole('region', { name });
const text = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).innerText()).replace(/\s+/g, ' ').trim();

describe('the landing page on a phone', () => {
  it('says what Punkto does for a business and for its customers', async () => {
    const page = await visit('/');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
      'Karty lojalnościowe w telefonie Twoich klientów',
    );
    expect(await page.getByRole('link', { name: 'Wypróbuj 14 dni za darmo' }).first().isVisible()).toBe(true);

    const business = section(page, 'Co Punkto robi dla Twojej firmy');
    await business.scrollIntoViewIfNeeded();
    expect(await business.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([
      'Karty w portfelu klientów',
      'Punkty, pieczątki i poziomy',
      'Nagrody pod kontrolą',
      'Skaner QR w telefonie',
      'Analityka i ankiety NPS',
      'Pracownicy z własnym dostępem',
    ]);
    const customers = section(page, 'Co zyskują Twoi klienci');
    expect(await customers.getByRole('heading', { level: 3 }).allInnerTexts()).toContain(
      'Działa bez internetu',
    );
    expect(await customers.getByText('Internet jest potrzebny tylko przy dodawaniu karty').isVisible()).toBe(
      true,
    );
  });

  it('explains how it works in four steps: register, create a card, invite customers, award points', async () => {
    const page = await visit('/');
    const steps = section(page, 'Jak to działa').getByRole('listitem');
    await steps.first().scrollIntoViewIfNeeded();
    expect(await steps.count()).toBe(4);
    expect(await steps.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Krok 1: Załóż konto',
      'Krok 2: Stwórz kartę',
      'Krok 3: Zaproś klientów',
      'Krok 4: Przyznawaj punkty',
    ]);
    expect(await steps.nth(0).innerText()).toContain('14 dni korzystasz za darmo');
  });

  it('names the supported phones', async () => {
    const page = await visit('/');
    const phones = section(page, 'Obsługiwane telefony');
    await phones.scrollIntoViewIfNeeded();
    expect(await phones.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([
      'iPhone 6 lub nowszy z Apple Wallet',
      'Android 5.0 lub nowszy z Google Wallet',
    ]);
  });

  it('shows both plans with monthly and yearly prices, savings, limits, the trial and the contact', async () => {
    const page = await visit('/');
    const pricing = section(page, 'Cennik');
    await pricing.scrollIntoViewIfNeeded();
    const basic = pricing.getByRole('region', { name: 'Podstawowy' });
    const extended = pricing.getByRole('region', { name: 'Rozszerzony' });
    const plain = async (locator: typeof basic) => (await locator.innerText()).replace(/\s+/g, ' ');

    expect(await plain(basic)).toContain('30 PLN / miesiąc');
    expect(await plain(basic)).toContain('lub 288 PLN rocznie — oszczędzasz 72 PLN (20%)');
    expect((await plain(basic)).toLowerCase()).toContain('do 100 aktywnych klientów');
    expect(await plain(extended)).toContain('40 PLN / miesiąc');
    expect(await plain(extended)).toContain('lub 384 PLN rocznie — oszczędzasz 96 PLN (20%)');
    expect((await plain(extended)).toLowerCase()).toContain('do 500 aktywnych klientów');
    for (const plan of [basic, extended]) {
      expect(await plan.getByText('Wszystkie funkcje Punkto').isVisible()).toBe(true);
    }

    const terms = await text(page, 'pricing-terms');
    expect(terms).toContain('14 dni za darmo, bez karty płatniczej.');
    expect(terms).toContain('Plan zmienisz lub anulujesz w dowolnej chwili');
    expect(terms).toContain('Powyżej 500 aktywnych klientów? Skontaktuj się z nami');
    await pricing.getByRole('link', { name: 'Skontaktuj się z nami' }).click();
    await page.waitForURL((url) => url.pathname === '/pomoc' && url.hash === '#kontakt');
    await page.getByRole('link', { name: 'kontakt@punkto.pl' }).waitFor();
  });

  it('takes a desktop visitor from the header’s „Cennik” to the pricing', async () => {
    const page = await visit('/', { viewport: desktop });
    await page
      .getByRole('navigation', { name: 'Nawigacja główna' })
      .getByRole('link', { name: 'Cennik' })
      .click();
    await expect.poll(() => page.url()).toContain('#cennik');
    await expect
      .poll(() =>
        page
          .getByRole('heading', { level: 2, name: 'Cennik' })
          .boundingBox()
          .then((b) => b?.y),
      )
      .toBeLessThan(desktop.height / 2);
  });
});

describe('help (/pomoc)', () => {
  // the accordion's questions: the buttons of the page's content that open and close an answer
  const questions = (page: Page) => page.getByRole('main').locator('button[aria-expanded]');
  const search = (page: Page) => page.getByRole('searchbox', { name: 'Szukaj w pytaniach' });

  it('answers questions of customers and businesses, one click away', async () => {
    const page = await visit('/pomoc');
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
      'Dla klientów',
      'Dla firm',
      'Kontakt',
    ]);
    expect(await questions(page).count()).toBeGreaterThanOrEqual(12);
    expect(await text(page, 'faq-result-count')).toBe(
      '22 pytania w dwóch częściach: dla klientów i dla firm.',
    );

    const offline = page.getByRole('button', { name: 'Czy karta działa bez internetu?' });
    await offline.click();
    await expect.poll(() => offline.getAttribute('aria-expanded')).toBe('true');
    await page.getByText('Internet jest potrzebny tylko przy pierwszym dodaniu karty').waitFor();
  });

  it('filters the questions as you type, ignoring case and Polish letters', async () => {
    const page = await visit('/pomoc');
    await search(page).fill('pieczatke');
    await expect
      .poll(() => questions(page).allInnerTexts())
      .toEqual(['Jak przyznać klientowi punkty albo pieczątkę?']);
    expect(await text(page, 'faq-result-count')).toBe('Znaleziono 1 pytanie.');
    expect(await page.getByRole('heading', { level: 2, name: 'Dla klientów' }).count()).toBe(0);

    await search(page).fill('PŁATNOSC');
    await expect.poll(() => text(page, 'faq-result-count')).toBe('Znaleziono 3 pytania.');
    expect((await questions(page).allInnerTexts())[0]).toBe(
      'Jak wygląda płatność i czy mogę zrezygnować w każdej chwili?',
    );
    // the search is kept in the address, so the filtered list can be shared
    expect(new URL(page.url()).searchParams.get('szukaj')).toBe('PŁATNOSC');
  });

  it('says when nothing matches, and clears the search', async () => {
    const page = await visit('/pomoc?szukaj=hulajnoga');
    await page.getByText('Nie znaleziono pytań pasujących do „hulajnoga”.').waitFor();
    expect(await questions(page).count()).toBe(0);

    await page.getByRole('button', { name: 'Wyczyść wyszukiwanie' }).click();
    await expect.poll(() => questions(page).count()).toBe(22);
    expect(await search(page).inputValue()).toBe('');
  });
});

describe('terms (/regulamin)', () => {
  it('has a table of contents whose links jump to their sections', async () => {
    const page = await visit('/regulamin');
    const toc = page.getByRole('navigation', { name: 'Spis treści' });
    expect(await toc.getByRole('link').allInnerTexts()).toEqual([
      'Definicje',
      'Usługi',
      'Konta',
      'Okres próbny i opłaty',
      'Obowiązki stron',
      'Dane osobowe (RODO)',
      'Reklamacje',
      'Rozwiązanie umowy',
      'Postanowienia końcowe',
    ]);

    const complaints = page.getByRole('heading', { level: 2, name: '§7. Reklamacje' });
    expect((await complaints.boundingBox())!.y).toBeGreaterThan(phone.height);
    await toc.getByRole('link', { name: 'Reklamacje' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#reklamacje');
    // in view, below the fixed 64 px header
    await expect.poll(async () => (await complaints.boundingBox())!.y).toBeGreaterThanOrEqual(64);
    expect((await complaints.boundingBox())!.y).toBeLessThan(phone.height / 2);
    expect(await page.getByRole('region', { name: '§7. Reklamacje' }).innerText()).toContain(
      'w ciągu 14 dni od jej otrzymania',
    );
  });

  it('states the trial and the prices of the pricing', async () => {
    const page = await visit('/regulamin#oplaty');
    const fees = page.getByRole('region', { name: '§4. Okres próbny i opłaty' });
    const content = (await fees.innerText()).replace(/\s+/g, ' ');
    expect(content).toContain('przez 14 dni bezpłatnie');
    expect(content).toContain('Podstawowy — 30 PLN miesięcznie albo 288 PLN rocznie');
    expect(content).toContain('Rozszerzony — 40 PLN miesięcznie albo 384 PLN rocznie');
  });
});

describe('service status (/status)', () => {
  const SERVICES = [
    'Strona i API Punkto',
    'Konta i logowanie',
    'Firmy i programy lojalnościowe',
    'Karty i punkty',
    'Subskrypcje i płatności',
    'Ankiety',
    'Powiadomienia i e-maile',
  ];

  it('shows the gateway and every service as working, and when it last checked', async () => {
    const page = await visit('/status');
    await page.getByText('Wszystkie usługi działają').waitFor();
    const rows = page.getByRole('list', { name: 'Usługi Punkto' }).getByRole('listitem');
    expect(await rows.count()).toBe(SERVICES.length);
    for (const [i, name] of SERVICES.entries()) {
      const row = rows.nth(i);
      expect(await row.innerText()).toContain(name);
      expect(await row.getByTestId('service-state').innerText()).toBe('Działa');
    }
    expect(await text(page, 'last-checked')).toMatch(/^Ostatnie sprawdzenie: \d{2}:\d{2}:\d{2}$/);
  });

  it('asks again every 30 seconds', async () => {
    const page = await browser.newPage({ viewport: phone });
    await page.clock.install();
    let asked = 0;
    page.on('request', (r) => new URL(r.url()).pathname === '/api/v1/status' && asked++);
    await page.goto('/status');
    await page.getByText('Wszystkie usługi działają').waitFor();
    expect(asked).toBe(1);
    await page.clock.runFor(29_000);
    expect(asked).toBe(1);
    await page.clock.runFor(2_000);
    await expect.poll(() => asked).toBe(2);
  });

  it('says „Brak połączenia z Punkto” when the gateway cannot be reached', async () => {
    const page = await visit('/', { watch: false });
    await page.route('**/api/v1/status', (route) => route.abort('connectionrefused'));
    await page.getByRole('link', { name: 'Status usług' }).click();
    await page.getByText('Brak połączenia z Punkto').waitFor();
    const rows = page.getByRole('list', { name: 'Usługi Punkto' }).getByRole('listitem');
    expect(await rows.first().getByTestId('service-state').innerText()).toBe('Niedostępna');
    expect(await text(page, 'last-checked')).toMatch(/^Ostatnie sprawdzenie: \d{2}:\d{2}:\d{2}$/);

    // the connection is back: the next check shows the services again
    await page.unroute('**/api/v1/status');
    await page.getByRole('button', { name: 'Sprawdź teraz' }).click();
    await page.getByText('Wszystkie usługi działają').waitFor();
  });
});

describe('accessibility (axe-core)', () => {
  it.each([
    ['/', phone],
    ['/', desktop],
    ['/pomoc', phone],
    ['/pomoc?szukaj=hulajnoga', phone],
    ['/regulamin', phone],
    ['/status', phone],
  ])('%s has no serious or critical violations (%o)', async (path, viewport) => {
    const page = await visit(path, { viewport, bypassCSP: true, watch: false });
    if (path === '/status') await page.getByText('Wszystkie usługi działają').waitFor();
    // expand one answer, so its panel is checked too
    if (path === '/pomoc') await page.getByRole('button', { name: 'Ile kosztuje Punkto?' }).click();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('the public pages together', () => {
  it('load nothing from outside the product and log no errors', () => {
    expect(problems).toEqual({ errors: [], failedRequests: [] });
  });
});
