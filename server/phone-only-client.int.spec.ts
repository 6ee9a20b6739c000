/**
 * A client added with a phone only (issue 33, ADR 0056), end to end through the gateway in the embedded product:
 * the card is issued at once without an account, staff find it by the phone and award on it, the phone cannot be
 * taken away, the same phone is not enrolled twice in a programme, and removing the client closes the card.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  mailTo,
  ownerWithProgram,
  uniqueEmail,
  type OwnerWithProgram,
  PASSWORD,
} from '../scripts/testing/actors';
import { CookieClient } from '../scripts/testing/http-client';
import { startEmbeddedProduct, type SourceProduct } from '../scripts/testing/source-product';

let product: SourceProduct;
let base = '';
let owner: OwnerWithProgram;

beforeAll(async () => {
  product = await startEmbeddedProduct();
  base = product.base;
  owner = await ownerWithProgram({ baseUrl: base });
}, 120_000);

afterAll(() => product?.stop());

const createClient = (body: Record<string, unknown>) =>
  owner.client.call('POST', `/api/v1/tenants/${owner.tenantId}/create-client`, {
    programId: owner.program.id,
    ...body,
  });

type CardJson = {
  cardId: string;
  points: number;
  customerName: string | null;
  status: string;
  humanReadableId: string;
};
const cardsByPhone = async (phone: string) => {
  const res = await owner.client.call('GET', `/api/v1/cards/search?phone=${encodeURIComponent(phone)}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { items: CardJson[] }).items;
};

describe('a client with a phone only', () => {
  it('gets a card at once that staff find by the phone and award on', async () => {
    const created = await createClient({ name: 'Olena Kowal', phone: '+380 50 123 4567' });
    expect(created.status, await created.clone().text()).toBe(201);
    const { clientId } = (await created.json()) as { clientId: string };

    const client = await owner.client.call('GET', `/api/v1/tenants/${owner.tenantId}/clients/${clientId}`);
    expect(await client.json()).toMatchObject({
      id: clientId,
      userId: null,
      email: null,
      name: 'Olena Kowal',
      phone: '+380501234567',
      status: 'active',
      source: 'created',
    });

    const [card] = await eventually('the card issued without an account', async () => {
      const found = await cardsByPhone('+380501234567');
      return found.length ? found : undefined;
    });
    expect(card!.status).toBe('active');
    expect(card!.customerName).toBe('Olena Kowal');
    expect(card!.humanReadableId).toMatch(/^\d{4} \d{4} \d{2}$/);
    const awarded = await owner.client.call(
      'POST',
      `/api/v1/cards/${card!.cardId}/points-from-amount`,
      { amountGrosze: 2500 },
      { 'idempotency-key': `award-${card!.cardId}` },
    );
    expect(awarded.status, await awarded.clone().text()).toBe(200);
    expect((await cardsByPhone('+380501234567'))[0]!.points).toBe(25);

    // the phone is how staff find the card: it can change, never go
    const noPhone = await owner.client.call(
      'PATCH',
      `/api/v1/tenants/${owner.tenantId}/clients/${clientId}`,
      {
        phone: '',
      },
    );
    expect(noPhone.status).toBe(400);
    expect(await noPhone.json()).toMatchObject({ code: 'CLIENT.PHONE_REQUIRED' });

    // the same phone again in the same programme is the same person
    const again = await createClient({ name: 'Olena K.', phone: '+380501234567' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'CLIENT.ALREADY_ENROLLED' });

    // removed from the company: the card is closed and no longer found
    const removed = await owner.client.call(
      'DELETE',
      `/api/v1/tenants/${owner.tenantId}/clients/${clientId}`,
    );
    expect(removed.status, await removed.clone().text()).toBe(204);
    await eventually('the card gone from the search', async () =>
      (await cardsByPhone('+380501234567')).length === 0 ? true : undefined,
    );
  });

  it('needs an e-mail or a phone, said in Polish on the phone field', async () => {
    const res = await createClient({ name: 'Bez Kontaktu' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors?: Record<string, string[]> };
    expect(body.errors?.phone).toEqual(['Podaj adres e-mail albo numer telefonu klienta.']);
  });

  it('is listed with the others and found by the list search', async () => {
    await createClient({ name: 'Hans Müller', phone: '+49 151 23456789' });
    const res = await owner.client.call(
      'GET',
      `/api/v1/tenants/${owner.tenantId}/get-clients?pageNumber=1&pageSize=10&searchTerm=muller`,
    );
    const page = (await res.json()) as { items: { name: string; email: string | null; status: string }[] };
    expect(page.items).toEqual([
      expect.objectContaining({ name: 'Hans Müller', email: null, status: 'active' }),
    ]);
  });

  it('given an e-mail later: the customer is invited, and the same card — points and history — is in their portal', async () => {
    const created = await createClient({ name: 'Iryna Bondar', phone: '+380 67 765 4321' });
    const { clientId } = (await created.json()) as { clientId: string };
    const path = `/api/v1/tenants/${owner.tenantId}/clients/${clientId}`;
    const [card] = await eventually('the card', async () => {
      const found = await cardsByPhone('+380677654321');
      return found.length ? found : undefined;
    });
    const awarded = await owner.client.call(
      'POST',
      `/api/v1/cards/${card!.cardId}/points-from-amount`,
      { amountGrosze: 4200 },
      { 'idempotency-key': `award-${card!.cardId}` },
    );
    expect(awarded.status, await awarded.clone().text()).toBe(200);
    const email = uniqueEmail('iryna');

    const given = await owner.client.call('PATCH', path, { email, marketingConsent: true });
    expect(given.status, await given.clone().text()).toBe(200);
    expect(await given.json()).toMatchObject({ email, phone: '+380677654321' });
    const mail = await mailTo(email, /zapisał\(a\) Cię do programu Kawa za punkty/, base);
    await eventually('the account linked', async () => {
      const res = await owner.client.call('GET', path);
      return ((await res.json()) as { userId: string | null }).userId ? true : undefined;
    });

    // the customer sets a password from the invitation and finds the same card in the portal
    const token = /reset-hasla\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    const customer = new CookieClient(base);
    const set = await customer.call('POST', '/api/v1/users/reset-password', { token, newPassword: PASSWORD });
    expect(set.status, await set.clone().text()).toBe(200);
    await eventually('the customer to log in', async () => {
      const login = await customer.call('POST', '/api/v1/users/login', { email, password: PASSWORD });
      return login.status === 200 ? true : undefined;
    });
    const mine = await eventually('the card in the portal', async () => {
      const res = await customer.call('GET', '/api/v1/customers/my-cards');
      const items = ((await res.json()) as { items: CardJson[] }).items;
      return items.length ? items : undefined;
    });
    expect(mine).toEqual([
      expect.objectContaining({ cardId: card!.cardId, humanReadableId: card!.humanReadableId, points: 42 }),
    ]);
    const history = await customer.call('GET', '/api/v1/customers/my-history?pageNumber=1&pageSize=20');
    const entries = ((await history.json()) as { items: { type: string }[] }).items.map((e) => e.type);
    expect(entries).toEqual(expect.arrayContaining(['points_earned']));

    // the address is given once: afterwards it is the customer's to change
    const again = await owner.client.call('PATCH', path, { email: uniqueEmail('inna') });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: 'CLIENT.EMAIL_FIXED' });
  });

  it('an address that already has a card in the programme is the same person: refused', async () => {
    const email = uniqueEmail('juz');
    const first = await createClient({ name: 'Anna Już', email });
    expect(first.status).toBe(201);
    const created = await createClient({ name: 'Anna Telefon', phone: '+48 601 222 333' });
    const { clientId } = (await created.json()) as { clientId: string };
    const res = await owner.client.call('PATCH', `/api/v1/tenants/${owner.tenantId}/clients/${clientId}`, {
      email,
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'CLIENT.ALREADY_ENROLLED' });
  });
});
