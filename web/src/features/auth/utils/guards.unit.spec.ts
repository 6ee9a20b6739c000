import { describe, expect, it } from 'vitest';
import { Roles } from '@punkto/contracts/permissions';
import { initialAuthState } from '../stores/auth-reducer';
import type { AuthState, AuthUser } from '../types';
import {
  afterLoginPath,
  createTenantRedirectMemory,
  decideAuthenticatedOnly,
  decideBusinessAccess,
  decideCustomerAccess,
  decideTenantSetup,
  homeOf,
  panelFrameCompany,
  safeRedirect,
} from './guards';

const user = (role: AuthUser['role'], tenantId: string | null = null): AuthUser => ({
  id: `u-${role}`,
  email: `${role}@example.pl`,
  tenantId,
  role,
  username: 'Ktoś',
});
const signedIn = (u: AuthUser): AuthState => ({ ...initialAuthState, status: 'succeeded', user: u });
const anonymous: AuthState = { ...initialAuthState, status: 'unauthenticated' };

describe('business guard', () => {
  it('anonymous → /zaloguj remembering the origin', () => {
    expect(decideBusinessAccess(anonymous, '/panel/klienci?strona=2')).toEqual({
      type: 'redirect',
      to: '/zaloguj',
      search: { redirect: '/panel/klienci?strona=2' },
    });
  });

  it.each(['business_owner', 'employee'] as const)('%s is let in', (role) => {
    expect(decideBusinessAccess(signedIn(user(role)), '/panel')).toEqual({ type: 'allow' });
  });

  it('a customer is sent to their own area', () => {
    expect(decideBusinessAccess(signedIn(user('customer')), '/panel')).toMatchObject({ to: '/klient' });
  });

  it('a platform operator goes home', () => {
    expect(decideBusinessAccess(signedIn(user('platform_operator')), '/panel')).toMatchObject({ to: '/' });
  });

  it('a failed profile load without a user is treated as anonymous', () => {
    expect(decideBusinessAccess({ ...initialAuthState, status: 'failed' }, '/panel')).toMatchObject({
      to: '/zaloguj',
    });
  });
});

describe('customer guard', () => {
  it('anonymous → /zaloguj?type=customer', () => {
    expect(decideCustomerAccess(anonymous)).toEqual({
      type: 'redirect',
      to: '/zaloguj',
      search: { type: 'customer' },
    });
  });

  it('anonymous with the page asked for → the customer login, and back there after it', () => {
    expect(decideCustomerAccess(anonymous, '/klient/karty')).toEqual({
      type: 'redirect',
      to: '/zaloguj',
      search: { type: 'customer', redirect: '/klient/karty' },
    });
  });

  it('a customer is let in', () => {
    expect(decideCustomerAccess(signedIn(user('customer')))).toEqual({ type: 'allow' });
  });

  it.each(['business_owner', 'employee'] as const)('%s is sent to /panel', (role) => {
    expect(decideCustomerAccess(signedIn(user(role)))).toMatchObject({ type: 'redirect', to: '/panel' });
  });
});

describe('authenticated-only guard', () => {
  it('anyone signed in passes, anonymous goes to login with the origin', () => {
    expect(decideAuthenticatedOnly(signedIn(user('customer')), '/stworz-konto/firma')).toEqual({
      type: 'allow',
    });
    expect(decideAuthenticatedOnly(anonymous, '/stworz-konto/firma')).toEqual({
      type: 'redirect',
      to: '/zaloguj',
      search: { redirect: '/stworz-konto/firma' },
    });
  });
});

