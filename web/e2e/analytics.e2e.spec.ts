import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  clientWithCard,
  eventually,
  logIn,
  ownerWithProgram,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../scripts/testing/actors';
import { PHONE, useBrowser } from '../../scripts/testing/browser';
import { layoutProblems } from '../../scripts/testing/layout';

// The analytics page (issue 18) in a browser against the built product: an owner with two programs, three
// clients, awards, a redemption and a voided award (all through the API, today), sees the numbers, switches
// the period and the program (both kept in the URL), and downloads a table as CSV; on a phone too.
const { newPage } = useBrowser();

let owner: OwnerWithProgram;
let cakes: { id: string; name: string };

async function post(path: string, body: object) {
  const res = await owner.client.call('POST', path, body, { 'idempotency-key': crypto.randomUUID() });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json() as Promise<Record<string, unknown>>;
}

beforeAll(async () => {
  owner = await ownerWithProgram({
    rewards: [{ name: 'Kawa gratis', description: '', cost: 100 }],
  });
  const created = await owner.client.call('POST', `/api/v1/tenants/${owner.tenantId}/loyalty-programs`, {
    kind: 'points',
    name: 'Ciastka za punkty',
    pointsPerPln: 1,
    rewards: [{ name: 'Ciastko', cost: 50 }],
  });
  expect(created.status, await created.clone().text()).toBe(201);
  cakes = (await created.json()) as { id: string; name: string };
  const programs = (await (
    await owner.client.call('GET', `/api/v1/tenants/${owner.tenantId}/loyalty-programs`)
  ).json()) as {
    items: Array<{ id: string; rewards: Array<{ id: string; name: string }> }>;
  };
  const coffeeReward = programs.items.find((p) => p.id === owner.program.id)!.rewards[0]!;

  const lucja = await clientWithCard(owner, { name: 'Łucja Żak', email: uniqueEmail('lucja') });
  const marek = await clientWithCard(owner, { name: 'Marek Nowak', email: uniqueEmail('marek') });
  const ola = await clientWithCard(owner, {
    name: 'Ola Wiśniewska',
    email: uniqueEmail('ola'),
    programId: cakes.id,
  });
  await post(`/api/v1/cards/${lucja}/points-from-amount`, { amountGrosze: 15_000 }); // 150 pkt
  await post(`/api/v1/cards/${lucja}/redeem-reward`, { rewardId: coffeeReward.id }); // −100
  await post(`/api/v1/cards/${marek}/points-from-amount`, { amountGrosze: 8_000 }); // a mistake…
  const history = (await (await owner.client.call('GET', `/api/v1/cards/${marek}/history`)).json()) as {
    items: Array<{ id: string; type: string }>;
  };
  await post(`/api/v1/cards/${marek}/void`, {
    activityId: history.items.find((e) => e.type === 'points_earned')!.id,
    reason: 'Pomyłka w kwocie',
  }); // …voided: Marek has no visit
  await post(`/api/v1/cards/${ola}/points-from-amount`, { amountGrosze: 2_000 }); // 20 pkt
  // the analytics projector runs in the background: wait until it has every event
  await eventually('the analytics to count the visits', async () => {
    const res = await owner.client.call('GET', `/api/v1/analytics/${owner.tenantId}?preset=30d`);
    const body = (await res.json()) as { rewards?: { pointsIssued: number; pointsRedeemed: number } };
    return body.rewards?.pointsIssued === 170 && body.rewards.pointsRedeemed === 100 ? true : undefined;
  });
});

async function ownerOnAnalytics(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await newPage({ viewport });
  await logIn(page, '/zaloguj', owner.email);
  await page.waitForURL((url) => url.pathname === '/panel');
  await page
    .getByRole('navigation', { name: 'Panel firmy' })
    .getByRole('link', { name: 'Analityka' })
    .click();
  await page.getByRole('heading', { name: 'Analityka', level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'Wizyty w czasie' }).waitFor();
  return page;
}

const figure = (page: Page, label: string) => page.getByTestId(`figure-${label}`).textContent();

