/**
 * Erasure that reaches every copy (issue 32, ADR 0046): a customer with an account, a phone, a card in a
 * company's program, an award, a company message and the services' contact copies deletes the account
 * (`DELETE /api/v1/users/me`); within seconds the company's list, search, client page, CSV and scanner lookup no
 * longer know them (nor does the card ledger the birthday, ADR 0058), and then everything the product stores under its data directory is read
 * (scripts/testing/stored-text.ts: every row of every SQLite table — event stores, read models, document
 * stores, the bus, outboxes, scheduler — and every other file): the e-mail, the phone and the name are nowhere
 * in plain text. The same on Kafka + MongoDB-wire: scripts/infra/distributed-product.infra.spec.ts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAccount, eventually, ownerWithProgram, uniqueEmail } from '../scripts/testing/actors';
import { startEmbeddedProduct, type SourceProduct } from '../scripts/testing/source-product';
import { storedTextContaining } from '../scripts/testing/stored-text';

const dataDir = mkdtempSync(join(tmpdir(), 'punkto-erasure-'));
let product: SourceProduct;
let base = '';

beforeAll(async () => {
  product = await startEmbeddedProduct({ dataDir });
  base = product.base;
}, 120_000);

afterAll(() => product?.stop());

const rowsContaining = (needles: readonly string[]) => storedTextContaining(dataDir, needles);

describe('a customer deletes the account', () => {
  it('leaves the name, e-mail and phone in no store of the product, and the company no longer finds them', async () => {
    const owner = await ownerWithProgram({ baseUrl: base });
    const email = uniqueEmail('zenon.znikajacy');
    const name = 'Zenon Znikający';
    const customer = await activeAccount('customer', email, name, base);
    const phoneSet = await customer.call('PATCH', '/api/v1/users/update-user', { phone: '600 731 842' });
    expect(phoneSet.status, await phoneSet.clone().text()).toBe(200);
    const joined = await customer.call('POST', `/api/v1/tenants/${owner.tenantId}/join`, {
      programId: owner.program.id,
      phone: '600 731 842',
      marketingConsent: true,
    });
    expect(joined.status, await joined.clone().text()).toBe(201);
    // the birthday the card ledger keeps per person (ADR 0058)
    const birthday = await customer.call('PUT', '/api/v1/customers/me/birthday', { day: 23, month: 7 });
    expect(birthday.status, await birthday.clone().text()).toBe(200);
    const { clientId } = (await joined.json()) as { clientId: string };
    const cardId = await eventually('the card issued', async () => {
      const res = await customer.call('GET', '/api/v1/customers/my-cards');
      return ((await res.json()) as { items: { cardId: string }[] }).items[0]?.cardId;
    });
    const awarded = await owner.client.call(
      'POST',
      `/api/v1/cards/${cardId}/points-from-amount`,
      { amountGrosze: 2500 },
      { 'idempotency-key': `award-${cardId}` },
    );
    expect(awarded.status, await awarded.clone().text()).toBe(200);
    const sent = await owner.client.call(
      'POST',
      `/api/v1/notifications/tenants/${owner.tenantId}/campaigns`,
      {
        title: 'Nowa kawa sezonowa',
        body: 'Zapraszamy na piernikowe latte.',
        audience: { kind: 'customer', clientId },
        channels: { wallet: false, email: true },
        sendAt: null,
      },
    );
    expect(sent.status, await sent.clone().text()).toBe(201);
    await eventually('the message received', async () => {
      const res = await customer.call('GET', '/api/v1/notifications/my-messages');
      return ((await res.json()) as { messages: unknown[] }).messages.length > 0 ? true : undefined;
    });
    const clientsPath = `/api/v1/tenants/${owner.tenantId}/get-clients`;
    const search = async (query: string) =>
      (
        (await (await owner.client.call('GET', `/api/v1/cards/search?${query}`)).json()) as {
          items: unknown[];
        }
      ).items;
    expect(await search('phone=600731842')).toHaveLength(1);
    const clientsFound = async (query = '') =>
      ((await (await owner.client.call('GET', `${clientsPath}${query}`)).json()) as { items: unknown[] })
        .items;
    expect(await clientsFound('?searchTerm=600731842')).toHaveLength(1);
    const needles = [email, name, 'Zenon Znikajacy', '600731842', '600 731 842', '"day":23,"month":7'];
    expect(rowsContaining(needles).length, 'the person is planted').toBeGreaterThan(0);
    expect(rowsContaining(['"day":23,"month":7']).length, 'the birthday is planted').toBeGreaterThan(0);

    const deleted = await customer.call('DELETE', '/api/v1/users/me', { password: 'Kawa2026dobra' });
    expect(deleted.status, await deleted.clone().text()).toBeLessThan(300);

    // the company: within seconds not listed, not found by phone or name, no client page, not in the CSV
    await eventually('the client gone from the list', async () =>
      (await clientsFound()).length === 0 ? true : undefined,
    );
    for (const term of ['600731842', 'zenon']) expect(await clientsFound(`?searchTerm=${term}`)).toEqual([]);
    expect(
      (await owner.client.call('GET', `/api/v1/tenants/${owner.tenantId}/clients/${clientId}`)).status,
    ).toBe(404);
    const csv = await (
      await owner.client.call('GET', `/api/v1/tenants/${owner.tenantId}/exports/clients`)
    ).text();
    expect(csv.toLowerCase()).not.toMatch(/zenon|600731842/);
    await eventually('the card closed', async () => {
      const res = await owner.client.call('GET', `/api/v1/cards?cardId=${cardId}`);
      const body = (await res.json()) as { status?: string };
      return res.status === 404 || body.status === 'closed' ? true : undefined;
    });
    expect(await search('phone=600731842')).toEqual([]);
    expect(await search(`email=${encodeURIComponent(email)}`)).toEqual([]);

    // every store of the product
    await eventually(
      'no copy left',
      async () => (rowsContaining(needles).length === 0 ? true : undefined),
      15_000,
    ).catch(() => undefined);
    expect(rowsContaining(needles)).toEqual([]);
  }, 180_000);
});
