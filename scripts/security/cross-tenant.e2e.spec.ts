import type { Endpoint } from '@punkto/contracts/endpoint';
import { allEndpoints } from '@punkto/contracts/endpoints/index';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeAccount,
  eventually,
  invitedEmployee,
  ownerWithProgram,
  uniqueEmail,
  type OwnerWithProgram,
} from '../testing/actors';
import type { CookieClient } from '../testing/http-client';

/**
 * The cross-tenant probe set (issue 15), through the gateway of `npm start`: EVERY tenant-scoped operation of
 * the contracts, called with tenant A's ids by
 * - the owner of tenant B (every permission, in B),
 * - an employee of A who holds no permission (for operations that need one),
 * - a customer,
 * is refused (401/403/404 in the spec's shape) and changes nothing of A's. The list comes from
 * `allEndpoints`: a new tenant-scoped endpoint fails this test until the probe knows how to call it.
 */
/** Operations open to these callers by design, and why. */
const BY_DESIGN: Record<string, string> = {
  'get /api/v1/tenants/{id}/loyalty-programs/{programId}/public': 'the enrolment page shows it to anyone',
  'get /api/v1/tenants/{id}/images/{file}': 'logos and hero images are public URLs on cards and passes',
  'post /api/v1/tenants/{id}/join': 'any customer may join any company’s program from its link',
  'post /api/v1/tenants/create': 'creates the caller’s own tenant; names no other',
  'delete /api/v1/tenants/delete-tenant': 'deletes the caller’s own tenant; names no other',
  'get /api/v1/subscriptions/list-available-subscriptions': 'the public price list',
};

/** Operations scoped by the caller's own tenant: another tenant's call answers from its own data (no error). */
const OWN_SCOPE = new Set(['get /api/v1/cards/search']);
/** Operations about the caller alone, whoever calls: each answers from the caller's own data (no error). */
const CALLERS_OWN = new Set([
  // the caller's own closed companies (ADR 0047): anyone else's list is their own, empty here
  'get /api/v1/invoices/former-companies',
]);

const keyOf = (e: Endpoint) => `${e.method} ${e.path}`;
const isTenantScoped = (e: Endpoint) =>
  e.path.startsWith('/api/v1/tenants/') ||
  e.path.startsWith('/api/v1/cards') ||
  e.path.startsWith('/api/v1/surveys/tenants/') ||
  e.path.startsWith('/api/v1/notifications/tenants/') ||
  e.path.startsWith('/api/v1/analytics/') ||
  /^\/api\/v1\/(subscriptions|payments|payment-methods|invoices)\//.test(e.path);

type Ids = {
  tenantId: string;
  programId: string;
  rewardId: string;
  serviceId: string;
  employeeId: string;
  clientId: string;
  clientEmail: string;
  cardId: string;
  /** a payment A started (billing) */
  paymentId: string;
};

