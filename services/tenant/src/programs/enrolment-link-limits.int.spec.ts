import { EnrolmentLinkErrors } from '@punkto/contracts/enrolment-links';
import type { Program } from '@punkto/contracts/programs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantTestApp, type TenantTestApp } from '../testing/tenant-test-app';
import { shortCodeReservations } from './short-codes';

/**
 * Issue 36: after 30 unknown short codes from one IP every lookup from it answered 429, valid codes too, so one
 * person could stop a whole café's Wi-Fi from enrolling. Now (ADR 0014, amendment): misses are counted per
 * device (the `punkto_device` cookie) with the low limit, and per IP with a larger one that, once spent, only
 * stops codes nobody resolved from that IP lately.
 */
const PER_DEVICE = 5;
const PER_IP = 20;
const WINDOW = 600;
let t: TenantTestApp;
beforeAll(async () => {
  t = await startTenantTestApp({
    env: {
      ENROLMENT_LINK_MISSES_PER_DEVICE: String(PER_DEVICE),
      ENROLMENT_LINK_MISSES_PER_IP: String(PER_IP),
      ENROLMENT_LINK_MISS_WINDOW_SECONDS: String(WINDOW),
    },
  });
});
afterAll(async () => t?.close());

let nextIp = 1;
const freshIp = () => `198.51.100.${nextIp++}`;

/** GET /api/v1/enrolment-links/{code} from an IP (the gateway's X-Forwarded-For), with a device cookie or none */
const resolve = (code: string, ip: string, device?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/enrolment-links/${code}`,
    headers: { 'x-forwarded-for': ip },
    ...(device && { cookies: { punkto_device: device } }),
  });

/** the device id a lookup hands out in its Set-Cookie (one of its own when none was handed out) */
const deviceOf = (res: Awaited<ReturnType<typeof resolve>>) =>
  res.cookies.find((c) => c.name === 'punkto_device')?.value ?? randomUUID();

/** a code no program has (reserved, never used) */
const unusedCodes = async (n: number) => {
  const reservations = shortCodeReservations(t.infra.documents, () => new Date());
  return Promise.all(Array.from({ length: n }, () => reservations.reserve(randomUUID(), 'x')));
};

async function cafeProgram(): Promise<Program> {
  const { tenantId, token } = await t.ownerWithTenant();
  const res = await t.call(token, 'POST', `/api/v1/tenants/${tenantId}/loyalty-programs`, {
    kind: 'stamps',
    name: 'Co 10. kawa gratis',
    stampsRequired: 10,
  });
  return res.json() as Program;
}

const expectLimited = (res: Awaited<ReturnType<typeof resolve>>, message: string) => {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ code: 'RATE_LIMITED', localizedMessage: message, status: 429 });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW);
};

describe('unknown short codes on a shared Wi-Fi', () => {
  it('one device that used up its misses gets 429 with Retry-After; another on the same IP still resolves', async () => {
    const cafe = await cafeProgram();
    const wifi = freshIp();
    // one person on the café's Wi-Fi guesses codes, keeping their cookie, until refused
    const guesses = await unusedCodes(PER_IP + 1);
    let prankster: string | undefined;
    let refused: Awaited<ReturnType<typeof resolve>> | undefined;
    let misses = 0;
    for (const code of guesses) {
      const res = await resolve(code, wifi, prankster);
      prankster ??= deviceOf(res);
      if (res.statusCode !== 404) {
        refused = res;
        break;
      }
      misses++;
    }
    // a customer at the next table, on the same Wi-Fi, scans the poster of a code nobody resolved here yet
    const customer = await resolve(cafe.shortCode, wifi);
    expect(customer.statusCode, customer.body).toBe(200);
    expect(customer.json()).toEqual({ tenantId: cafe.tenantId, programId: cafe.id });

    // the guesser was stopped after their own budget, with Retry-After, and stays stopped for every code
    expectLimited(refused!, EnrolmentLinkErrors.rateLimited.message);
    expect(misses).toBe(PER_DEVICE);
    expectLimited(await resolve(cafe.shortCode, wifi, prankster), EnrolmentLinkErrors.rateLimited.message);
  });

  it('the per-IP budget still stops mass enumeration by a client that drops its cookie', async () => {
    const cafe = await cafeProgram();
    const elsewhere = await cafeProgram();
    const wifi = freshIp();
    expect((await resolve(cafe.shortCode, wifi)).statusCode).toBe(200); // the café's customers use its code

    // no cookie kept: every lookup is a new device, so only the IP counts
    const guesses = await unusedCodes(PER_IP + 1);
    for (const code of guesses.slice(0, PER_IP)) expect((await resolve(code, wifi)).statusCode).toBe(404);
    const network = EnrolmentLinkErrors.rateLimitedNetwork.message;
    expectLimited(await resolve(guesses.at(-1)!, wifi), network);
    // a real code never resolved from this IP answers the same 429: nothing more is learnt from here
    expectLimited(await resolve(elsewhere.shortCode, wifi), network);

    // the café's own code keeps working for everybody on its Wi-Fi; other networks are not affected
    expect((await resolve(cafe.shortCode, wifi)).statusCode).toBe(200);
    const neighbour = deviceOf(await resolve(cafe.shortCode, wifi));
    expect((await resolve(cafe.shortCode, wifi, neighbour)).statusCode).toBe(200);
    expect((await resolve(elsewhere.shortCode, freshIp())).statusCode).toBe(200);
  });

  it('a miss answered 404 still hands out the device cookie, so the device is counted from its first guess', async () => {
    const [code] = await unusedCodes(1);
    const res = await resolve(code!, freshIp());
    expect(res.statusCode).toBe(404);
    const cookie = res.cookies.find((c) => c.name === 'punkto_device');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/v1/enrolment-links', sameSite: 'Lax' });
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
