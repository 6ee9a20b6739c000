import { Topics } from '@punkto/contracts/topics';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeApns } from '../../../testing/fake-apns';
import {
  startLocalWalletProviders,
  type LocalWalletProviders,
} from '../../../testing/local-wallet-providers';
import { startNotification, type NotificationTestApp } from '../../../testing/notification-test-app';
import { unzipPass } from '../testing/pkpass-reader';
import { FakeWalletDevice } from '../testing/fake-wallet-device';

// "Reminders near the shop" (ADR 0057) on Apple passes: pass.json carries the company's locations, each with
// its lock-screen text, and a change of the list reaches every phone holding a pass of the company through the
// live-update path a branding change takes (a company-wide scope, paged): one push per phone.
let providers: LocalWalletProviders;
let fake: FakeApns;
let t: NotificationTestApp;
let root: string;

beforeAll(async () => {
  providers = await startLocalWalletProviders({
    apnsKeyId: 'APNSKEY123',
    issuerId: '3388000000055555555',
    serviceAccountEmail: 'punkto-wallet@punkto-test.iam.gserviceaccount.com',
  });
  fake = providers.apns;
  t = await startNotification({ ...providers.env, PASS_UPDATE_COALESCE_MS: '200' }, { listen: true });
  await t.warmUp();
  root = readFileSync(join(t.dataDir, 'apple-pass-dev', 'root.pem'), 'utf8');
});
afterAll(async () => {
  await t?.close();
  await providers?.close();
});

const rynek = {
  name: 'Kawiarnia na Rynku',
  address: 'Rynek 1, Warszawa',
  latitude: 52.2297,
  longitude: 21.0122,
  relevantText: null,
};
const dworzec = {
  name: 'Punkt na dworcu',
  address: null,
  latitude: 50.0647,
  longitude: 19.945,
  relevantText: 'Kawa na drogę? Pokaż kartę w {nazwa firmy}',
};
const locationsReplaced = (tenantId: string, locations: object[]) =>
  t.deliver(Topics.tenantTenants, 'TenantLocationsReplaced', {
    tenantId,
    locations,
    changedAt: new Date().toISOString(),
  });

const passJsonOf = async (pkpass: Buffer) =>
  JSON.parse((await unzipPass(pkpass)).get('pass.json')!.toString()) as Record<string, unknown>;

describe("the company's locations on its Apple passes", () => {
  it('pass.json has no locations until the owner sets them; then each with its own lock-screen text', async () => {
    const { cardId, userId, tenantId } = await t.aCard();
    const before = await passJsonOf(await t.applePassOf(cardId, userId));
    expect(before).not.toHaveProperty('locations');
    expect(before).not.toHaveProperty('relevantText');

    await locationsReplaced(tenantId, [rynek, dworzec]);
    const after = await passJsonOf(await t.applePassOf(cardId, userId));
    expect(after.locations).toEqual([
      {
        latitude: 52.2297,
        longitude: 21.0122,
        relevantText: 'Kawiarnia Pod Lipą jest tuż obok — pokaż kartę przy kasie',
      },
      {
        latitude: 50.0647,
        longitude: 19.945,
        relevantText: 'Kawa na drogę? Pokaż kartę w Kawiarnia Pod Lipą',
      },
    ]);
    // every location has its own text: no pass-wide one
    expect(after).not.toHaveProperty('relevantText');

    await locationsReplaced(tenantId, []);
    expect(await passJsonOf(await t.applePassOf(cardId, userId))).not.toHaveProperty('locations');
  });

  it('a change of the list reaches every phone of the company once, paged like a branding change', async () => {
    const { tenantId, programId } = await t.aCompany();
    const CARDS = 60;
    const phones: { phone: FakeWalletDevice; serial: string }[] = [];
    for (let i = 0; i < CARDS; i++) {
      const { cardId, userId } = await t.cardIssued({ tenantId, programId });
      const phone = new FakeWalletDevice(root);
      expect(await phone.add(await t.applePassOf(cardId, userId))).toBe(201);
      await phone.onPush(); // first list: takes the tag
      phones.push({ phone, serial: `${cardId}.1` });
    }
    // a phone of another company must not be woken
    const other = await t.aCard();
    const stranger = new FakeWalletDevice(root);
    expect(await stranger.add(await t.applePassOf(other.cardId, other.userId))).toBe(201);

    const tokens = new Set(phones.map((p) => p.phone.pushToken));
    const mine = () => fake.delivered().filter((p) => tokens.has(p.pushToken));
    const before = mine().length;
    const started = performance.now();
    await locationsReplaced(tenantId, [rynek]);
    await expect
      .poll(() => mine().length - before, { timeout: 20_000, interval: 20 })
      .toBeGreaterThanOrEqual(CARDS);
    const pushes = mine();
    const elapsedMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 400)); // nothing more comes after the window
    expect(pushes.length - before).toBe(CARDS);
    expect(mine().length - before).toBe(CARDS);
    expect(
      new Set(
        mine()
          .slice(before)
          .map((p) => p.pushToken),
      ).size,
    ).toBe(CARDS);
    expect(fake.delivered().some((p) => p.pushToken === stranger.pushToken)).toBe(false);
    // bounded: measured here 60 phones pushed ~0.32 s after the change (0.2 s of it the coalescing window)
    expect(elapsedMs).toBeLessThan(CARDS * 100);

    for (const { phone, serial } of phones.slice(0, 5)) {
      expect(await phone.onPush()).toEqual([serial]);
      expect(phone.passes.get(serial)!.json.locations).toEqual([
        {
          latitude: 52.2297,
          longitude: 21.0122,
          relevantText: 'Kawiarnia Pod Lipą jest tuż obok — pokaż kartę przy kasie',
        },
      ]);
    }
  });
});