describe('tenant setup guard', () => {
  it('no tenantId → /uzupelnij-konto', () => {
    expect(
      decideTenantSetup({ user: user('business_owner'), configured: undefined, alreadyRedirected: false }),
    ).toEqual({ type: 'redirect', to: '/uzupelnij-konto', search: undefined });
  });

  it('…but at most once per path', () => {
    expect(
      decideTenantSetup({ user: user('business_owner'), configured: undefined, alreadyRedirected: true }),
    ).toEqual({ type: 'allow' });
  });

  it('a configured tenant passes', () => {
    expect(
      decideTenantSetup({ user: user('business_owner', 't-1'), configured: true, alreadyRedirected: false }),
    ).toEqual({ type: 'allow' });
  });

  it('a tenant still not configured after validation → /uzupelnij-konto', () => {
    expect(
      decideTenantSetup({ user: user('employee', 't-1'), configured: false, alreadyRedirected: false }),
    ).toMatchObject({ to: '/uzupelnij-konto' });
  });

  it('an unreachable tenant service does not lock the panel', () => {
    expect(
      decideTenantSetup({
        user: user('business_owner', 't-1'),
        configured: 'unknown',
        alreadyRedirected: false,
      }),
    ).toEqual({ type: 'allow' });
  });

  it('the redirect memory keeps paths in sessionStorage', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => data.set(k, v),
    };
    const memory = createTenantRedirectMemory(storage);
    expect(memory.has('/panel')).toBe(false);
    memory.remember('/panel');
    memory.remember('/panel');
    expect(memory.has('/panel')).toBe(true);
    expect(createTenantRedirectMemory(storage).has('/panel')).toBe(true);
    expect(JSON.parse(data.get('punkto.tenant-setup-redirects')!)).toEqual(['/panel']);
  });

  it('the redirect memory survives broken storage within the page', () => {
    const memory = createTenantRedirectMemory({
      getItem: () => '{broken',
      setItem: () => {
        throw new Error('quota');
      },
    });
    memory.remember('/panel');
    expect(memory.has('/panel')).toBe(true);
  });
});

describe('where people land', () => {
  it('homes by role', () => {
    expect(homeOf(user('business_owner'))).toBe('/panel');
    expect(homeOf(user('employee'))).toBe('/panel');
    expect(homeOf(user('customer'))).toBe('/klient');
  });

  it('after login: business → redirect target or /panel', () => {
    expect(afterLoginPath(user('business_owner'))).toBe('/panel');
    expect(afterLoginPath(user('business_owner'), '/stworz-konto/firma')).toBe('/stworz-konto/firma');
    expect(afterLoginPath(user('business_owner'), '/klient/karty')).toBe('/panel');
  });

  it('after login: customer → /klient (or a remembered page inside it)', () => {
    expect(afterLoginPath(user('customer'))).toBe('/klient');
    expect(afterLoginPath(user('customer'), '/panel')).toBe('/klient');
    expect(afterLoginPath(user('customer'), '/klient/karty')).toBe('/klient/karty');
    // back to the enrolment link they came from, to join the program
    expect(afterLoginPath(user('customer'), '/dodaj-karte-do-portfela?program=p1&firma=t1')).toBe(
      '/dodaj-karte-do-portfela?program=p1&firma=t1',
    );
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil', 'panel', ''])(
    'ignores unsafe target %s',
    (t) => {
      expect(safeRedirect(t)).toBeUndefined();
      expect(afterLoginPath(user('business_owner'), t)).toBe('/panel');
    },
  );
});

describe('the company whose panel frame a page shows (asked for by the start and by the business guard)', () => {
  it('a business user on a page of the panel: their company', () => {
    expect(panelFrameCompany(user(Roles.owner, 't-1'), '/panel')).toBe('t-1');
    expect(panelFrameCompany(user(Roles.employee, 't-2'), '/panel/skaner')).toBe('t-2');
  });

  it('anywhere else, for a customer, for nobody, or before the company exists: none', () => {
    expect(panelFrameCompany(user(Roles.owner, 't-1'), '/klient/karty')).toBeNull();
    expect(panelFrameCompany(user(Roles.owner, 't-1'), '/uzupelnij-konto')).toBeNull();
    expect(panelFrameCompany(user(Roles.customer, 't-1'), '/panel')).toBeNull();
    expect(panelFrameCompany(null, '/panel')).toBeNull();
    expect(panelFrameCompany(user(Roles.owner, null), '/panel')).toBeNull();
  });
});
