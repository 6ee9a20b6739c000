import { INVISIBLE_CHARACTERS_MESSAGE } from '@punkto/contracts/text';
import { SAME_ORIGIN } from '@punkto/platform/testing/same-origin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentity, TEST_PASSWORD, type IdentityTestApp } from '../testing/identity-test-app';

/**
 * Issue 32: names accepted U+FEFF and broken Unicode, which reached the KSeF invoice XML as „�”. Registration
 * now refuses them on the field, and stores a name typed in NFD (macOS keyboards, some copy-pastes) in NFC.
 */
let t: IdentityTestApp;
beforeAll(async () => {
  t = await startIdentity({ RATE_LIMIT_REGISTER_PER_IP: '1000', RATE_LIMIT_EMAIL_SEND_PER_IP: '1000' });
});
afterAll(() => t?.close());

let counter = 0;
const uniqueEmail = () => `imie.${++counter}.${Date.now()}@example.pl`;

const post = (path: string, payload: object, cookies?: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/users/${path}`,
    headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
    payload,
    ...(cookies && { cookies }),
  });

const registration = (email: string, username: string) => ({
  email,
  password: TEST_PASSWORD,
  username,
  role: 'customer',
  acceptTerms: true,
});

describe('names at registration', () => {
  it.each([
    ['a byte order mark', '\uFEFFAnia Nowak'],
    ['a zero-width space', 'Ania\u200BNowak'],
    ['an unpaired surrogate', 'Ania Nowak \uD83D'],
  ])('refuses %s: 400 on the username field, no account, no e-mail', async (_what, username) => {
    const email = uniqueEmail();
    const res = await post('register', registration(email, username));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { username: [INVISIBLE_CHARACTERS_MESSAGE] },
    });
    expect(await t.mails({ to: email })).toEqual([]);
  });

  it('stores a name typed in NFD in NFC: the profile shows the composed name', async () => {
    const email = uniqueEmail();
    const nfd = 'Łucja Żółć-Ślęzak'.normalize('NFD');
    const res = await post('register', registration(email, nfd));
    expect(res.statusCode, res.body).toBe(201);
    const { token } = await t.linkToken(email, 'account-activation');
    expect((await post('activate-account', { token })).statusCode).toBe(200);
    const login = await post('login', { email, password: TEST_PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    const username = login.json().user.username as string;
    expect(username).toBe('Łucja Żółć-Ślęzak');
    expect(username).toBe(username.normalize('NFC'));
    expect(username).not.toBe(nfd);
  });
});
