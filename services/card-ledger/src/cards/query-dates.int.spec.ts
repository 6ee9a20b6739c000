import { QueryDateMessages } from '@punkto/contracts/dates';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCardLedger, tokensFor, type CardLedgerTestApp } from '../testing/card-ledger-test-app';

// Issue 36, finding 2: `GET /api/v1/cards/{id}/history?from=0100-01-01` (any year 0100–1945) answered 500
// "no local midnight found" while the exports and the analytics answered 400. One rule now: 2000–2100, 400.
let t: CardLedgerTestApp;
let owner: string;
let tenantId: string;
let cardId: string;
beforeAll(async () => {
  t = await startCardLedger();
  tenantId = `t-${randomUUID()}`;
  ({ owner } = await tokensFor(tenantId));
  const program = await t.defineProgram({ tenantId });
  ({ cardId } = await t.enrol(program));
});
afterAll(async () => {
  await t?.close();
});

const routes = {
  history: (q: string) => `/api/v1/cards/${cardId}/history?${q}`,
  'transactions export': (q: string) => `/api/v1/tenants/${tenantId}/exports/transactions?${q}`,
  analytics: (q: string) =>
    `/api/v1/analytics/${tenantId}?${q.replace('from=', 'startDate=').replace('to=', 'endDate=')}`,
};
const field = (route: keyof typeof routes, end: 'from' | 'to') =>
  route === 'analytics' ? (end === 'from' ? 'query.startDate' : 'query.endDate') : `query.${end}`;

describe('query dates outside 2000–2100 answer 400 on every route', () => {
  describe.each(Object.keys(routes) as (keyof typeof routes)[])('%s', (route) => {
    it.each(['0100-01-01', '1945-06-01', '1999-12-31'])(
      'from=%s: 400 in the validation shape',
      async (date) => {
        const response = await t.call('GET', routes[route](`from=${date}&to=2000-01-05`), owner);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'VALIDATION_ERROR',
          status: 400,
          errors: { [field(route, 'from')]: [QueryDateMessages.range] },
        });
      },
    );

    it('to=2101-01-01: 400; the bounds themselves are fine', async () => {
      const late = await t.call('GET', routes[route]('from=2100-12-30&to=2101-01-01'), owner);
      expect(late.statusCode).toBe(400);
      expect(late.json().errors[field(route, 'to')]).toEqual([QueryDateMessages.range]);
      for (const q of ['from=2000-01-01&to=2000-01-31', 'from=2100-12-01&to=2100-12-31'])
        expect((await t.call('GET', routes[route](q), owner)).statusCode, q).toBe(200);
    });
  });
});
