import { Roles } from '@punkto/contracts/permissions';
import { SESSION_HINT_COOKIE } from '@punkto/contracts/identity';
import { Topics } from '@punkto/contracts/topics';
import { ACCESS_COOKIE, accessGuard, authPlugin } from '@punkto/platform/http/auth-plugin';
import { createServer } from '@punkto/platform/http/server';
import { createLogger } from '@punkto/platform/observability/logger';
import { createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHREDDED } from '@punkto/platform/privacy/pii-event-store';
import { SAME_ORIGIN } from '@punkto/platform/testing/same-origin';
import { cookiesOf, startIdentity, type IdentityTestApp } from '../testing/identity-test-app';
import { REFRESH_COOKIE } from './user.routes';

const PASSWORD = 'Haslo1234';
const json = { 'content-type': 'application/json' };

let t: IdentityTestApp;
beforeAll(async () => {
  t = await startIdentity({
    ACCESS_TOKEN_TTL_SECONDS: '120',
    RATE_LIMIT_LOGIN_PER_IP_EMAIL: '1000',
    RATE_LIMIT_LOGIN_PER_IP: '1000',
    RATE_LIMIT_REGISTER_PER_IP: '1000',
    RATE_LIMIT_EMAIL_SEND_PER_ADDRESS: '1000',
    RATE_LIMIT_EMAIL_SEND_PER_IP: '1000',
    PUBLIC_URL: 'https://punkto.example',
  });
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  payload?: unknown,
  cookies?: Record<string, string>,
) =>
  t.app.inject({
    method,
    url: `/api/v1/users/${path}`,
    // what the SPA's calls carry: its own origin (the CSRF check), JSON when there is a body
    headers: { ...SAME_ORIGIN, ...(payload !== undefined && json) },
    ...(payload !== undefined && { payload: payload as object }),
    ...(cookies && { cookies }),
  });

let counter = 0;
const uniqueEmail = (name = 'osoba') => `${name}.${++counter}.${Date.now()}@example.pl`;

async function registerUser(email = uniqueEmail(), role: string = Roles.customer) {
  const res = await call('POST', 'register', {
    email,
    password: PASSWORD,
    username: 'Ania Nowak',
    role,
    acceptTerms: true,
    marketingConsent: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  // the account is written by the registration's job, after the answer
  await t.app.identity.settled();
  return { email, userId: res.json().userId as string };
}

async function activeUser(role: string = Roles.customer) {
  const user = await registerUser(uniqueEmail(), role);
  const { token } = await t.linkToken(user.email, 'account-activation');
  expect((await call('POST', 'activate-account', { token })).statusCode).toBe(200);
  return user;
}

async function login(email: string, password = PASSWORD) {
  const res = await call('POST', 'login', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  const c = cookiesOf(res);
  return { res, access: c[ACCESS_COOKIE]!.value, refresh: c[REFRESH_COOKIE]!.value };
}

describe('a customer signing up from a poster (issue 33)', () => {
  it('carries the program into the activation link, also after a resend; a company ignores it', async () => {
    const email = uniqueEmail('z.plakatu');
    const joining = { tenantId: 'tenant-1', programId: 'program-1' };
    const res = await call('POST', 'register', {
      email,
      password: PASSWORD,
      username: 'Ola Plakat',
      role: Roles.customer,
      acceptTerms: true,
      joining,
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.identity.settled();
    const first = await t.linkToken(email, 'account-activation');
    expect(new URL(first.url).searchParams.get('program')).toBe('program-1');
    expect(new URL(first.url).searchParams.get('firma')).toBe('tenant-1');
    expect((await call('POST', 'resend-activation', { email })).statusCode).toBe(202);
    await t.app.identity.settled();
    const second = await t.linkToken(email, 'account-activation');
    expect(second.token).not.toBe(first.token);
    expect(new URL(second.url).searchParams.get('program')).toBe('program-1');

    const owner = uniqueEmail('firma.z.plakatu');
    const company = await call('POST', 'register', {
      email: owner,
      password: PASSWORD,
      username: 'Jan Firma',
      role: Roles.owner,
      acceptTerms: true,
      joining,
    });
    expect(company.statusCode, company.body).toBe(201);
    await t.app.identity.settled();
    expect(new URL((await t.linkToken(owner, 'account-activation')).url).searchParams.has('program')).toBe(
      false,
    );

    const bad = await call('POST', 'register', {
      email: uniqueEmail('zly.link'),
      password: PASSWORD,
      username: 'Ola Plakat',
      role: Roles.customer,
      acceptTerms: true,
      joining: { tenantId: 'x"><script>', programId: 'p' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('register → activate → login → me → refresh → logout', () => {
  it('walks the whole journey, and reuse of a rotated refresh token ends the session family', async () => {
    const email = uniqueEmail('ania');
    const { userId } = await registerUser(email.toUpperCase());

    // the activation e-mail (Polish, HTML + text) links to the SPA with a token
    const [mail] = await t.mails({ to: email, tag: 'account-activation' });
    expect(mail!.subject).toBe('Aktywuj konto w Punkto');
    expect(mail!.mail.html).toContain('https://punkto.example/aktywacja-konta?token=');
    const { token } = await t.linkToken(email, 'account-activation');

    const activated = await call('POST', 'activate-account', { token });
    expect(activated.statusCode).toBe(200);
    expect(activated.json().message).toMatch(/aktywowane/);
    // single use
    const again = await call('POST', 'activate-account', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'AUTH.INVALID_TOKEN',
      localizedMessage: 'Link jest nieprawidłowy lub wygasł.',
    });

    const session = await login(email);
    const body = session.res.json();
    expect(body.user).toEqual({
      id: userId,
      email,
      tenantId: null,
      role: 'customer',
      username: 'Ania Nowak',
      phone: null,
      phoneVerified: false,
    });
    const expiresIn = new Date(body.accessTokenExpiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(100_000);
    expect(expiresIn).toBeLessThanOrEqual(120_000);
    const cookies = cookiesOf(session.res);
    expect(cookies[ACCESS_COOKIE]!.raw).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cookies[REFRESH_COOKIE]!.raw).toMatchObject({
      path: '/api/v1/users',
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(cookies[ACCESS_COOKIE]!.raw.secure).toBeFalsy();
    // the hint the SPA reads: as long-lived as the refresh cookie, not httpOnly, no secret in it
    expect(cookies[SESSION_HINT_COOKIE]!.value).toBe('1');
    expect(cookies[SESSION_HINT_COOKIE]!.raw).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookies[SESSION_HINT_COOKIE]!.raw.httpOnly).toBeFalsy();
    expect(cookies[SESSION_HINT_COOKIE]!.raw.maxAge).toBe(cookies[REFRESH_COOKIE]!.raw.maxAge);

    const me = await call('GET', 'me', undefined, { [ACCESS_COOKIE]: session.access });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body.user);

    const refreshed = await call('GET', 'refresh', undefined, { [REFRESH_COOKIE]: session.refresh });
    expect(refreshed.statusCode).toBe(200);
    const rotated = cookiesOf(refreshed)[REFRESH_COOKIE]!.value;
    expect(rotated).not.toBe(session.refresh);
    expect(cookiesOf(refreshed)[SESSION_HINT_COOKIE]!.value).toBe('1');
    expect(refreshed.json().user.id).toBe(userId);

    // the old token again: reuse → 401 REFRESH_FAILED, cookies cleared, and the newest token is dead too
    const reuse = await call('GET', 'refresh', undefined, { [REFRESH_COOKIE]: session.refresh });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({
      code: 'REFRESH_FAILED',
      localizedMessage: 'Sesja wygasła. Zaloguj się ponownie.',
    });
    const cleared = cookiesOf(reuse);
    expect(cleared[ACCESS_COOKIE]!.value).toBe('');
    expect(cleared[REFRESH_COOKIE]!.value).toBe('');
    expect(cleared[SESSION_HINT_COOKIE]!.value).toBe('');
    expect((await call('GET', 'refresh', undefined, { [REFRESH_COOKIE]: rotated })).statusCode).toBe(401);

    // a new login, then logout ends that session
    const second = await login(email);
    // the SPA sends Content-Type: application/json even without a body
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { ...json, ...SAME_ORIGIN },
      cookies: { [REFRESH_COOKIE]: second.refresh },
    });
    expect(out.statusCode).toBe(204);
    expect(cookiesOf(out)[REFRESH_COOKIE]!.value).toBe('');
    expect(cookiesOf(out)[SESSION_HINT_COOKIE]!.value).toBe('');
    expect((await call('GET', 'refresh', undefined, { [REFRESH_COOKIE]: second.refresh })).statusCode).toBe(
      401,
    );
  });

  it('me without a valid access token is 401 UNAUTHENTICATED', async () => {
    expect((await call('GET', 'me')).json()).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    expect((await call('GET', 'me', undefined, { [ACCESS_COOKIE]: 'garbage' })).statusCode).toBe(401);
  });

  it('marks cookies Secure when the gateway says the request came over HTTPS', async () => {
    const { email } = await activeUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: { ...json, 'x-forwarded-proto': 'https', 'x-forwarded-host': 'punkto.example' },
      payload: { email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(cookiesOf(res)[ACCESS_COOKIE]!.raw.secure).toBe(true);
    expect(cookiesOf(res)[REFRESH_COOKIE]!.raw.secure).toBe(true);
  });

  // issue 15 finding 5: a 409 AUTH.EMAIL_TAKEN told anyone which addresses have accounts
  it('answers a second registration of the same address (any case) exactly like a new one, creates nothing, and tells the holder', async () => {
    const { email, userId } = await registerUser();
    const fresh = await call('POST', 'register', {
      email: uniqueEmail(),
      password: PASSWORD,
      username: 'Ktoś Inny',
      role: Roles.owner,
      acceptTerms: true,
    });
    const again = await call('POST', 'register', {
      email: email.toUpperCase(),
      password: PASSWORD,
      username: 'Ktoś Inny',
      role: Roles.owner,
      acceptTerms: true,
    });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(again.json())).toEqual(Object.keys(fresh.json()));
    expect(again.json().userId).not.toBe(userId);
    // no account behind the id it got, no activation link for it; the holder got a notice instead
    expect(await t.app.identity.me(again.json().userId).catch((e: Error) => e.name)).toBe(
      'UnauthenticatedError',
    );
    const mails = await t.mails({ to: email });
    expect(mails.map((m) => m.tag).sort()).toEqual(['account-activation', 'registration-attempt']);
    const notice = mails.find((m) => m.tag === 'registration-attempt')!;
    expect(notice.mail.text).toContain('Ktoś próbował właśnie założyć konto w Punkto z Twoim adresem e-mail');
    expect(notice.mail.text).not.toMatch(/token=/);
    // the holder's account is untouched: the first registration still activates and logs in
    const { token } = await t.linkToken(email, 'account-activation');
    expect((await call('POST', 'activate-account', { token })).statusCode).toBe(200);
    expect((await call('POST', 'login', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('validates the body with Polish messages', async () => {
    const res = await call('POST', 'register', { email: 'nie-email', password: 'krótkie', role: 'customer' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toEqual(['Podaj poprawny adres e-mail.']);
    expect(res.json().errors.acceptTerms).toBeDefined();
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: json,
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: json,
      payload: '{"__proto__":{"x":1},"email":"a@b.pl","password":"x"}',
    });
    expect(poisoned.statusCode).toBe(400);
  });
});

describe('login failures', () => {
  it('wrong password and unknown e-mail get the same Polish answer', async () => {
    const { email } = await activeUser();
    const wrong = await call('POST', 'login', { email, password: 'Zle12345' });
    const unknown = await call('POST', 'login', { email: uniqueEmail('nikt'), password: 'Zle12345' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'AUTH.INVALID_CREDENTIALS',
        localizedMessage: 'Nieprawidłowy e-mail lub hasło.',
      });
    }
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('an account that is not activated: ACCOUNT_NOT_ACTIVE (only with the right password), resend sends a new link and keeps the older one valid', async () => {
    const { email } = await registerUser();
    const res = await call('POST', 'login', { email, password: PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'AUTH.ACCOUNT_NOT_ACTIVE' });
    expect((await call('POST', 'login', { email, password: 'Zle12345' })).json().code).toBe(
      'AUTH.INVALID_CREDENTIALS',
    );

    const first = await t.linkToken(email, 'account-activation');
    const resend = await call('POST', 'resend-activation', { email });
    expect(resend.statusCode).toBe(202);
    const unknown = await call('POST', 'resend-activation', { email: uniqueEmail('nikt') });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(resend.json());
    const second = await t.linkToken(email, 'account-activation');
    expect(second.token).not.toBe(first.token);
    // ADR 0041: the older link still works after a resend (the person may open the first e-mail) ...
    const activated = await call('POST', 'activate-account', { token: first.token });
    expect(activated.statusCode).toBe(200);
    // a customer's account: the page offers the customer login (issue 33)
    expect(activated.json()).toEqual({
      message: 'Konto zostało aktywowane. Możesz się zalogować.',
      customer: true,
    });
    await login(email);
    // ... and once one link is used, the others are spent
    expect((await call('POST', 'activate-account', { token: second.token })).statusCode).toBe(400);
  });
});

describe('password reset', () => {
  it('never reveals whether the e-mail exists; the token is single-use', async () => {
    const { email } = await activeUser();
    const known = await call('POST', 'initiate-password-reset', { email });
    const unknown = await call('POST', 'initiate-password-reset', { email: uniqueEmail('nikt') });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);

    const { url, token } = await t.linkToken(email, 'password-reset');
    expect(url).toMatch(/^https:\/\/punkto\.example\/reset-hasla\?token=/);
    const session = await login(email);

    const done = await call('POST', 'reset-password', { token, newPassword: 'NoweHaslo9' });
    expect(done.statusCode).toBe(200);
    expect((await call('POST', 'reset-password', { token, newPassword: 'InneHaslo9' })).json().code).toBe(
      'AUTH.INVALID_TOKEN',
    );
    expect((await call('POST', 'login', { email, password: PASSWORD })).statusCode).toBe(401);
    await login(email, 'NoweHaslo9');
    // a reset ends every existing session
    expect((await call('GET', 'refresh', undefined, { [REFRESH_COOKIE]: session.refresh })).statusCode).toBe(
      401,
    );
    // an activation token is no reset token and vice versa
    expect((await call('POST', 'activate-account', { token })).statusCode).toBe(400);
  });

  it('the link expires', async () => {
    const { email } = await activeUser();
    await call('POST', 'initiate-password-reset', { email });
    const { token } = await t.linkToken(email, 'password-reset');
    t.advance(t.config.PASSWORD_RESET_TOKEN_TTL_SECONDS + 1);
    try {
      const res = await call('POST', 'reset-password', { token, newPassword: 'NoweHaslo9' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'AUTH.INVALID_TOKEN' });
    } finally {
      t.advance(-(t.config.PASSWORD_RESET_TOKEN_TTL_SECONDS + 1));
    }
  });
});

describe('account settings', () => {
  it('change-password needs the current password and keeps only the current session', async () => {
    const { email } = await activeUser();
    const other = await login(email);
    const current = await login(email);
    const cookies = { [ACCESS_COOKIE]: current.access, [REFRESH_COOKIE]: current.refresh };

    const wrong = await call(
      'PATCH',
      'change-password',
      { currentPassword: 'Zle12345', newPassword: 'NoweHaslo9' },
      cookies,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'AUTH.WRONG_PASSWORD',
      localizedMessage: 'Obecne hasło jest nieprawidłowe.',
    });

    const ok = await call(
      'PATCH',
      'change-password',
      { currentPassword: PASSWORD, newPassword: 'NoweHaslo9' },
      cookies,
    );
    expect(ok.statusCode).toBe(204);
    expect((await call('POST', 'login', { email, password: PASSWORD })).statusCode).toBe(401);
    await login(email, 'NoweHaslo9');
    expect((await call('GET', 'refresh', undefined, { [REFRESH_COOKIE]: other.refresh })).statusCode).toBe(
      401,
    );
    expect((await call('GET', 'refresh', undefined, { [REFRESH_COOKIE]: current.refresh })).statusCode).toBe(
      200,
    );
  });

  it('update-user: the name changes at once, a new e-mail only after confirming the link sent to it', async () => {
    const { email } = await activeUser();
    const { access } = await login(email);
    const newEmail = uniqueEmail('nowy');
    const res = await call(
      'PATCH',
      'update-user',
      { username: 'Anna Kowalska', email: newEmail },
      { [ACCESS_COOKIE]: access },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email, username: 'Anna Kowalska' });

    const first = await t.linkToken(newEmail, 'email-confirmation');
    expect(first.url).toMatch(/\/aktywacja-konta\?token=[^&]+&cel=email$/);
    expect(
      (await call('POST', 'resend-email-confirmation', undefined, { [ACCESS_COOKIE]: access })).statusCode,
    ).toBe(202);
    const { token } = await t.linkToken(newEmail, 'email-confirmation');
    expect(token).not.toBe(first.token);

    const confirmed = await call('POST', 'activate-account', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe('Adres e-mail został zmieniony.');
    expect((await call('POST', 'login', { email, password: PASSWORD })).statusCode).toBe(401);
    const session = await login(newEmail);
    expect(session.res.json().user).toMatchObject({ email: newEmail, username: 'Anna Kowalska' });
  });

  it('update-user to an address another account uses: answered as a requested change, nothing changes, the holder is told', async () => {
    const taken = await activeUser();
    const free = uniqueEmail();
    const { email } = await activeUser();
    const { access } = await login(email);
    const toFree = await call('PATCH', 'update-user', { email: free }, { [ACCESS_COOKIE]: access });
    const toTaken = await call('PATCH', 'update-user', { email: taken.email }, { [ACCESS_COOKIE]: access });
    expect(toTaken.statusCode).toBe(toFree.statusCode);
    expect(toTaken.json()).toEqual(toFree.json());
    expect(toTaken.json().email).toBe(email);
    const toHolder = await t.mails({ to: taken.email });
    expect(toHolder.map((m) => m.tag)).toContain('email-change-attempt');
    expect(toHolder.map((m) => m.tag)).not.toContain('email-confirmation');
    expect((await t.mails({ to: free })).map((m) => m.tag)).toEqual(['email-confirmation']);
  });

  it('preferences: defaults from registration, partial updates', async () => {
    const { email } = await activeUser();
    const { access } = await login(email);
    const cookies = { [ACCESS_COOKIE]: access };
    expect((await call('GET', 'get-user-preferences', undefined, cookies)).json()).toEqual({
      emailNotifications: true,
      marketingConsent: true,
      companyMessages: true,
      surveys: true,
    });
    const res = await call('PATCH', 'update-user-preferences', { marketingConsent: false }, cookies);
    expect(res.json()).toEqual({
      emailNotifications: true,
      marketingConsent: false,
      companyMessages: true,
      surveys: true,
    });
    const off = await call('PATCH', 'update-user-preferences', { surveys: false }, cookies);
    expect(off.json()).toMatchObject({ surveys: false, marketingConsent: false });
    expect((await call('GET', 'get-user-preferences', undefined, cookies)).json().marketingConsent).toBe(
      false,
    );
    expect((await call('GET', 'get-user-preferences')).statusCode).toBe(401);
  });
});

describe("a customer's phone", () => {
  const FORMAT =
    'Nieprawidłowy numer telefonu — podaj polski numer (9 cyfr) albo numer z kierunkowym kraju, np. +49 151 23456789.';
  const register = (email: string, role: string, phone: unknown) =>
    call('POST', 'register', {
      email,
      password: PASSWORD,
      username: 'Ola Żak',
      role,
      acceptTerms: true,
      phone,
    });

  it('given at registration in any accepted format, the profile shows it as E.164, unverified', async () => {
    const email = uniqueEmail('z.telefonem');
    const registered = await register(email, Roles.customer, '0048 600-100-200');
    expect(registered.statusCode, registered.body).toBe(201);
    const { token } = await t.linkToken(email, 'account-activation');
    expect((await call('POST', 'activate-account', { token })).statusCode).toBe(200);
    const { res, access } = await login(email);
    expect(res.json().user).toMatchObject({ role: 'customer', phone: '+48600100200', phoneVerified: false });
    const me = await call('GET', 'me', undefined, { [ACCESS_COOKIE]: access });
    expect(me.json()).toMatchObject({ phone: '+48600100200', phoneVerified: false });
  });

  it('a bad number, or a phone in an owner registration, is a 400 on the field; nothing is registered', async () => {
    const email = uniqueEmail('zly.telefon');
    const bad = await register(email, Roles.customer, '600 100');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: { phone: [FORMAT] } });
    const owner = await register(email, Roles.owner, '600100200');
    expect(owner.statusCode).toBe(400);
    expect(owner.json().errors).toEqual({ phone: ['Numer telefonu podaje tylko klient.'] });
    expect(await t.mails({ to: email })).toEqual([]);
    // an empty box is no phone, for anyone
    expect((await register(email, Roles.owner, '')).statusCode).toBe(201);
  });

  it('update-user sets, changes and removes it; a bad one is refused on the field; the log keeps it sealed', async () => {
    const { email, userId } = await activeUser();
    const { access } = await login(email);
    const update = (body: object) => call('PATCH', 'update-user', body, { [ACCESS_COOKIE]: access });

    const set = await update({ phone: '600 100 200' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ phone: '+48600100200', phoneVerified: false });
    const bad = await update({ phone: '+49 1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ phone: [FORMAT] });
    expect((await update({ phone: '+48600999888' })).json()).toMatchObject({ phone: '+48600999888' });
    expect((await update({ phone: '' })).json()).toMatchObject({ phone: null, phoneVerified: false });
    expect((await call('GET', 'me', undefined, { [ACCESS_COOKIE]: access })).json().phone).toBeNull();

    // sealed in the log; the relay's view unseals the phone only (ADR 0017)
    const raw = await t.infra.eventStore.readStream(`user-${userId}`);
    expect(JSON.stringify(raw.map((e) => e.data))).not.toMatch(/600100200|600999888/);
    const published = await t.app.identity.relayEventStore.readStream(`user-${userId}`);
    expect(published.filter((e) => e.type === 'UserPhoneChanged').map((e) => e.data)).toEqual([
      { userId, phone: '+48600100200', changedAt: expect.any(String) },
      { userId, phone: '+48600999888', changedAt: expect.any(String) },
      { userId, phone: null, changedAt: expect.any(String) },
    ]);
    const registeredEvent = published.find((e) => e.type === 'UserRegistered')!.data as { email: string };
    expect(registeredEvent.email).not.toBe(email);
    expect(registeredEvent.email).toMatch(/^pii:v1:/);
  });

  it("an owner's account has no phone: update-user with one is a 400 on the field, the name unchanged", async () => {
    const { email } = await activeUser(Roles.owner);
    const { access } = await login(email);
    const res = await call(
      'PATCH',
      'update-user',
      { username: 'Inna Nazwa', phone: '600100200' },
      { [ACCESS_COOKIE]: access },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ phone: ['Numer telefonu podaje tylko klient.'] });
    const me = (await call('GET', 'me', undefined, { [ACCESS_COOKIE]: access })).json();
    expect(me.username).toBe('Ania Nowak');
    expect(me).not.toHaveProperty('phone');
  });

  it('deleting the account shreds it with the rest of the personal data', async () => {
    const { email, userId } = await activeUser();
    const { access } = await login(email);
    await call('PATCH', 'update-user', { phone: '600100200' }, { [ACCESS_COOKIE]: access });
    const deleted = await call('DELETE', 'me', { password: PASSWORD }, { [ACCESS_COOKIE]: access });
    expect(deleted.statusCode).toBe(204);
    const events = await t.app.identity.relayEventStore.readStream(`user-${userId}`);
    expect(events.find((e) => e.type === 'UserPhoneChanged')!.data).toMatchObject({ phone: SHREDDED });
  });
});

describe('deleting the account', () => {
  it('needs the password; afterwards no login, no refresh, personal data in the log unreadable, the address free again', async () => {
    const { email, userId } = await activeUser();
    const { access, refresh } = await login(email);
    const cookies = { [ACCESS_COOKIE]: access, [REFRESH_COOKIE]: refresh };

    const wrong = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: { ...json, ...SAME_ORIGIN },
      payload: { password: 'Zle12345' },
      cookies,
    });
    expect(wrong.statusCode).toBe(400);

    // before: the log holds only ciphertext, the service reads plain values
    const raw = await t.infra.eventStore.readStream(`user-${userId}`);
    expect(JSON.stringify(raw)).not.toContain(email);
    expect((raw[0]!.data as { email: string }).email).toMatch(/^pii:v1:/);
    expect(((await t.app.identity.readUserStream(userId))[0]!.data as { email: string }).email).toBe(email);

    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: { ...json, ...SAME_ORIGIN },
      payload: { password: PASSWORD },
      cookies,
    });
    expect(res.statusCode).toBe(204);
    expect(cookiesOf(res)[ACCESS_COOKIE]!.value).toBe('');

    const stream = await t.infra.eventStore.readStream(`user-${userId}`);
    expect(stream.at(-1)!.type).toBe('UserDeleted');
    expect(await t.infra.documents.collection('person-keys').get(userId)).toBeNull();
    const readable = await t.app.identity.readUserStream(userId);
    expect(readable[0]!.data).toMatchObject({ email: SHREDDED, username: SHREDDED, passwordHash: SHREDDED });

    expect((await call('POST', 'login', { email, password: PASSWORD })).json().code).toBe(
      'AUTH.INVALID_CREDENTIALS',
    );
    expect((await call('GET', 'refresh', undefined, { [REFRESH_COOKIE]: refresh })).statusCode).toBe(401);
    // the access token has not expired yet, but the account is gone
    expect((await call('GET', 'me', undefined, { [ACCESS_COOKIE]: access })).statusCode).toBe(401);

    const again = await registerUser(email);
    expect(again.userId).not.toBe(userId);
  });
});

describe('tokens', () => {
  it('verify with the platform authPlugin through the served JWKS', async () => {
    const jwksRes = await t.app.inject('/.well-known/jwks.json');
    expect(jwksRes.statusCode).toBe(200);
    const jwks = jwksRes.json() as JSONWebKeySet;
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', kid: expect.any(String) });
    expect(jwks.keys[0]).not.toHaveProperty('d');

    const other = createServer({ service: 'card-ledger', logger: createLogger('test', 'silent') });
    await other.register(authPlugin, {
      keys: createLocalJWKSet(jwks),
      issuer: 'punkto-identity',
      audience: 'punkto',
    });
    other.get(
      '/who',
      { preHandler: accessGuard({ auth: 'authenticated' }) },
      async (request) => request.user,
    );
    await other.ready();
    try {
      const { email, userId } = await activeUser(Roles.owner);
      const { access } = await login(email);
      const res = await other.inject({ url: '/who', cookies: { [ACCESS_COOKIE]: access } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: userId,
        role: 'business_owner',
        permissions: [],
        email,
        name: 'Ania Nowak',
      });
    } finally {
      await other.close();
    }
  });

  it('TenantCreated on tenant.tenants.v1 gives the owner a tenant id, carried by the next token', async () => {
    const { email, userId } = await activeUser(Roles.owner);
    const { refresh } = await login(email);
    const [consumer] = t.consumers;
    expect(consumer!.topics).toEqual([Topics.tenantTenants]);
    const message = {
      topic: Topics.tenantTenants,
      partition: 0,
      offset: '1',
      key: 'tenant-1',
      headers: {},
      attempt: 1,
      timestamp: new Date().toISOString(),
      value: { id: randomUUID(), type: 'TenantCreated', data: { ownerId: userId, tenantId: 'tenant-1' } },
    };
    await consumer!.handler(message);
    await consumer!.handler(message); // redelivery is harmless
    await consumer!.handler({
      ...message,
      value: { id: randomUUID(), type: 'TenantCreated', data: { ownerId: 'nobody', tenantId: 't' } },
    });
    const res = await call('GET', 'refresh', undefined, { [REFRESH_COOKIE]: refresh });
    expect(res.json().user.tenantId).toBe('tenant-1');
    const access = cookiesOf(res)[ACCESS_COOKIE]!.value;
    const payload = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString());
    expect(payload).toMatchObject({
      sub: userId,
      role: 'business_owner',
      tid: 'tenant-1',
      iss: 'punkto-identity',
      aud: 'punkto',
    });
  });
});

describe('CSRF', () => {
  it('rejects a state-changing call from a foreign origin, allows the own origin', async () => {
    const { email } = await activeUser();
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: { ...json, host: 'punkto.example', origin: 'https://evil.example' },
      payload: { email, password: PASSWORD },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'CSRF_REJECTED' });
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: { ...json, host: 'punkto.example', origin: 'http://punkto.example' },
      payload: { email, password: PASSWORD },
    });
    expect(own.statusCode).toBe(200);
  });

  // Issue 36: a cookie-borne state change with neither Origin nor Referer was accepted.
  it('refuses a call with the session cookies and neither Origin nor Referer; the session lives on', async () => {
    const { email } = await activeUser();
    const { access, refresh } = await login(email);
    const cookies = { [ACCESS_COOKIE]: access, [REFRESH_COOKIE]: refresh };
    const bare = (method: 'POST' | 'PATCH', path: string, payload: object) =>
      t.app.inject({ method, url: `/api/v1/users/${path}`, headers: json, payload, cookies });

    const logout = await bare('POST', 'logout', {});
    expect(logout.statusCode).toBe(403);
    expect(logout.json()).toMatchObject({ code: 'CSRF_REJECTED', status: 403 });
    const rename = await bare('PATCH', 'update-user', { username: 'Ktoś Obcy' });
    expect(rename.statusCode).toBe(403);
    expect((await call('GET', 'me', undefined, { [ACCESS_COOKIE]: access })).json().username).toBe(
      'Ania Nowak',
    );
    expect((await call('GET', 'refresh', undefined, { [REFRESH_COOKIE]: refresh })).statusCode).toBe(200);
    // the same call from a page of ours (its own Origin) goes through
    expect((await call('PATCH', 'update-user', { username: 'Ania Kowalska' }, cookies)).statusCode).toBe(200);
  });
});