/** How to call each operation with A's ids: path parameters, query and a VALID body (so no 400 hides a 403). */
function request(e: Endpoint, ids: Ids): { path: string; body?: unknown; headers?: Record<string, string> } {
  const params: Record<string, string> = {
    id: e.path.startsWith('/api/v1/cards/')
      ? ids.cardId
      : e.path.startsWith('/api/v1/payments/')
        ? ids.paymentId
        : ids.tenantId,
    tenantId: ids.tenantId,
    // an invoice id: another company is refused before any lookup
    invoiceId: 'faktura',
    programId: ids.programId,
    serviceId: ids.serviceId,
    employeeId: ids.employeeId,
    clientId: ids.clientId,
    // a company message: another company is refused before any lookup
    campaignId: 'kampania',
    // the file name of a card's Apple Wallet pass; `link` for Google Wallet's save link
    x: e.path.includes('create-google-pass') ? 'link' : 'karta.pkpass',
  };
  const path = e.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (!value) throw new Error(`the probe cannot fill {${name}} of ${keyOf(e)}`);
    return value;
  });
  const query: Record<string, string> = {
    'get /api/v1/tenants/{id}/get-clients': '?pageNumber=1',
    'get /api/v1/tenants/{id}/employees': '?pageNumber=1',
    'get /api/v1/cards': `?cardId=${ids.cardId}`,
    'get /api/v1/cards/search': `?email=${encodeURIComponent(ids.clientEmail)}`,
    'post /api/v1/subscriptions/change-plan': `?tenantId=${ids.tenantId}&newSubscriptionPlanId=basic&isForYear=true`,
    'post /api/v1/subscriptions/cancel': `?tenantId=${ids.tenantId}`,
    'post /api/v1/subscriptions/resume': `?tenantId=${ids.tenantId}`,
    'get /api/v1/analytics/{tenantId}': `?preset=30d&loyaltyProgramId=${ids.programId}`,
  };
  const program = { kind: 'points', name: 'Przejęty program', pointsPerPln: 5 };
  const bodies: Record<string, unknown> = {
    'patch /api/v1/tenants/{id}/add-client': { email: uniqueEmail('obcy'), programId: ids.programId },
    'patch /api/v1/tenants/{id}/clients/{clientId}': { name: 'Przejęty Klient', phone: '600 000 001' },
    'post /api/v1/tenants/{id}/create-client': {
      email: uniqueEmail('obcy'),
      name: 'Obcy Klient',
      programId: ids.programId,
    },
    'post /api/v1/tenants/{id}/import-clients': {
      importId: 'obcy-import',
      programId: ids.programId,
      invite: true,
      rows: [{ row: 2, name: 'Obcy Klient', email: uniqueEmail('obcy'), points: '100' }],
    },
    'post /api/v1/tenants/{id}/loyalty-programs': program,
    'put /api/v1/tenants/{id}/loyalty-programs/{programId}': program,
    'post /api/v1/tenants/{id}/services': { name: 'Przejęta usługa', priceGrosze: 100 },
    'put /api/v1/tenants/{id}/services/{serviceId}': { name: 'Przejęta usługa', priceGrosze: 100 },
    'post /api/v1/tenants/{id}/employees': {
      email: uniqueEmail('obcy'),
      name: 'Obcy Pracownik',
      permissions: [],
    },
    'post /api/v1/tenants/{id}/employees/resend-activation': { employeeId: ids.employeeId },
    'patch /api/v1/tenants/{id}/employees/{employeeId}': { name: 'Przejęty Pracownik' },
    'patch /api/v1/tenants/{id}/employees/{employeeId}/permissions': { permissions: ['employees.manage'] },
    'patch /api/v1/tenants/{id}/update-tenant': { companyName: 'Przejęta firma' },
    'put /api/v1/tenants/{id}/locations': {
      locations: [{ name: 'Przejęty lokal', latitude: 52.2297, longitude: 21.0122 }],
    },
    'post /api/v1/cards/{id}/stamps': { count: 1 },
    'post /api/v1/cards/{id}/points-from-amount': { amountGrosze: 100_000 },
    'post /api/v1/cards/{id}/redeem-reward': { rewardId: ids.rewardId },
    // the card's first history entry (CardIssued): a valid body, refused before the entry is looked at
    'post /api/v1/cards/{id}/void': { activityId: `${ids.cardId}:0000000000`, reason: 'Przejęta korekta' },
    'post /api/v1/cards/{id}/adjust': { delta: 500, reason: 'Przejęta korekta salda' },
    'post /api/v1/payments/initiate-payment': { tenantId: ids.tenantId, planId: 'basic', isForYear: false },
    'post /api/v1/payment-methods/add': { tenantId: ids.tenantId },
    'delete /api/v1/payment-methods/remove': { tenantId: ids.tenantId, paymentMethodId: 'karta' },
    'patch /api/v1/payment-methods/set-default': { tenantId: ids.tenantId, paymentMethodId: 'karta' },
    'post /api/v1/notifications/tenants/{id}/campaigns': {
      title: 'Przejęta wiadomość',
      body: 'Treść od obcej firmy.',
      audience: { kind: 'all' },
      channels: { wallet: true, email: true },
      sendAt: null,
    },
    'post /api/v1/notifications/tenants/{id}/audience-size': { kind: 'all' },
    'put /api/v1/notifications/tenants/{id}/automations': {
      kind: 'win_back',
      enabled: true,
      title: 'Przejęta wiadomość',
      body: 'Treść od obcej firmy.',
      channels: { wallet: true, email: true },
      days: 30,
    },
    'put /api/v1/surveys/tenants/{id}/settings': {
      enabled: false,
      delayHours: 48,
      reviewUrl: 'https://przejete.example/opinie',
      alertEmail: uniqueEmail('obcy'),
    },
    // referrals (ADR 0061): another company's settings are refused before any lookup
    'put /api/v1/tenants/{id}/loyalty-programs/{programId}/referral-settings': {
      enabled: true,
      referrerBonus: 1000,
      friendBonus: 1000,
      monthlyCap: 100,
    },
    // expiry (ADR 0062): another company's setting is refused before any lookup
    'put /api/v1/tenants/{id}/loyalty-programs/{programId}/expiry-settings': {
      mode: 'inactivity',
      months: 1,
    },
  };
  const key = keyOf(e);
  if (e.body && !(key in bodies) && !key.includes('upload-'))
    throw new Error(`the probe has no body for ${key}`);
  const upload = key.includes('upload-');
  return {
    path: path + (query[key] ?? ''),
    ...(key in bodies && { body: bodies[key] }),
    headers: {
      // card commands need one; uploads are refused before their body is read
      ...(key.startsWith('post /api/v1/cards/') && { 'idempotency-key': crypto.randomUUID() }),
      ...(upload && { 'content-type': 'multipart/form-data; boundary=x' }),
    },
  };
}

