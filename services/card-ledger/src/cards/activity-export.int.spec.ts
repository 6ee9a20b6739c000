import { Permissions, Roles } from '@punkto/contracts/permissions';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startCardLedger,
  tokenFor,
  tokensFor,
  type CardLedgerTestApp,
} from '../testing/card-ledger-test-app';
import { activityExport, TRANSACTIONS_EXPORT_HEADER } from './activity-export';

// the card ledger's real app on the embedded adapters: the transactions CSV through HTTP
let t: CardLedgerTestApp;
beforeAll(async () => {
  t = await startCardLedger();
});
afterAll(async () => {
  await t?.close();
});

const BOM = '\uFEFF';
const exportUrl = (tenantId: string, query = '') =>
  `/api/v1/tenants/${tenantId}/exports/transactions${query ? `?${query}` : ''}`;
const linesOf = (body: string) => body.slice(BOM.length).split('\r\n').slice(0, -1);

/** A tenant with two clients: a card issued in winter, an award across the spring clock change, a stamp later. */
async function aTenantWithHistory() {
  const tenantId = `t-${randomUUID()}`;
  const { owner } = await tokensFor(tenantId);
  const program = await t.defineProgram({ tenantId, name: 'Kawa; duża' });
  t.setNow('2026-03-28T22:30:00.000Z'); // 23:30 on 28 March in Warsaw (CET)
  const lucja = await t.enrol(program, { name: 'Łucja Żak' });
  t.setNow('2026-03-29T01:30:00.000Z'); // 03:30 on 29 March (CEST, the clock moved at 02:00)
  const award = await t.call('POST', `/api/v1/cards/${lucja.cardId}/points-from-amount`, owner, {
    body: { amountGrosze: 4250 },
  });
  expect(award.statusCode).toBe(200);
  t.setNow('2026-03-30T10:00:00.000Z');
  const mallory = await t.enrol(program, { name: '=HYPERLINK("http://zly.example")' });
  return { tenantId, owner, program, lucja, mallory };
}

