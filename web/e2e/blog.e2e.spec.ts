import { appHasStarted } from '../../scripts/testing/app-start';
import { seriousAxeViolations as axeViolationsOf } from '../../scripts/testing/axe';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
import { collectPageProblems, type PageProblems } from '../../scripts/testing/page-problems';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';

// The blog of the built product (SPEC §2, §3, §9), as a visitor reading Polish sees it.
const baseUrl = inject('baseUrl');

const BUSINESS_GUIDE = 'Jak Punkto pomaga małym firmom budować lojalność klientów';
const CUSTOMER_GUIDE = 'Twoja karta lojalnościowa zawsze przy Tobie';
const NPS_POST = 'Ankieta NPS po wizycie — jak pytać klientów, żeby chcieli odpowiadać';

describe('the blog in a browser', () => {
  // one page read from test to test, by a returning visitor: the cookie dialog (overlays.e2e.spec.ts) stays away
  const browser = useBrowser({ keepPagesBetweenTests: true });
  let page: Page;
  let problems: PageProblems;

  beforeAll(async () => {
    page = await browser.newPage();
    problems = collectPageProblems(page);
  });

  const listedTitles = () =>
    page.getByTestId('post-list').getByRole('heading', { level: 3 }).allTextContents();

  /** axe-core in a page of its own: injecting it needs an inline script, which the product's CSP blocks. */
  async function seriousAxeViolations(path: string, ready: (page: Page) => Promise<unknown>) {
    const axePage = await browser.newPage({ bypassCSP: true });
    try {
      await axePage.goto(path);
      await ready(axePage);
      return await axeViolationsOf(axePage);
    } finally {
      await axePage.context().close();
    }
  }

  it('lists the posts newest first with Polish dates and reading times', async () => {
    await page.goto(`${baseUrl}/blog`);
    await page.getByTestId('post-list').waitFor();
    expect(await listedTitles()).toEqual([NPS_POST, CUSTOMER_GUIDE, BUSINESS_GUIDE]);
    const cards = page.getByTestId('post-list').getByTestId('post-card');
    expect(await cards.getByTestId('post-date').allTextContents()).toEqual([
      '20 marca 2026',
      '12 marca 2026',
      '24 lutego 2026',
    ]);
    expect(await cards.getByTestId('post-read-time').allTextContents()).toEqual([
      '5 min czytania',
      '12 min czytania',
      '15 min czytania',
    ]);
    expect(await page.title()).toBe('Blog · Punkto');
  });

  it('shows the featured guides', async () => {
    const featured = await page
      .getByTestId('featured-posts')
      .getByRole('heading', { level: 3 })
      .allTextContents();
    expect(featured).toEqual([CUSTOMER_GUIDE, BUSINESS_GUIDE]);
  });

  it('puts the post whose title matches first when searching', async () => {
    await page.getByRole('searchbox', { name: 'Szukaj' }).fill('Punkto');
    await expect.poll(() => page.url()).toContain('szukaj=Punkto');
    await expect.poll(async () => (await listedTitles())[0]).toBe(BUSINESS_GUIDE);
    // the older business guide wins on its title (10) over the newer posts matching only by author (1)
    expect(await listedTitles()).toEqual([BUSINESS_GUIDE, NPS_POST, CUSTOMER_GUIDE]);
  });

  it('narrows the list with a category filter kept in the address', async () => {
    await page.goto(`${baseUrl}/blog`);
    await page.getByRole('combobox', { name: 'Kategoria' }).click();
    await page.getByRole('option', { name: 'Marketing' }).click();
    await expect.poll(listedTitles).toEqual([NPS_POST]);
    expect(decodeURIComponent(page.url())).toContain('kategoria=Marketing');

    await page.goto(`${baseUrl}/blog?kategoria=Przewodniki`);
    await expect.poll(listedTitles).toEqual([CUSTOMER_GUIDE, BUSINESS_GUIDE]);
  });

  it('has no serious or critical accessibility violations on /blog', async () => {
    expect(await seriousAxeViolations('/blog', (p) => p.getByTestId('post-list').waitFor())).toEqual([]);
  });

  it('shows the customer guide with its author, tags, SEO tags and the related business guide', async () => {
    await page.goto(`${baseUrl}/blog/twoja-karta-lojalnosciowa-zawsze-przy-tobie`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
      .toBe(CUSTOMER_GUIDE);
    expect(await page.getByText('12 min czytania').first().isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Jak dodać kartę do portfela' }).isVisible()).toBe(true);
    expect(await page.getByRole('complementary', { name: 'O autorze' }).textContent()).toContain(
      'Zespół wsparcia',
    );
    const related = page.getByTestId('related-posts').getByRole('heading', { level: 3 });
    expect((await related.allTextContents())[0]).toBe(BUSINESS_GUIDE);

    expect(await page.title()).toBe(`${CUSTOMER_GUIDE} · Punkto`);
    // The page comes rendered at build time, with its Open Graph tags (made absolute by the gateway, under
    // PUBLIC_URL); the app, once it runs (a key starts it), keeps them absolute itself.
    await page.keyboard.press('Shift');
    // on a busy machine the app's start takes seconds; a click meanwhile would be held for it (start-when-needed)
    await expect.poll(() => appHasStarted(page), { timeout: 15_000 }).toBe(true);
    const meta = (selector: string) => page.locator(selector).getAttribute('content');
    expect(await meta('meta[name="description"]')).toContain('Apple Wallet lub Google Wallet');
    expect(await meta('meta[property="og:title"]')).toBe(CUSTOMER_GUIDE);
    expect(await meta('meta[property="og:type"]')).toBe('article');
    expect(await meta('meta[property="og:image"]')).toMatch(
      /^http:\/\/.+\/assets\/karta-w-portfelu-.+\.svg$/,
    );

    // the hero image has faded in
    const hero = page.getByRole('img', { name: /Telefon z kartą lojalnościową/ });
    await expect.poll(() => hero.getAttribute('data-status')).toBe('loaded');
    await expect
      .poll(() =>
        hero.evaluate(
          (img) =>
            (globalThis as unknown as { getComputedStyle(e: unknown): { opacity: string } }).getComputedStyle(
              img,
            ).opacity,
        ),
      )
      .toBe('1');

    await related.getByRole('link', { name: BUSINESS_GUIDE }).click();
    await expect.poll(() => page.url(), { timeout: 5000 }).toContain('/blog/jak-punkto-pomaga-malym-firmom');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
      .toBe(BUSINESS_GUIDE);
    expect(await page.getByText('15 min czytania').first().isVisible()).toBe(true);
  });

  it('has no serious or critical accessibility violations on a post', async () => {
    const violations = await seriousAxeViolations('/blog/jak-punkto-pomaga-malym-firmom', (p) =>
      p.getByRole('heading', { level: 1, name: BUSINESS_GUIDE }).waitFor(),
    );
    expect(violations).toEqual([]);
  });

  it('shows the not-found page for an unknown post, answered with HTTP 404', async () => {
    // a page of its own: the 404 is what this test expects, not a problem of the pages read above
    const other = await browser.newPage();
    const response = await other.goto(`${baseUrl}/blog/taki-wpis-nie-istnieje`);
    expect(response?.status()).toBe(404);
    await expect
      .poll(() => other.getByRole('heading', { level: 1 }).first().textContent())
      .toContain('Nie znaleziono');
  });

  it("keeps a post's price table inside the screen of a 390 px phone: the table scrolls in its own box", async () => {
    const phone = await browser.newPage({ viewport: PHONE });
    await phone.goto(`${baseUrl}/blog/jak-punkto-pomaga-malym-firmom`);
    const box = phone.getByRole('region', { name: /^Tabela/ }).first();
    await box.waitFor();
    const sizes = await box.evaluate((el) => ({
      box: el.getBoundingClientRect().right,
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
      page: el.ownerDocument.documentElement.scrollWidth,
    }));
    expect(sizes.box).toBeLessThanOrEqual(PHONE.width);
    expect(sizes.page).toBeLessThanOrEqual(PHONE.width);
    // wider than its box, so it scrolls there: the last column is reached by scrolling the box, not the page
    expect(sizes.scrollWidth).toBeGreaterThan(sizes.clientWidth);
    await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    const lastHeader = phone.getByRole('columnheader', { name: 'Aktywni klienci' });
    await expect.poll(async () => (await lastHeader.boundingBox())!.x + 1).toBeLessThan(PHONE.width);
  });

  it('serves the pre-rendered customer guide with its content and Open Graph tags', async () => {
    const response = await fetch(`${baseUrl}/blog/twoja-karta-lojalnosciowa-zawsze-przy-tobie`, {
      headers: { accept: 'text/html' },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>${CUSTOMER_GUIDE} · Punkto</title>`);
    expect(html).toContain(`<meta property="og:title" content="${CUSTOMER_GUIDE}" />`);
    // absolute under the product's PUBLIC_URL (the gateway writes them so: one build serves every deployment)
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/assets\/karta-w-portfelu-[^"]+\.svg" \/>/,
    );
    expect(html).toMatch(
      /<meta property="og:url" content="http:\/\/127\.0\.0\.1:\d+\/blog\/twoja-karta-lojalnosciowa-zawsze-przy-tobie" \/>/,
    );
    expect(html).toContain('<h2>Jak dodać kartę do portfela</h2>');
    expect(html).toContain('12 min czytania');
  });

  it('loads nothing from outside the product and logs no errors', () => {
    expect(problems.errors).toEqual([]);
    expect(problems.failedRequests.filter((url) => !url.startsWith(baseUrl))).toEqual([]);
  });
});