describe('cross-tenant probe set: every tenant-scoped operation of the contracts', () => {
  let a: OwnerWithProgram;
  let ids: Ids;
  const callers: Record<string, CookieClient> = {};
  const snapshot = async () => {
    const reads = [
      `/api/v1/tenants/${ids.tenantId}`,
      `/api/v1/tenants/${ids.tenantId}/loyalty-programs`,
      `/api/v1/tenants/${ids.tenantId}/services`,
      `/api/v1/tenants/${ids.tenantId}/employees?pageNumber=1`,
      `/api/v1/tenants/${ids.tenantId}/get-clients?pageNumber=1`,
      `/api/v1/cards?cardId=${ids.cardId}`,
      `/api/v1/surveys/tenants/${ids.tenantId}/settings`,
      `/api/v1/surveys/tenants/${ids.tenantId}/results`,
      `/api/v1/notifications/tenants/${ids.tenantId}/campaigns`,
      `/api/v1/notifications/tenants/${ids.tenantId}/automations`,
    ];
    return Promise.all(
      reads.map(async (path) => {
        const res = await a.client.call('GET', path);
        expect(res.status, path).toBe(200);
        return res.json();
      }),
    );
  };

  beforeAll(async () => {
    a = await ownerWithProgram({ rewards: [{ name: 'Kawa', description: 'Mała czarna', cost: 10 }] });
    const program = (await (
      await a.client.call('GET', `/api/v1/tenants/${a.tenantId}/loyalty-programs`)
    ).json()) as
      | Array<{ id: string; rewards: Array<{ id: string }> }>
      | { items: Array<{ id: string; rewards: Array<{ id: string }> }> };
    const programs = Array.isArray(program) ? program : program.items;
    const service = await a.client.call('POST', `/api/v1/tenants/${a.tenantId}/services`, {
      name: 'Espresso',
      priceGrosze: 900,
    });
    expect(service.status).toBe(201);
    const clientEmail = uniqueEmail('klient');
    const created = await a.client.call('POST', `/api/v1/tenants/${a.tenantId}/create-client`, {
      email: clientEmail,
      name: 'Zofia Tajna',
      programId: a.program.id,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { clientId } = (await created.json()) as { clientId: string };
    const cardId = await eventually('the client’s card', async () => {
      const res = await a.client.call('GET', `/api/v1/cards/search?email=${encodeURIComponent(clientEmail)}`);
      const found = (await res.json()) as Array<{ cardId: string }> | { items?: Array<{ cardId: string }> };
      const list = Array.isArray(found) ? found : (found.items ?? []);
      return list[0]?.cardId;
    });
    const employee = await invitedEmployee(a, []);
    // billing learns of the tenant from its events: a payment of A once the trial exists
    const paymentId = await eventually('A’s payment', async () => {
      const res = await a.client.call('POST', '/api/v1/payments/initiate-payment', {
        tenantId: a.tenantId,
        planId: 'basic',
        isForYear: false,
      });
      return res.status === 201 ? ((await res.json()) as { paymentId: string }).paymentId : undefined;
    });
    ids = {
      tenantId: a.tenantId,
      programId: a.program.id,
      rewardId: programs.find((p) => p.id === a.program.id)!.rewards[0]!.id,
      serviceId: ((await service.json()) as { id: string }).id,
      employeeId: employee.id,
      clientId,
      clientEmail,
      cardId,
      paymentId,
    };
    callers['the owner of tenant B'] = (await ownerWithProgram()).client;
    callers['an employee of A without permissions'] = employee.client;
    callers['a customer'] = await activeAccount('customer', uniqueEmail('klient'), 'Jan Klient');
  });

  const probed = allEndpoints.filter((e) => isTenantScoped(e) && !(keyOf(e) in BY_DESIGN));

  it('knows how to call every tenant-scoped operation of the contracts', () => {
    expect(probed.length).toBeGreaterThan(30);
    for (const e of probed) expect(() => request(e, ids), keyOf(e)).not.toThrow();
  });

  it('refuses each of them to another tenant, a permission-less employee and a customer, and changes nothing', async () => {
    const before = await snapshot();
    const problems: string[] = [];
    let calls = 0;
    for (const e of probed) {
      const needsPermission = !['public', 'authenticated', 'customer', 'business_owner'].includes(e.auth);
      for (const [who, client] of Object.entries(callers)) {
        // an employee of A may use what needs no permission: that is not a tenant boundary
        if (who.startsWith('an employee') && !needsPermission) continue;
        const { path, body, headers } = request(e, ids);
        const res = await client.call(e.method.toUpperCase(), path, body, headers);
        calls++;
        const text = await res.text();
        if ((OWN_SCOPE.has(keyOf(e)) && who.includes('tenant B')) || CALLERS_OWN.has(keyOf(e))) {
          if (
            res.status >= 500 ||
            text.includes(ids.cardId) ||
            text.includes(ids.tenantId) ||
            text.includes('Zofia')
          )
            problems.push(`${keyOf(e)} as ${who}: ${res.status} ${text.slice(0, 120)}`);
          continue;
        }
        const coded = /"code":"[^"]+"/.test(text) && /"localizedMessage"/.test(text);
        if (![401, 403, 404].includes(res.status) || !coded)
          problems.push(`${keyOf(e)} as ${who}: ${res.status} ${text.slice(0, 160)}`);
        if (text.includes('Zofia')) problems.push(`${keyOf(e)} as ${who}: leaked the client's name`);
      }
    }
    expect(problems).toEqual([]);
    expect(calls).toBeGreaterThan(probed.length * 2);
    expect(await snapshot()).toEqual(before);
  });
});
