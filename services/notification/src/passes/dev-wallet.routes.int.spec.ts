import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotification, type NotificationTestApp } from '../testing/notification-test-app';
import { FakeWalletDevice } from './apple/testing/fake-wallet-device';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// `npm start` has no Apple or Google account: what would have reached them is on /dev/wallet, for this
// machine only, like the dev mailbox.
let t: NotificationTestApp;
beforeAll(async () => {
  t = await startNotification({ PASS_UPDATE_COALESCE_MS: '0' }, { listen: true });
});
afterAll(async () => {
  await t?.close();
});

const local = {
  host: '127.0.0.1:8086',
  'x-forwarded-for': '127.0.0.1',
  'x-forwarded-host': 'localhost:8080',
};

describe('the dev wallet page', () => {
  it('shows the APNs push a change sent to a phone holding the pass', async () => {
    const { cardId, userId } = await t.aCard();
    const phone = new FakeWalletDevice(readFileSync(join(t.dataDir, 'apple-pass-dev', 'root.pem'), 'utf8'));
    expect(await phone.add(await t.applePassOf(cardId, userId))).toBe(201);
    await t.stampsAdded(cardId, 4);
    let page = '';
    for (let i = 0; i < 100 && !page.includes(phone.pushToken.slice(0, 12)); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      page = (await t.app.inject({ url: '/dev/wallet', remoteAddress: '127.0.0.1', headers: local })).body;
    }
    expect(page).toContain('Powiadomienia APNs (Apple Wallet)');
    expect(page).toContain(`${phone.pushToken.slice(0, 12)}…`);
    expect(page).toContain('pass.pl.punkto.dev');
    expect(page).toContain('Wiadomości na kartach Google');
  });

  it('is not there for a visitor from another machine', async () => {
    const res = await t.app.inject({
      url: '/dev/wallet',
      remoteAddress: '127.0.0.1',
      headers: { ...local, 'x-forwarded-for': '203.0.113.7' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is not there when the dev pages are off', async () => {
    const off = await startNotification({ DEV_MAILBOX: 'off' });
    const res = await off.app.inject({ url: '/dev/wallet', remoteAddress: '127.0.0.1', headers: local });
    expect(res.statusCode).toBe(404);
    await off.close();
  });
});
