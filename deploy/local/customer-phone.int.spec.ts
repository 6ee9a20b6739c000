import type { CardView } from '@punkto/contracts/cards';
import type { Client } from '@punkto/contracts/clients';
import { Roles } from '@punkto/contracts/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poll, startIdentityAndTenant, tokenIn, type IdentityAndTenant } from './testing/identity-and-tenant';

/**
 * A customer's phone across identity, tenant and the card ledger, embedded over the shared SQLite bus (as
 * `npm start` runs them): given at registration (identity), kept from the profile on the join page
 * (tenant's ClientEnrolled → the card ledger's contact copy), changed in the profile (identity.users.v1
 * UserPhoneChanged → tenant's ClientPhoneChanged → the copy), so staff find the card by the current number
 * only, and only in their own company (ADR 0017).
 */
let product: IdentityAndTenant;
beforeAll(async () => {
  product = await startIdentityAndTenant({ cardLedger: true });
});
afterAll(async () => product?.close());

const FORMAT =
  'Nieprawidłowy numer telefonu — podaj polski numer (9 cyfr) albo numer z kierunkowym kraju, np. +49 151 23456789.';

/** A customer who registered with a phone, activated the account and logged in. */
async function customerWithPhone(email: string, phone: string) {
  const registered = await product.identityApp.inject({
    method: 'POST',
    url: '/api/v1/users/register',
    headers: { 'content-type': 'application/json' },
    payload: {
      email,
      password: 'Punkty123',
      username: 'Ola Żak',
      role: Roles.customer,
      acceptTerms: true,
      phone,
    },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  const token = tokenIn((await product.mailTo(email, 'account-activation')).text).searchParams.get('token');
  const activated = await product.identityApp.inject({
    method: 'POST',
    url: '/api/v1/users/activate-account',
    headers: { 'content-type': 'application/json' },
    payload: { token },
  });
  expect(activated.statusCode, activated.body).toBe(200);
  const loggedIn = await product.login(email, 'Punkty123');
  expect(loggedIn.statusCode, loggedIn.body).toBe(200);
  return product.session(loggedIn);
}

const search = async (access: string, phone: string) => {
  const res = await product.callCards(
    access,
    'GET',
    `/api/v1/cards/search?phone=${encodeURIComponent(phone)}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: CardView[] }).items;
};

describe("identity ⇄ tenant ⇄ card ledger: a customer's phone", () => {
  it('registered with a phone, joined with it: staff of that company find the card by it, after a profile change by the new number only; another company finds nothing', async () => {
    const cafe = await product.ownerWithStampsProgram('kawiarnia.tel@example.pl', 'Kawiarnia Pod Lipą');
    const other = await product.ownerWithStampsProgram('inna.firma.tel@example.pl', 'Barber Wąsik');
    const customer = await customerWithPhone('ola.tel@example.pl', '600-100-200');

    // the profile shows the number as E.164, unverified
    const me = await product.callIdentity(customer.access, 'GET', 'me');
    expect(me.json()).toMatchObject({ phone: '+48600100200', phoneVerified: false });

    // the join page sends the profile's number (a bad one is refused on the field)
    const join = (phone: string) =>
      product.callTenant(customer.access, 'POST', `/api/v1/tenants/${cafe.tenantId}/join`, {
        programId: cafe.programId,
        phone,
      });
    const bad = await join('600 100 20');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ phone: [FORMAT] });
    const joined = await join(me.json().phone as string);
    expect(joined.statusCode, joined.body).toBe(201);
    const { clientId } = joined.json() as { clientId: string };
    const client = await product.callTenant(
      cafe.owner.access,
      'GET',
      `/api/v1/tenants/${cafe.tenantId}/clients/${clientId}`,
    );
    expect(client.json() as Client).toMatchObject({ phone: '+48600100200', phoneGivenBy: 'customer' });

    // the card ledger issues the card; staff search by the number in any accepted format
    await expect.poll(async () => (await search(cafe.owner.access, '600 100 200')).length, poll).toBe(1);
    const [card] = await search(cafe.owner.access, '+48 600-100-200');
    expect(card).toMatchObject({ programId: cafe.programId, customerName: 'Ola Żak', status: 'active' });
    expect(await search(other.owner.access, '600 100 200')).toEqual([]);
    const badSearch = await product.callCards(cafe.owner.access, 'GET', '/api/v1/cards/search?phone=600');
    expect(badSearch.statusCode).toBe(400);
    expect(badSearch.json().errors).toEqual({ 'query.phone': [FORMAT] });

    // the customer changes the phone in the profile: identity → tenant → card ledger
    const changed = await product.callIdentity(customer.access, 'PATCH', 'update-user', {
      phone: '0048 600 999 888',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ phone: '+48600999888', phoneVerified: false });
    await expect
      .poll(async () => (await search(cafe.owner.access, '600999888')).map((c) => c.cardId), poll)
      .toEqual([card!.cardId]);
    expect(await search(cafe.owner.access, '600 100 200')).toEqual([]);
    expect(await search(other.owner.access, '600999888')).toEqual([]);

    // removed from the profile: nobody finds the card by a phone any more
    const removed = await product.callIdentity(customer.access, 'PATCH', 'update-user', { phone: '' });
    expect(removed.json()).toMatchObject({ phone: null });
    await expect.poll(async () => (await search(cafe.owner.access, '600999888')).length, poll).toBe(0);
  });
});
