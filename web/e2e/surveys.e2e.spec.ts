import type { Page } from 'playwright-core';
import { inject, beforeAll, describe, expect, it } from 'vitest';
import {
  activeAccount,
  eventually,
  logIn,
  mailTo,
  ownerWithProgram,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';
import { seriousAxeViolations } from '../../scripts/testing/axe';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
import { layoutProblems } from '../../scripts/testing/layout';

// Automatic NPS surveys (issue 18, ADR 0022), in a browser against the built product (SURVEY_DELAY_SECONDS of
// the e2e setup: due a second after the visit): a purchase at the till e-mails the customer a one-time link; on
// the phone they pick a score, comment and see the thank-you with the company's review link; the owner sees the
// NPS in the panel once five customers answered.

const { newPage } = useBrowser();
let owner: OwnerWithProgram;

beforeAll(async () => {
  owner = await ownerWithProgram();
  const settings = await owner.client.call('PUT', `/api/v1/surveys/tenants/${owner.tenantId}/settings`, {
    enabled: true,
    delayHours: 3,
    reviewUrl: 'https://g.page/r/kawiarnia-pod-lipa/review',
    alertEmail: null,
  });
  expect(settings.status, await settings.clone().text()).toBe(200);
});

/** a client the owner enrolled by e-mail, with a purchase on their card: returns the survey link's token */
async function customerAfterVisit(company: OwnerWithProgram = owner): Promise<string> {
  const owner = company;
  const email = uniqueEmail('klient');
  const created = await owner.client.call('POST', `/api/v1/tenants/${owner.tenantId}/create-client`, {
    email,
    name: 'Zofia Ankietowa',
    programId: owner.program.id,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const cardId = await eventually('the client’s card', async () => {
    const res = await owner.client.call('GET', `/api/v1/cards/search?email=${encodeURIComponent(email)}`);
    const found = (await res.json()) as Array<{ cardId: string }> | { items?: Array<{ cardId: string }> };
    return (Array.isArray(found) ? found : (found.items ?? []))[0]?.cardId;
  });
  const award = await owner.client.call(
    'POST',
    `/api/v1/cards/${cardId}/points-from-amount`,
    { amountGrosze: 1500 },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(award.status, await award.clone().text()).toBeLessThan(300);
  const mail = await mailTo(email, /Jak oceniasz wizyt/);
  const token = /survey-response\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
  expect(token, `survey link in:\n${mail}`).toBeTruthy();
  return token!;
}

const scoreButton = (page: Page, score: number) => page.getByRole('radio', { name: `Ocena ${score}` });

/** taps the big score button (the visible label of the native radio input) */
async function tapScore(page: Page, score: number) {
  const id = await scoreButton(page, score).getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
}

describe('NPS survey after a visit', () => {
  it('a customer answers on the phone without an account and sees the thank-you with the review link', async () => {
    const token = await customerAfterVisit();
    const phone = await newPage({ viewport: PHONE, bypassCSP: true });
    await phone.goto(`/survey-response?token=${token}`);
    await phone
      .getByRole('group', { name: 'Jak bardzo prawdopodobne jest, że polecisz Kawiarnia Pod Lipą znajomym?' })
      .waitFor();
    expect(await phone.getByRole('radio').count()).toBe(10);
    expect(await layoutProblems(phone)).toEqual([]);
    expect(await seriousAxeViolations(phone)).toEqual([]);

    // sending without a score asks for one
    await phone.getByRole('button', { name: 'Wyślij odpowiedź' }).click();
    await phone.getByRole('alert').filter({ hasText: 'Wybierz ocenę od 1 do 10.' }).waitFor();

    await tapScore(phone, 9);
    expect(await scoreButton(phone, 9).isChecked()).toBe(true);
    await phone.getByLabel('Komentarz (opcjonalnie)').fill('Pyszna kawa, miła obsługa');
    await phone.getByText('25/1000 znaków').waitFor();
    await phone.getByRole('button', { name: 'Wyślij odpowiedź' }).click();
    await phone.getByRole('heading', { name: 'Dziękujemy za odpowiedź!' }).waitFor();
    const review = phone.getByRole('link', { name: 'Wystaw opinię o Kawiarnia Pod Lipą' });
    expect(await review.getAttribute('href')).toBe('https://g.page/r/kawiarnia-pod-lipa/review');

    // the link works once
    await phone.reload();
    await phone.getByRole('heading', { name: 'Ankieta jest już wypełniona' }).waitFor();
  });

  it('a double tap on „Wyślij odpowiedź” sends one answer and shows the thank-you with the review link', async () => {
    const token = await customerAfterVisit();
    const phone = await newPage({ viewport: PHONE });
    const answers: number[] = [];
    phone.on('response', (r) => r.url().endsWith(`/surveys/${token}/respond`) && answers.push(r.status()));
    await phone.goto(`/survey-response?token=${token}`);
    await tapScore(phone, 10);
    await phone.getByRole('button', { name: 'Wyślij odpowiedź' }).dblclick();
    await phone.getByRole('heading', { name: 'Dziękujemy za odpowiedź!' }).waitFor();
    const review = phone.getByRole('link', { name: 'Wystaw opinię o Kawiarnia Pod Lipą' });
    expect(await review.getAttribute('href')).toBe('https://g.page/r/kawiarnia-pod-lipa/review');
    await phone.waitForTimeout(500);
    expect(await phone.getByText('Ankieta jest już wypełniona').count()).toBe(0);
    expect(answers).toEqual([201]); // one answer sent, recorded
  });

  it('a customer turns post-visit surveys off in their settings', async () => {
    const email = uniqueEmail('klient');
    const customer = await activeAccount('customer', email, 'Jan Bezankietowy');
    const page = await newPage({ viewport: PHONE });
    await logIn(page, '/zaloguj?type=customer', email);
    await page.waitForURL((url) => url.pathname === '/klient');
    await page.goto('/klient/ustawienia');
    const toggle = page.getByRole('switch', { name: 'Ankiety po wizycie' });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await page.getByText('Zapisano preferencje.').waitFor();
    const saved = await customer.call('GET', '/api/v1/users/get-user-preferences');
    expect(await saved.json()).toMatchObject({ surveys: false });
  });

  it('an unknown link says so in Polish', async () => {
    const phone = await newPage({ viewport: PHONE });
    await phone.goto('/survey-response?token=nie-ma-takiego');
    await phone.getByRole('heading', { name: 'Nie znaleziono ankiety' }).waitFor();
  });

  it('the owner sees the NPS in the panel once five customers answered', async () => {
    const baseUrl = inject('baseUrl');
    const company = await ownerWithProgram();
    // 10, 9, 8, 4, 9 → 3 promoters, 1 passive, 1 detractor: +40
    for (const score of [10, 9, 8, 4, 9]) {
      const token = await customerAfterVisit(company);
      const res = await fetch(`${baseUrl}/api/v1/surveys/${token}/respond`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          score,
          ...(score === 4 && { comment: 'Długo czekałam na zamówienie' }),
          ...(score === 10 && { comment: 'Pyszna kawa, miła obsługa' }),
        }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const page = await newPage({ bypassCSP: true });
    await logIn(page, '/zaloguj', company.email);
    await page.waitForURL((url) => url.pathname.startsWith('/panel'));
    await page.getByRole('link', { name: 'Ankiety NPS' }).first().click();
    await page.getByRole('heading', { name: 'Ankiety NPS' }).waitFor();
    await expect.poll(() => page.getByTestId('nps-score').textContent()).toBe('+40');
    await page.getByText('z 5 odpowiedzi').waitFor();
    await page.getByText(/skala to 1–10/).waitFor();
    await page.getByText('Długo czekałam na zamówienie').waitFor();
    await page.getByText('Pyszna kawa, miła obsługa').waitFor();
    // the owner sets the review link shown after answering
    await page.getByLabel('Link do opinii (opcjonalnie)').fill('https://g.page/r/pod-lipa/review');
    await page.getByRole('button', { name: 'Zapisz ustawienia' }).click();
    await page.getByText('Zapisano ustawienia ankiet.').waitFor();
    const saved = await company.client.call('GET', `/api/v1/surveys/tenants/${company.tenantId}/settings`);
    expect(((await saved.json()) as { reviewUrl: string }).reviewUrl).toBe(
      'https://g.page/r/pod-lipa/review',
    );
    expect(await layoutProblems(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // the same anonymous answers reach the card ledger's analytics over the bus (NPS over time)
    const nps = await eventually('the answers in analytics', async () => {
      const res = await company.client.call('GET', `/api/v1/analytics/${company.tenantId}?preset=30d`);
      const body = (await res.json()) as { nps: { total: { responses: number; score: number | null } } };
      return body.nps.total.responses === 5 ? body.nps.total : undefined;
    });
    expect(nps.score).toBe(40);
    await page.getByRole('link', { name: 'Analityka' }).first().click();
    await page.getByRole('heading', { name: 'Analityka' }).waitFor();
    await page.getByText('5 odpowiedzi').first().waitFor();
  });
});
