/**
 * The company's locations (issue 34, ADR 0057) end to end through the gateway of the embedded product: the owner
 * saves and reads them, an 11th and bad coordinates are refused with the errors map of SPEC §8, another company
 * is refused, and the customer's Apple pass — downloaded through the gateway — carries them with their
 * lock-screen texts once TenantLocationsReplaced has crossed the bus to the notification service.
 */
import { LocationMessages } from '@punkto/contracts/locations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipPass } from '../services/notification/src/passes/apple/testing/pkpass-reader';
import {
  activeAccount,
  eventually,
  ownerWithProgram,
  uniqueEmail,
  type OwnerWithProgram,
} from '../scripts/testing/actors';
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

const url = (tenantId: string) => `/api/v1/tenants/${tenantId}/locations`;
const rynek = { name: 'Kawiarnia na Rynku', latitude: 52.2297, longitude: 21.0122 };

describe('locations through the gateway', () => {
  it('saved and read back; an 11th and bad coordinates refused, naming the field', async () => {
    const saved = await owner.client.call('PUT', url(owner.tenantId), {
      locations: [rynek, { ...rynek, name: 'Punkt na dworcu', relevantText: 'Kawa na drogę?' }],
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const read = await owner.client.call('GET', url(owner.tenantId));
    expect(await read.json()).toEqual({
      locations: [
        { ...rynek, address: null, relevantText: null },
        { ...rynek, name: 'Punkt na dworcu', address: null, relevantText: 'Kawa na drogę?' },
      ],
    });

    const eleven = Array.from({ length: 11 }, (_, i) => ({ ...rynek, name: `Lokal ${i + 1}` }));
    const tooMany = await owner.client.call('PUT', url(owner.tenantId), { locations: eleven });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { locations: [LocationMessages.tooMany] },
    });

    const bad = await owner.client.call('PUT', url(owner.tenantId), {
      locations: [
        { ...rynek, latitude: -90.5 },
        { ...rynek, longitude: 200 },
      ],
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      'locations.0.latitude': [LocationMessages.latitude],
      'locations.1.longitude': [LocationMessages.longitude],
    });
    // nothing of the refused lists was kept
    expect(
      ((await (await owner.client.call('GET', url(owner.tenantId))).json()) as { locations: [] }).locations,
    ).toHaveLength(2);
  });

  it("another company's owner is refused both ways with 403 and learns nothing", async () => {
    const other = await ownerWithProgram({ baseUrl: base });
    const read = await other.client.call('GET', url(owner.tenantId));
    expect(read.status).toBe(403);
    expect(await read.text()).not.toContain('Rynku');
    const write = await other.client.call('PUT', url(owner.tenantId), { locations: [] });
    expect(write.status).toBe(403);
    expect((await (await owner.client.call('GET', url(owner.tenantId))).json()) as object).toMatchObject({
      locations: [{ name: 'Kawiarnia na Rynku' }, { name: 'Punkt na dworcu' }],
    });
  });

  it("the customer's Apple pass carries the locations, each with its lock-screen text", async () => {
    const customer = await activeAccount('customer', uniqueEmail('klientka'), 'Ola Klientka', base);
    const joined = await customer.call('POST', `/api/v1/tenants/${owner.tenantId}/join`, {
      programId: owner.program.id,
      marketingConsent: false,
    });
    expect(joined.status, await joined.clone().text()).toBe(201);
    const cardId = await eventually('the card issued', async () => {
      const res = await customer.call('GET', '/api/v1/customers/my-cards');
      return ((await res.json()) as { items: { cardId: string }[] }).items[0]?.cardId;
    });
    const passJson = await eventually('the pass with the locations', async () => {
      const res = await customer.call('GET', `/api/v1/cards/${cardId}/create-apple-pass/Karta.pkpass`);
      if (res.status !== 200) return undefined;
      const files = await unzipPass(Buffer.from(await res.arrayBuffer()));
      const json = JSON.parse(files.get('pass.json')!.toString()) as { locations?: unknown[] };
      return json.locations ? json : undefined;
    });
    expect(passJson.locations).toEqual([
      {
        latitude: 52.2297,
        longitude: 21.0122,
        relevantText: 'Kawiarnia Pod Lipą jest tuż obok — pokaż kartę przy kasie',
      },
      { latitude: 52.2297, longitude: 21.0122, relevantText: 'Kawa na drogę?' },
    ]);
    expect(passJson).not.toHaveProperty('relevantText');
  });
});