describe('GET /api/v1/tenants/{id}/exports/transactions', () => {
  it('streams the history of the days asked for as a Polish Excel CSV, with the row count up front', async () => {
    const { tenantId, owner, lucja } = await aTenantWithHistory();
    t.setNow('2026-04-10T12:00:00.000Z');
    const response = await t.call('GET', exportUrl(tenantId, 'from=2026-03-29&to=2026-03-30'), owner);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="transakcje-2026-04-10.csv"');
    expect(response.headers['x-total-count']).toBe('2');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = linesOf(response.body);
    expect(header).toBe(TRANSACTIONS_EXPORT_HEADER.join(';'));
    expect(header).toBe(
      'Data i godzina;Rodzaj;Opis;Klient;Numer karty;Program;Punkty;Pieczątki;Kwota (zł);Nagroda;Pracownik',
    );
    const lookup = await t.call('GET', `/api/v1/cards?cardId=${lucja.cardId}`, owner);
    const { humanReadableId } = lookup.json() as { humanReadableId: string };
    expect(humanReadableId).toMatch(/^\d{4} \d{4} \d{2}$/);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.split(';')[4]).toBe(humanReadableId);
    // the card issued at 23:30 on the 28th (Warsaw) is outside; the award at 03:30 CEST is in
    expect(rows[0]).toMatch(
      /^2026-03-29 03:30:00;Punkty;Przyznano 42 pkt za zakupy na 42,50\u00a0zł;Łucja Żak;\d{4} \d{4} \d{2};"Kawa; duża";42;;42,50;;$/,
    );
    // a name typed as a formula stays text
    expect(rows[1]).toMatch(
      /^2026-03-30 12:00:00;Nowa karta;Wydano kartę;"'=HYPERLINK\(""http:\/\/zly\.example""\)";\d{4} \d{4} \d{2};"Kawa; duża";;;;;$/,
    );
  });

  it('shows each entry with the card number it had then: a replaced card keeps its old number on old rows', async () => {
    const { tenantId, owner, lucja } = await aTenantWithHistory();
    const number = async () =>
      (
        (await t.call('GET', `/api/v1/cards?cardId=${lucja.cardId}`, owner)).json() as {
          humanReadableId: string;
        }
      ).humanReadableId;
    const before = await number();
    t.setNow('2026-03-31T10:00:00.000Z');
    const replaced = await t.call('POST', `/api/v1/cards/${lucja.cardId}/regenerate`, owner);
    expect(replaced.statusCode, replaced.body).toBe(200);
    t.setNow('2026-03-31T11:00:00.000Z');
    const award = await t.call('POST', `/api/v1/cards/${lucja.cardId}/points-from-amount`, owner, {
      body: { amountGrosze: 1000 },
    });
    expect(award.statusCode).toBe(200);
    const after = await number();
    expect(after).not.toBe(before);

    t.setNow('2026-04-10T12:00:00.000Z');
    const response = await t.call('GET', exportUrl(tenantId, 'from=2026-03-28&to=2026-03-31'), owner);
    const rows = linesOf(response.body)
      .slice(1)
      .map((row) => row.split(';'))
      .filter((cells) => cells[3] === 'Łucja Żak')
      .map((cells) => [cells[1], cells[4]]);
    expect(rows).toEqual([
      ['Nowa karta', before],
      ['Punkty', before],
      ['Wymiana karty', after],
      ['Punkty', after],
    ]);
  });

  it('covers the last 30 days (Warsaw) without dates', async () => {
    const { tenantId, owner } = await aTenantWithHistory();
    // 30 days up to 27 April include 29 March from 00:00 Warsaw (22:00 UTC on the 28th: not the 23:30 issue)
    t.setNow('2026-04-27T10:00:00.000Z');
    const response = await t.call('GET', exportUrl(tenantId), owner);
    expect(response.headers['x-total-count']).toBe('2');
    expect(linesOf(response.body)).toHaveLength(3);
    t.setNow('2026-04-28T10:00:00.000Z');
    expect((await t.call('GET', exportUrl(tenantId), owner)).headers['x-total-count']).toBe('1');
  });

  it('answers only the header for a range without history', async () => {
    const { tenantId, owner } = await aTenantWithHistory();
    const response = await t.call('GET', exportUrl(tenantId, 'from=2025-01-01&to=2025-01-31'), owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('0');
    expect(response.body).toBe(`${BOM}${TRANSACTIONS_EXPORT_HEADER.join(';')}\r\n`);
  });

  it.each([
    ['from=2026-03-30&to=2026-03-29', 'query.from', 'Data początkowa nie może być późniejsza niż końcowa.'],
    ['from=2025-01-01&to=2026-01-02', 'query.from', 'Zakres dat może obejmować najwyżej 366 dni.'],
    ['from=2024-01-01', 'query.from', 'Zakres dat może obejmować najwyżej 366 dni.'],
    ['to=2026-02-30', 'query.to', 'Podaj datę w formacie RRRR-MM-DD.'],
    ['from=26-03-01', 'query.from', 'Podaj datę w formacie RRRR-MM-DD.'],
    ['from=0001-01-01&to=0001-01-02', 'query.from', 'Podaj datę od 2000-01-01 do 2100-12-31.'],
  ])('refuses %s with 400 and the errors map', async (query, field, message) => {
    const tenantId = `t-${randomUUID()}`;
    const { owner } = await tokensFor(tenantId);
    t.setNow('2026-04-10T12:00:00.000Z');
    const response = await t.call('GET', exportUrl(tenantId, query), owner);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toContain(message);
  });

  it('accepts a full 366-day range (a leap year)', async () => {
    const tenantId = `t-${randomUUID()}`;
    const { owner } = await tokensFor(tenantId);
    const response = await t.call('GET', exportUrl(tenantId, 'from=2024-01-01&to=2024-12-31'), owner);
    expect(response.statusCode).toBe(200);
  });

  it('is for staff of the tenant with clients.view: 403 for others, 401 without a session', async () => {
    const { tenantId } = await aTenantWithHistory();
    const { employee } = await tokensFor(tenantId);
    const other = await tokensFor(`t-${randomUUID()}`);
    const asWho = async (token: string | null) =>
      (await t.call('GET', exportUrl(tenantId), token)).statusCode;
    expect(await asWho(await employee([Permissions.clientsView]))).toBe(200);
    expect(await asWho(await employee([Permissions.cardsScan, Permissions.analyticsView]))).toBe(403);
    expect(await asWho(other.owner)).toBe(403);
    expect(await asWho(await tokenFor(randomUUID(), Roles.customer))).toBe(403);
    expect(await asWho(null)).toBe(401);
  });
});

describe('activityExport over many pages', () => {
  it('reads the rows a page at a time, in time order, none twice', async () => {
    const { tenantId, program } = await aTenantWithHistory();
    t.setNow('2026-03-31T08:00:00.000Z');
    for (let i = 0; i < 5; i++) await t.enrol(program, { name: `Klient ${i}` });
    const exporter = await activityExport(t.infra.documents, { pageSize: 2 });
    const { total, rows } = await exporter.open(
      tenantId,
      { from: '2026-03-01', to: '2026-03-31' },
      new Date('2026-04-01T00:00:00Z'),
    );
    const read: string[] = [];
    for await (const row of rows) read.push(`${row[0]} ${row[3]}`);
    expect(total).toBe(8);
    expect(read).toHaveLength(8);
    expect(read.slice(0, 3)).toEqual([
      '2026-03-28 23:30:00 Łucja Żak',
      '2026-03-29 03:30:00 Łucja Żak',
      '2026-03-30 12:00:00 =HYPERLINK("http://zly.example")',
    ]);
    expect(new Set(read.slice(3))).toEqual(
      new Set([0, 1, 2, 3, 4].map((i) => `2026-03-31 10:00:00 Klient ${i}`)),
    );
  });
});
