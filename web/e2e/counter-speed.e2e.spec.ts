import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  clientWithCard,
  logIn,
  ownerWithProgram,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';
import { PHONE, slowPhone, useBrowser } from '../../scripts/testing/browser';

// Issue 30 "tap-to-answer at the counter": the scanner on a phone with a 4× slower CPU and a slow-4G network
// (Lighthouse's mobile profile: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up). From the tap on "Szukaj" to the
// card on screen, and from the tap on "Przyznaj punkty" to the new balance on screen, measured in the page (the
// tap's own event time → the first frame that shows the answer), so the test's polling adds nothing. Goal: the new
// balance within 1 s of the tap (four of five taps, so one slowed by other work on a shared machine does not fail
// it). The numbers are printed for docs/BENCHMARKS.md.

const { newPage } = useBrowser();
let owner: OwnerWithProgram;
let email = '';

beforeAll(async () => {
  owner = await ownerWithProgram({ rewards: [{ name: 'Kawa gratis', description: '', cost: 100 }] });
  email = uniqueEmail('lada');
  await clientWithCard(owner, { name: 'Marta Lada', email });
});

/**
 * Milliseconds from the next tap (pointerdown) on the page to the first animation frame in which `selector`'s text
 * is `expected`, measured in the page; call it, then tap.
 */
async function armTapToText(page: Page, selector: string, expected: string): Promise<() => Promise<number>> {
  // a script in the page's own language (this file is type-checked without the DOM's types); `void`, or
  // evaluate would wait for the promise
  await page.evaluate(`
    void (window.__tap = new Promise((resolve) => {
      addEventListener('pointerdown', (tap) => {
        const check = () => {
          if (document.querySelector(${JSON.stringify(selector)})?.textContent === ${JSON.stringify(expected)})
            resolve(performance.now() - tap.timeStamp);
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }, { capture: true, once: true });
    }));
  `);
  return () => page.evaluate('window.__tap') as Promise<number>;
}

/** Five lookups and awards of 10 pkt (the balance starts at `(first - 1) * 10`); the times sorted. */
async function rounds(page: Page, first: number): Promise<{ lookups: number[]; awards: number[] }> {
  const lookups: number[] = [];
  const awards: number[] = [];
  const card = page.getByRole('region', { name: 'Karta klienta' });
  for (let round = first; round < first + 5; round++) {
    await page.getByLabel('Numer karty, telefon, e-mail lub nazwisko').fill(email);
    const lookup = await armTapToText(page, '[data-testid="scanner-balance"]', `${(round - 1) * 10} pkt`);
    await page.getByRole('button', { name: 'Szukaj' }).click();
    lookups.push(await lookup());

    await page.getByLabel('Kwota zakupu (zł)').fill('10');
    const award = await armTapToText(page, '[data-testid="scanner-balance"]', `${round * 10} pkt`);
    await page.getByRole('button', { name: 'Przyznaj punkty' }).click();
    awards.push(await award());
    await card.getByRole('button', { name: 'Inna karta' }).click();
    // the card cooldown (SCAN_COOLDOWN_MS, 2 s) between two awards on one card
    await page.waitForTimeout(2_100);
  }
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  return { lookups: sorted(lookups), awards: sorted(awards) };
}

describe('at the counter on a slow phone', () => {
  it('a lookup shows the card and an award shows the new balance within a second of the tap', async () => {
    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj', owner.email);
    await page.waitForURL((url) => url.pathname.startsWith('/panel'));
    await page.goto('/panel/skaner');
    await page.getByRole('heading', { name: 'Skaner kart', level: 1 }).waitFor();

    // baseline in the same run: the same taps unthrottled, then on the slow phone
    const fast = await rounds(page, 1);
    await slowPhone(page);
    const slow = await rounds(page, 6);
    const ms = (xs: number[]) => xs.map(Math.round).join(', ');
    console.log(
      `counter speed, sorted ms — unthrottled: lookup ${ms(fast.lookups)}; award ${ms(fast.awards)} · ` +
        `4× CPU + slow 4G: lookup ${ms(slow.lookups)}; award ${ms(slow.awards)}`,
    );
    // four of the five taps (the 80th percentile) answered within a second; a machine shared with other work may
    // slow one of them
    expect(slow.awards[3]).toBeLessThanOrEqual(1_000);
    expect(slow.lookups[3]).toBeLessThanOrEqual(1_000);
  });
});
