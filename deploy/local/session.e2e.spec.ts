import { describe, expect, inject, it } from 'vitest';
import { activeAccount, uniqueEmail } from '../../scripts/testing/actors';
import { CookieClient } from '../../scripts/testing/http-client';

// Through the gateway of `npm start`, as an HTTP client: identity issues the session, and ANOTHER service
// (tenant) verifies the access token with identity's JWKS; roles are enforced across services.
const baseUrl = inject('baseUrl');

const signedIn = (role: 'business_owner' | 'customer') =>
  activeAccount(role, uniqueEmail(role), 'Anna Nowak');

describe('a session across services', () => {
  it('the tenant service accepts the token identity issued (verified with its JWKS)', async () => {
    const client = await signedIn('business_owner');
    expect((await client.call('GET', '/api/v1/users/me')).status).toBe(200);
    const permissions = await client.call('GET', '/api/v1/permissions');
    expect(permissions.status).toBe(200);
    expect(((await permissions.json()) as { permissions: unknown[] }).permissions.length).toBeGreaterThan(5);
  });

  it('an anonymous call to another service gets the spec 401, and a forged cookie changes nothing', async () => {
    const anonymous = new CookieClient(baseUrl);
    const res = await anonymous.call('GET', '/api/v1/permissions');
    expect(res.status).toBe(401);
    const forged = await fetch(`${baseUrl}/api/v1/permissions`, {
      headers: {
        cookie: 'punkto_access=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4Iiwicm9sZSI6ImJ1c2luZXNzX293bmVyIn0.',
      },
    });
    expect(forged.status).toBe(401);
  });

  it('a cross-site write is refused', async () => {
    const res = await fetch(`${baseUrl}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email: 'a@b.pl', password: 'x' }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'CSRF_REJECTED' });
  });
});