describe('the owner opens the analytics', () => {
  it('sees the seeded numbers, switches the period and the program, and downloads a CSV', async () => {
    const page = await ownerOnAnalytics();
    expect(await figure(page, 'Aktywni klienci')).toBe('2');
    expect(await figure(page, 'Nowi klienci')).toBe('2');
    expect(await figure(page, 'Wizyty')).toBe('2');
    expect(await figure(page, 'Punkty przyznane')).toBe('170');
    expect(await figure(page, 'Punkty wykorzystane')).toBe('100');
    expect(await figure(page, 'Wskaźnik wykorzystania')).toBe('58,82%');
    // the liability: 50 (Łucja) + 20 (Ola) points on the cards
    await page.getByText('Na kartach (dziś): 70 pkt').waitFor();

    await page.getByRole('radiogroup', { name: 'Okres' }).getByText('7 dni', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('okres') === '7d');
    const warsawDay = (daysAgo: number) => {
      const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' })
        .format(new Date(Date.now() - daysAgo * 86_400_000))
        .split('-');
      return `${d}.${m}.${y}`;
    };
    await page
      .getByTestId('analytics-period')
      .filter({ hasText: `Okres: ${warsawDay(6)} – ${warsawDay(0)}` })
      .waitFor();
    expect(await figure(page, 'Aktywni klienci')).toBe('2');

    await page.getByRole('combobox', { name: 'Program' }).click();
    await page.getByRole('option', { name: 'Kawa za punkty' }).click();
    await page.waitForURL((url) => url.searchParams.get('program') === owner.program.id);
    await expect.poll(() => figure(page, 'Punkty przyznane')).toBe('150');
    expect(await figure(page, 'Aktywni klienci')).toBe('1');
    await page.getByTestId('analytics-period').filter({ hasText: 'program: Kawa za punkty' }).waitFor();

    // a reload keeps the filters (they are in the URL)
    await page.reload();
    await expect.poll(() => figure(page, 'Punkty przyznane')).toBe('150');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Pobierz CSV: Najpopularniejsze nagrody' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^nagrody-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toBe('\uFEFFNagroda;Odebrane\r\nKawa gratis;1\r\n');
  });

  it('switches between the preset periods from the prefetched figures, without waiting for the server', async () => {
    const page = await ownerOnAnalytics();
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === `/api/v1/analytics/${owner.tenantId}`)
        asked.push(url.searchParams.get('preset') ?? '');
    });
    // the other presets arrive in the cache once the shown (30 days) figures are in
    await page.reload();
    await page.getByRole('heading', { name: 'Wizyty w czasie' }).waitFor();
    await expect.poll(() => [...new Set(asked)].sort()).toEqual(['12m', '30d', '7d', '90d', 'this_month']);
    const before = asked.length;

    await page.getByRole('radiogroup', { name: 'Okres' }).getByText('90 dni', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('okres') === '90d');
    expect(await figure(page, 'Punkty przyznane')).toBe('170');
    await page.getByRole('radiogroup', { name: 'Okres' }).getByText('12 miesięcy', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('okres') === '12m');
    expect(await figure(page, 'Wizyty')).toBe('2');
    // both answered from the cache: no request for them after the click
    expect(asked.slice(before)).toEqual([]);
  });

  it('the previous month (the printable summary) has no visits yet and says what to do', async () => {
    const page = await ownerOnAnalytics();
    await page.getByRole('button', { name: 'Podsumowanie poprzedniego miesiąca' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('okres') === 'custom' && !!url.searchParams.get('od'),
    );
    const od = new URL(page.url()).searchParams.get('od')!;
    expect(od).toMatch(/^\d{4}-\d{2}-01$/);
    await page.getByText('Brak wizyt w tym okresie').waitFor();
    await page.getByRole('link', { name: 'Otwórz skaner' }).waitFor();
    expect(await figure(page, 'Aktywni klienci')).toBe('0');
    await page.getByRole('button', { name: 'Drukuj podsumowanie' }).waitFor();
  });

  it('on a phone, the charts and their code come when the owner scrolls to them; on a wide screen at once', async () => {
    const phone = await ownerOnAnalytics(PHONE);
    const chartScripts: string[] = [];
    phone.on('request', (request) => {
      if (/\/assets\/analytics-charts-[^/]+\.js$/.test(request.url())) chartScripts.push(request.url());
    });
    expect(await figure(phone, 'Aktywni klienci')).toBe('2');
    await phone.waitForLoadState('networkidle');
    // the first screen is the figures: nothing of the charts yet (their code is the panel's largest script)
    expect(await phone.getByRole('img', { name: 'Wykres wizyt w czasie' }).count()).toBe(0);
    expect(chartScripts).toEqual([]);
    await phone.getByRole('heading', { name: 'Wizyty w czasie' }).scrollIntoViewIfNeeded();
    await phone.getByRole('img', { name: 'Wykres wizyt w czasie' }).waitFor();
    expect(chartScripts).toHaveLength(1);
    await phone.getByRole('heading', { name: 'NPS w czasie' }).scrollIntoViewIfNeeded();
    await phone.getByRole('img', { name: 'Wykres: klienci według liczby wizyt' }).waitFor();

    // printing the summary without scrolling: every chart is drawn before the browser's print opens
    const printing = await ownerOnAnalytics(PHONE);
    await printing.evaluate(
      "window.print = () => { window.chartsPrinted = document.querySelectorAll('[role=img][aria-label^=\"Wykres\"]').length; window.placesLeft = document.querySelectorAll('[data-chart-place]').length; }",
    );
    await printing.getByRole('button', { name: 'Drukuj podsumowanie' }).click();
    // visits and frequency (no NPS answers here)
    await expect.poll(() => printing.evaluate('window.chartsPrinted ?? null'), { timeout: 10_000 }).toBe(2);
    expect(await printing.evaluate('window.placesLeft')).toBe(0);

    const wide = await ownerOnAnalytics({ width: 1280, height: 1400 });
    await wide.getByRole('img', { name: 'Wykres wizyt w czasie' }).waitFor();
  });

  it('is usable on a phone (390×844): figures readable, nothing overflows', async () => {
    const page = await ownerOnAnalytics(PHONE);
    expect(await figure(page, 'Aktywni klienci')).toBe('2');
    const problems = (await layoutProblems(page)).filter((p) => !p.includes(' lies over '));
    expect(problems).toEqual([]);
    const csv = page.getByRole('button', { name: 'Pobierz CSV: Wizyty w czasie' });
    const box = (await csv.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  });

  it('values the points in złoty once the owner gives a reward its cost in the program editor', async () => {
    const page = await ownerOnAnalytics();
    // before: no reward has a cost to the business, so nothing is valued and the page says what to do
    expect(await figure(page, 'Wartość punktów na kartach')).toBe('nie wyceniono');
    await page
      .getByTestId('liability-unvalued')
      .filter({ hasText: 'Podaj koszt nagród w programie, aby zobaczyć wycenę' })
      .waitFor();

    await page
      .getByRole('navigation', { name: 'Panel firmy' })
      .getByRole('link', { name: 'Programy' })
      .click();
    await page.getByRole('link', { name: 'Edytuj program Kawa za punkty' }).click();
    const reward = page.getByRole('group', { name: /^Nagroda 1/ });
    const value = reward.getByLabel('Koszt nagrody dla firmy (zł)');
    await page
      .getByText('Ile kosztuje Cię wydanie tej nagrody — używane tylko w analityce do wyceny punktów')
      .waitFor();
    await value.fill('8,505'); // more than grosze: refused in Polish, nothing saved
    await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await reward.getByText('Koszt nagrody dla firmy podaj w złotych, np. 12,50.').waitFor();
    await value.fill('8,50'); // a free coffee costs the café 8,50 zł: 100 pkt → 8,5 gr per point
    await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await page.waitForURL((url) => url.pathname === '/panel/programy');
    // the list says which programs the analytics can value
    await page
      .getByRole('article', { name: 'Kawa za punkty' })
      .getByText('z kosztem dla firmy: 1', { exact: false })
      .waitFor();
    await page
      .getByRole('article', { name: 'Ciastka za punkty' })
      .getByText('bez kosztu dla firmy (analityka nie wyceni punktów)', { exact: false })
      .waitFor();
    // the card ledger learns the new definition over the bus
    await eventually('the liability to be valued', async () => {
      const res = await owner.client.call('GET', `/api/v1/analytics/${owner.tenantId}?preset=30d`);
      const body = (await res.json()) as { liability?: { valueGrosze: number | null } };
      return body.liability?.valueGrosze === 425 ? true : undefined;
    });

    await page
      .getByRole('navigation', { name: 'Panel firmy' })
      .getByRole('link', { name: 'Analityka' })
      .click();
    await page.getByRole('heading', { name: 'Niewykorzystane punkty i pieczątki' }).waitFor();
    // Łucja's 50 points × 8,5 gr = 4,25 zł; Ola's 20 points in the cakes program are not valued
    await expect.poll(() => figure(page, 'Wartość punktów na kartach')).toBe('4,25 zł');
    expect(await page.getByTestId('liability-value').textContent()).toBe(
      'Wartość niewykorzystanych punktów i pieczątek: 4,25 zł (bez 1 niewycenionego programu)',
    );
    await page
      .getByTestId('liability-unvalued')
      .filter({ hasText: 'Nie wyceniono: Ciastka za punkty.' })
      .waitFor();
    const section = page.getByRole('region', { name: 'Niewykorzystane punkty i pieczątki' });
    await section.getByRole('cell', { name: 'nie wyceniono' }).waitFor();
    expect(await section.getByRole('cell', { name: '4,25 zł' }).count()).toBe(2); // the program and the total

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Pobierz CSV: Niewykorzystane punkty i pieczątki' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^zobowiazanie-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(
      '\uFEFFProgram;Jednostka;Na kartach;Najtańsza nagroda;Nagród do odebrania;Wartość 1 pkt / piecz. (gr);' +
        'Wycena według nagrody;Wartość (zł)\r\n' +
        'Kawa za punkty;punkty;50;100;0;8,5;Kawa gratis;4,25\r\n' +
        'Ciastka za punkty;punkty;20;50;0;;;nie wyceniono\r\n' +
        'Razem (programy wycenione);;;;0;;;4,25\r\n',
    );
  });
});
