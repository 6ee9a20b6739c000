/**
 * The import's birthday column (issue 34, ADR 0059 + 0058) end to end through the gateway in the embedded product: a
 * row's birthday becomes the customer's own (GET /api/v1/customers/me/birthday) once the import links their account
 * — only if they gave none: a birthday the customer set is never changed by an import, nor by importing the file
 * again.
 */
import type { ImportClientsResponse, ImportRowCells } from '@punkto/contracts/client-import';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeAccount,
  eventually,
  ownerWithProgram,
  uniqueEmail,
  type OwnerWithProgram,
} from '../scripts/testing/actors';
import type { CookieClient } from '../scripts/testing/http-client';
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

const ME = '/api/v1/customers/me/birthday';

async function importRows(rows: ImportRowCells[], importId: string) {
  const res = await owner.client.call('POST', `/api/v1/tenants/${owner.tenantId}/import-clients`, {
    importId,
    programId: owner.program.id,
    invite: false,
    rows,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as ImportClientsResponse).results;
}

const birthdayOf = async (customer: CookieClient) =>
  ((await (await customer.call('GET', ME)).json()) as { birthday: { day: number; month: number } | null })
    .birthday;

/** the imported row's birthday reached the customer: their account was linked and the card ledger adopted it */
const eventuallyBirthday = (customer: CookieClient, who: string) =>
  eventually(`${who}’s imported birthday`, async () => (await birthdayOf(customer)) ?? undefined, 60_000);

describe('importing customers with a birthday column', () => {
  const ewa = { email: uniqueEmail('ewa.urodziny'), client: undefined as unknown as CookieClient };
  const piotr = { email: uniqueEmail('piotr.urodziny'), client: undefined as unknown as CookieClient };

  it('a customer who gave no birthday has the file’s (day and month; the year dropped)', async () => {
    ewa.client = await activeAccount('customer', ewa.email, 'Ewa Urodzinowa', base);
    piotr.client = await activeAccount('customer', piotr.email, 'Piotr Urodzinowy', base);
    const set = await piotr.client.call('PUT', ME, { day: 23, month: 7 });
    expect(set.status, await set.clone().text()).toBe(200);

    const results = await importRows(
      [
        { row: 2, name: 'Piotr Urodzinowy', email: piotr.email, points: '10', birthday: '01.01' },
        { row: 3, name: 'Ewa Urodzinowa', email: ewa.email, points: '20', birthday: '14.03.1985' },
      ],
      'urodziny-1',
    );
    expect(results.map((r) => r.outcome)).toEqual(['created', 'created']);
    expect(await eventuallyBirthday(ewa.client, 'Ewa')).toEqual({ day: 14, month: 3 });
  }, 120_000);

  it('a customer’s own birthday is not changed by the import', async () => {
    // a later row of its own, imported after Piotr's: once its birthday is in, Piotr's link was handled long before
    const zofia = uniqueEmail('zofia.urodziny');
    const zofiaClient = await activeAccount('customer', zofia, 'Zofia Urodzinowa', base);
    await importRows(
      [{ row: 2, name: 'Zofia Urodzinowa', email: zofia, birthday: '2001-06-30' }],
      'urodziny-2',
    );
    expect(await eventuallyBirthday(zofiaClient, 'Zofia')).toEqual({ day: 30, month: 6 });
    const cards = await piotr.client.call('GET', '/api/v1/customers/my-cards');
    expect(((await cards.json()) as { items: unknown[] }).items).toHaveLength(1);
    expect(await birthdayOf(piotr.client)).toEqual({ day: 23, month: 7 });
  }, 120_000);

  it('nor by importing the file again after the customer changed it', async () => {
    const changed = await ewa.client.call('PUT', ME, { day: 20, month: 5 });
    expect(changed.status).toBe(200);
    const again = await importRows(
      [
        { row: 2, name: 'Piotr Urodzinowy', email: piotr.email, points: '10', birthday: '01.01' },
        { row: 3, name: 'Ewa Urodzinowa', email: ewa.email, points: '20', birthday: '14.03.1985' },
      ],
      'urodziny-3',
    );
    expect(again.map((r) => r.outcome)).toEqual(['existing', 'existing']);
    expect(await birthdayOf(ewa.client)).toEqual({ day: 20, month: 5 });
    expect(await birthdayOf(piotr.client)).toEqual({ day: 23, month: 7 });
  }, 120_000);
});
