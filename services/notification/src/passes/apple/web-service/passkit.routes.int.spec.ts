import { Topics } from '@punkto/contracts/topics';
import { keptSecret } from '@punkto/platform/documents/kept-secret';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotification, type NotificationTestApp } from '../../../testing/notification-test-app';
import { FakeWalletDevice } from '../testing/fake-wallet-device';
import { passTokens } from './pass-serials';

// The PassKit web service as phones call it: over HTTP on the address the pass names (webServiceURL).
let t: NotificationTestApp;
let root: string;
let base: string;
beforeAll(async () => {
  t = await startNotification({}, { listen: true });
  root = readFileSync(join(t.dataDir, 'apple-pass-dev', 'root.pem'), 'utf8');
  base = `${t.config.PUBLIC_URL}/api/v1/passkit/v1`;
});
afterAll(async () => {
  await t?.close();
});

const PASS_TYPE = 'pass.pl.punkto.dev';

const downloaded = (cardId: string, userId: string) => t.applePassOf(cardId, userId);
const stampsAdded = (cardId: string, stamps: number, at: string) => t.stampsAdded(cardId, stamps, at);

const call = (method: string, path: string, init: { token?: string; body?: unknown } = {}) =>
  fetch(`${base}${path}`, {
    method,
    headers: {
      ...(init.token !== undefined && { authorization: `ApplePass ${init.token}` }),
      ...(init.body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });

describe('PassKit web service', () => {
  it('a phone registers, lists, fetches (200, then 304) and after a change gets the new pass', async () => {
    const { cardId, userId } = await t.aCard();
    const phone = new FakeWalletDevice(root);
    expect(await phone.add(await downloaded(cardId, userId))).toBe(201);
    const serial = `${cardId}.1`;
    expect(phone.held(serial).json.webServiceURL).toBe(`${t.config.PUBLIC_URL}/api/v1/passkit`);
    // devices register again and again: the first one creates, the others are known
    expect(await phone.register(serial)).toBe(200);

    // the first list has no tag: every pass of the device; then If-Modified-Since answers 304
    expect(await phone.onPush()).toEqual([serial]);
    expect(phone.held(serial).lastModified).toBe('Fri, 20 Nov 2026 10:05:00 GMT');
    expect(await phone.refresh(serial)).toBe(false);
    expect(await phone.onPush()).toEqual([]); // nothing changed since the tag: 204

    await stampsAdded(cardId, 8, '2026-11-20T11:00:00.000Z');
    expect(await phone.onPush()).toEqual([serial]);
    expect(phone.field(serial, 'stamps')?.value).toBe('8 z 10');
    expect(phone.notices).toEqual(['Pieczątki: 8 z 10']);
    expect(phone.held(serial).lastModified).toBe('Fri, 20 Nov 2026 11:00:00 GMT');
    expect(phone.answers).toEqual([
      'register 201',
      'register 200',
      'list 200',
      'pass 200',
      'pass 304',
      'list 204',
      'list 200',
      'pass 200',
    ]);
  });

  it('two changes within one second: the second is not lost behind a 304', async () => {
    const { cardId, userId } = await t.aCard();
    const phone = new FakeWalletDevice(root);
    await phone.add(await downloaded(cardId, userId));
    const serial = `${cardId}.1`;
    // HTTP dates have whole seconds: the second version gets the next second, never the first one's
    await stampsAdded(cardId, 8, '2026-11-20T11:00:00.100Z');
    await phone.onPush();
    expect(phone.held(serial).lastModified).toBe('Fri, 20 Nov 2026 11:00:00 GMT');
    await stampsAdded(cardId, 9, '2026-11-20T11:00:00.900Z');
    expect(await phone.onPush()).toEqual([serial]);
    expect(phone.field(serial, 'stamps')?.value).toBe('9 z 10');
    expect(phone.held(serial).lastModified).toBe('Fri, 20 Nov 2026 11:00:01 GMT');
    expect(await phone.refresh(serial)).toBe(false);
  });

  it('lists only the passes that changed since the tag', async () => {
    const phone = new FakeWalletDevice(root);
    const a = await t.aCard();
    const b = await t.aCard();
    await phone.add(await downloaded(a.cardId, a.userId));
    await phone.add(await downloaded(b.cardId, b.userId));
    expect((await phone.onPush()).sort()).toEqual([`${a.cardId}.1`, `${b.cardId}.1`].sort());
    await stampsAdded(b.cardId, 8, '2026-11-20T12:00:00.000Z');
    expect(await phone.onPush()).toEqual([`${b.cardId}.1`]);
    // a program change shows on every pass of the program
    await t.deliver(Topics.tenantTenants, 'TenantUpdated', {
      tenantId: a.tenantId,
      changes: { companyName: 'Kawiarnia Pod Dębem' },
      updatedAt: '2026-11-21T09:00:00.000Z',
    });
    expect(await phone.onPush()).toEqual([`${a.cardId}.1`]);
    expect(phone.held(`${a.cardId}.1`).json.organizationName).toBe('Kawiarnia Pod Dębem');
  });

  it('a regenerated card voids the old pass; the new pass has its own serial and token', async () => {
    const { cardId, userId } = await t.aCard();
    const phone = new FakeWalletDevice(root);
    await phone.add(await downloaded(cardId, userId));
    await phone.onPush();
    await t.cardRegenerated(cardId, userId, '2026-11-21T10:00:00.000Z');
    expect(await phone.onPush()).toEqual([`${cardId}.1`]);
    const old = phone.held(`${cardId}.1`).json;
    expect(old.voided).toBe(true);
    expect(old.barcodes).toBeUndefined();

    expect(await phone.add(await downloaded(cardId, userId))).toBe(201);
    const fresh = phone.held(`${cardId}.2`).json;
    expect(fresh.voided).toBeUndefined();
    expect(fresh.authenticationToken).not.toBe(old.authenticationToken);
    // the old pass's token opens nothing of the new one
    expect(
      (await call('GET', `/passes/${PASS_TYPE}/${cardId}.2`, { token: old.authenticationToken })).status,
    ).toBe(401);
  });

  it('unregistering the last pass removes the device; the list is then empty (204)', async () => {
    const { cardId, userId } = await t.aCard();
    const phone = new FakeWalletDevice(root);
    await phone.add(await downloaded(cardId, userId));
    expect(await phone.remove(`${cardId}.1`)).toBe(200);
    const list = await call('GET', `/devices/${phone.libraryId}/registrations/${PASS_TYPE}`);
    expect(list.status).toBe(204);
    expect(await t.infra.documents.collection('apple_devices').get(phone.libraryId)).toBeNull();
  });

  it('a new push token replaces the old one on the next registration', async () => {
    const { cardId, userId } = await t.aCard();
    const phone = new FakeWalletDevice(root);
    await phone.add(await downloaded(cardId, userId));
    phone.pushToken = 'ab'.repeat(32);
    expect(await phone.register(`${cardId}.1`)).toBe(200);
    const device = await t.infra.documents.collection('apple_devices').get(phone.libraryId);
    expect(device).toMatchObject({ pushToken: 'ab'.repeat(32) });
  });

  it('a device registering 1,000 times holds one registration', async () => {
    const { cardId, userId } = await t.aCard();
    const phone = new FakeWalletDevice(root);
    await phone.add(await downloaded(cardId, userId));
    const statuses: number[] = [];
    for (let round = 0; round < 50; round++)
      statuses.push(...(await Promise.all(Array.from({ length: 20 }, () => phone.register(`${cardId}.1`)))));
    expect(statuses).toHaveLength(1000);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const rows = await t.infra.documents.collection('apple_registrations').find({ device: phone.libraryId });
    expect(rows).toHaveLength(1);
  });

  it('bad input: wrong token 401, unknown serial 404, malformed push token 400, foreign pass type 404', async () => {
    const { cardId, userId } = await t.aCard();
    const phone = new FakeWalletDevice(root);
    await phone.add(await downloaded(cardId, userId));
    const serial = `${cardId}.1`;
    const token = phone.held(serial).json.authenticationToken!;
    const registration = `/devices/${phone.libraryId}/registrations/${PASS_TYPE}/${serial}`;
    const pushToken = phone.pushToken;

    for (const wrong of ['x'.repeat(43), '', token.slice(0, 20)]) {
      const res = await call('POST', registration, { token: wrong, body: { pushToken } });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'PASS.UNAUTHORIZED' });
    }
    expect((await call('GET', `/passes/${PASS_TYPE}/${serial}`)).status).toBe(401);
    expect((await call('DELETE', registration, { token: 'y'.repeat(43) })).status).toBe(401);
    // a valid token of a serial whose card this service does not hold
    const tokens = passTokens(await keptSecret(t.infra.documents, 'apple-pass-token', undefined), PASS_TYPE);
    const unknown = `${randomUUID()}.1`;
    const missing = await call('GET', `/passes/${PASS_TYPE}/${unknown}`, { token: tokens.issue(unknown) });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'PASS.NOT_FOUND' });
    expect((await call('GET', `/passes/pass.com.other/${serial}`, { token })).status).toBe(404);

    for (const bad of ['not-hex', 'ab'.repeat(10), 42, null]) {
      const res = await call('POST', registration, { token, body: { pushToken: bad } });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: { pushToken: expect.any(Array) },
      });
    }
    expect((await call('POST', registration, { token, body: undefined })).status).toBe(400);
    const log = await call('POST', '/log', { body: { logs: 'not a list' } });
    expect(log.status).toBe(400);
    // nothing of the above changed the phone's one registration
    const rows = await t.infra.documents
      .collection<{ _id: string; serial: string }>('apple_registrations')
      .find({ device: phone.libraryId });
    expect(rows.map((r) => r.serial)).toEqual([serial]);
  });

  it('takes the logs devices send', async () => {
    const { cardId, userId } = await t.aCard();
    const phone = new FakeWalletDevice(root);
    await phone.add(await downloaded(cardId, userId));
    expect(await phone.log(['Web service error for pass.pl.punkto.dev: bad response'])).toBe(200);
  });
});
