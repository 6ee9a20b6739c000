import { describe, expect, it } from 'vitest';
import { parseSetCookie, roleForPath } from './signed-in';

describe('the role a page is measured as', () => {
  it('the panel and the subscription pages: an owner; the portal: a customer; the rest: nobody', () => {
    expect(roleForPath('/panel')).toBe('owner');
    expect(roleForPath('/panel/klienci?strona=2')).toBe('owner');
    expect(roleForPath('/subskrypcja/wybor')).toBe('owner');
    expect(roleForPath('/klient')).toBe('customer');
    expect(roleForPath('/klient/karty')).toBe('customer');
    expect(roleForPath('/')).toBeUndefined();
    expect(roleForPath('/zaloguj?type=customer')).toBeUndefined();
    expect(roleForPath('/panelik')).toBeUndefined();
    expect(roleForPath('/klienci')).toBeUndefined();
  });
});

describe('a Set-Cookie header as the browser stores it', () => {
  const now = Date.parse('2026-11-26T04:00:00Z');

  it('keeps the path, the flags and the lifetime of identity’s refresh cookie', () => {
    expect(
      parseSetCookie(
        'punkto_refresh=abc.def=; Max-Age=2592000; Path=/api/v1/users; HttpOnly; Secure; SameSite=Lax',
        '127.0.0.1',
        now,
      ),
    ).toEqual({
      name: 'punkto_refresh',
      value: 'abc.def=',
      domain: '127.0.0.1',
      path: '/api/v1/users',
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
      expires: now / 1000 + 2592000,
    });
  });

  it('a cookie without attributes: a session cookie on the whole site, readable by the page', () => {
    expect(parseSetCookie('punkto_session=1', 'localhost', now)).toMatchObject({
      name: 'punkto_session',
      value: '1',
      path: '/',
      httpOnly: false,
      secure: false,
      expires: -1,
    });
  });
});
