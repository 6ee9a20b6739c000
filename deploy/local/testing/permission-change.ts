/**
 * The scenario of issue 32 (ADR 0038), through the gateway of the real entry point (server/main.ts): an owner takes
 * „Przyznawanie punktów” (`cards.award`) from an employee whose scanner is open. The employee's token carries the
 * permissions, so it used to award for up to 30 minutes. Now identity raises the employee's access version, every
 * service reads it off the bus, and a token issued before counts as none: the next call answers 401, the client
 * refreshes (the session goes on: no new login) and the award is refused with 403 PERMISSION_DENIED within 5 s,
 * while card lookups keep working. Granting it back works within 5 s too; another company's employee is not
 * touched. Run in both modes: embedded (`SERVICES=all`, the services mounted on the gateway's server) and
 * distributed (the services on their own servers in another process than the gateway, the bus shared between
 * the processes; the Kafka adapter runs the same consumer).
 */
import { decodeJwt } from 'jose';
import { expect } from 'vitest';
import type { CookieClient } from '../../../scripts/testing/http-client';
import { startSourceProduct, type SourceProduct } from '../../../scripts/testing/source-product';
import {
  activeAccount,
  eventually,
  invitedEmployee,
  ownerWithProgram,
  uniqueEmail,
  type OwnerWithProgram,
} from '../../../scripts/testing/actors';

const LIMIT_MS = 5_000;
const AWARD_GROSZE = 1000; // 10 points on „Kawa za punkty” (1 pkt per zł)

export type Product = SourceProduct;

/**
 * The product from sources on `port` (gateway) and `port + 1…6` (services): in one process (`embedded`), or the
 * services on their own servers in another process than the gateway (`distributed`); `env` adds to every
 * process's environment (e.g. the Kafka bus).
 */
export const startProduct = (
  mode: 'embedded' | 'distributed',
  port: number,
  env: Record<string, string> = {},
): Promise<Product> =>
  startSourceProduct({ mode, port, servicePorts: [1, 2, 3, 4, 5, 6].map((i) => port + i), env });

/** A call as the SPA makes it (web/src/lib/api/create-api-client.ts): a 401 refreshes the session once and retries. */
async function asTheApp(client: CookieClient, method: string, path: string, body?: unknown, headers = {}) {
  const first = await client.call(method, path, body, headers);
  if (first.status !== 401) return { res: first, refreshed: false };
  const refreshed = await client.call('GET', '/api/v1/users/refresh');
  expect(refreshed.status, 'the refresh after a changed permission (the session goes on)').toBe(200);
  return { res: await client.call(method, path, body, headers), refreshed: true };
}

let keys = 0;
const award = (client: CookieClient, cardId: string) =>
  asTheApp(
    client,
    'POST',
    `/api/v1/cards/${cardId}/points-from-amount`,
    { amountGrosze: AWARD_GROSZE },
    // a new award each time, as a scanner makes one per purchase
    { 'idempotency-key': `award-${cardId}-${++keys}` },
  );

/**
 * Awards until the permission decides as expected: `refused` — 403; `allowed` — past the guard (200, or 429 when
 * the card was scanned under 2 s ago, CARD.SCAN_COOLDOWN). The milliseconds that took and the awards booked.
 */
async function awardUntil(client: CookieClient, cardId: string, until: 'refused' | 'allowed') {
  const started = performance.now();
  let booked = 0;
  for (;;) {
    const { res } = await award(client, cardId);
    const elapsed = Math.round(performance.now() - started);
    if (res.status === 200) booked++;
    else expect([403, 429], await res.clone().text()).toContain(res.status);
    const refused = res.status === 403;
    if ((until === 'refused') === refused || elapsed > LIMIT_MS * 2) return { ms: elapsed, booked, res };
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One award once the card's 2 s scan cooldown has passed: 1 booked. */
async function awardAfterCooldown(client: CookieClient, cardId: string) {
  await eventually('an award after the scan cooldown', async () =>
    (await award(client, cardId)).res.status === 200 ? true : undefined,
  );
  return 1;
}

/** An owner with a program, a customer's card in it and an employee who may scan and award. */
async function companyWithStaff(base: string, customer: CookieClient) {
  const owner: OwnerWithProgram = await ownerWithProgram({ baseUrl: base });
  const joined = await customer.call('POST', `/api/v1/tenants/${owner.tenantId}/join`, {
    programId: owner.program.id,
  });
  expect(joined.status, await joined.clone().text()).toBeLessThan(300);
  const cardId = await eventually('the card issued', async () => {
    const res = await customer.call('GET', '/api/v1/customers/my-cards');
    const { items } = (await res.json()) as { items: { cardId: string; programId: string }[] };
    return items.find((card) => card.programId === owner.program.id)?.cardId;
  });
  const employee = await invitedEmployee(owner, ['cards.scan', 'cards.award'], base);
  return { owner, cardId, employee };
}

const setPermissions = async (owner: OwnerWithProgram, employeeId: string, permissions: string[]) => {
  const res = await owner.client.call(
    'PATCH',
    `/api/v1/tenants/${owner.tenantId}/employees/${employeeId}/permissions`,
    { permissions },
  );
  expect(res.status, await res.clone().text()).toBe(200);
};

const pointsOf = async (client: CookieClient, cardId: string) => {
  const res = await client.call('GET', `/api/v1/cards?cardId=${cardId}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { points: number }).points;
};

/**
 * Owner takes cards.award → the employee's award refused within 5 s without a new login, lookups keep working; given
 * back → awards within 5 s; another company's employee untouched. Records the delays in `measured`.
 */
export async function permissionChangeScenario(
  base: string,
  label: string,
  measured: Record<string, number>,
) {
  const customer = await activeAccount('customer', uniqueEmail('klientka'), 'Ewa Klientka', base);
  const cafe = await companyWithStaff(base, customer);
  const other = await companyWithStaff(base, customer);
  const { client: barista, id: baristaId } = cafe.employee;
  expect((await award(barista, cafe.cardId)).res.status).toBe(200);
  expect((await award(other.employee.client, other.cardId)).res.status).toBe(200);
  const otherAccess = other.employee.client.cookie('punkto_access')!;
  const beforeAccess = barista.cookie('punkto_access')!;
  const before = decodeJwt(beforeAccess);
  expect(before).toMatchObject({ perms: ['cards.award', 'cards.scan'], av: 0 });

  // taken away: the open scanner's next award is refused within 5 s
  await setPermissions(cafe.owner, baristaId, ['cards.scan']);
  const refused = await awardUntil(barista, cafe.cardId, 'refused');
  measured[`${label}: cards.award taken → 403`] = refused.ms;
  expect(refused.ms).toBeLessThan(LIMIT_MS);
  expect(await refused.res.json()).toMatchObject({
    code: 'PERMISSION_DENIED',
    status: 403,
    localizedMessage: 'Nie masz uprawnień do wykonania tej operacji. Skontaktuj się z właścicielem konta.',
  });
  // the session went on: the refreshed token carries the new permissions and a higher access version
  const after = decodeJwt(barista.cookie('punkto_access')!);
  expect(after).toMatchObject({ sub: baristaId, sid: before.sid, perms: ['cards.scan'], av: 1 });
  // the token issued before the change counts as none, also for a call it was allowed
  const stale = await fetch(`${base}/api/v1/cards?cardId=${cafe.cardId}`, {
    headers: { cookie: `punkto_access=${beforeAccess}` },
  });
  expect(stale.status).toBe(401);
  // a still-granted call keeps working with the refreshed token, no further refresh
  const lookup = await asTheApp(barista, 'GET', `/api/v1/cards?cardId=${cafe.cardId}`);
  expect(lookup.res.status).toBe(200);
  expect(lookup.refreshed).toBe(false);
  const me = await barista.call('GET', '/api/v1/users/me');
  expect(me.status).toBe(200);
  expect(await me.json()).toMatchObject({ id: baristaId, permissions: ['cards.scan'] });

  // another company's employee: the same token as before keeps counting
  const untouched = await fetch(`${base}/api/v1/cards?cardId=${other.cardId}`, {
    headers: { cookie: `punkto_access=${otherAccess}` },
  });
  expect(untouched.status, await untouched.clone().text()).toBe(200);

  // given back: awards again within 5 s
  await setPermissions(cafe.owner, baristaId, ['cards.scan', 'cards.award']);
  const granted = await awardUntil(barista, cafe.cardId, 'allowed');
  measured[`${label}: cards.award given back → allowed`] = granted.ms;
  expect(granted.ms).toBeLessThan(LIMIT_MS);
  expect(decodeJwt(barista.cookie('punkto_access')!)).toMatchObject({
    perms: ['cards.award', 'cards.scan'],
    av: 2,
  });
  const bookedAgain = granted.booked > 0 ? 0 : await awardAfterCooldown(barista, cafe.cardId);

  // and the other company's employee awards with the token issued before any of this
  await new Promise((r) => setTimeout(r, 2_100)); // the card's scan cooldown since its first award
  const otherAward = await fetch(`${base}/api/v1/cards/${other.cardId}/points-from-amount`, {
    method: 'POST',
    headers: {
      cookie: `punkto_access=${otherAccess}`,
      origin: base,
      'content-type': 'application/json',
      'idempotency-key': `other-${other.cardId}`,
    },
    body: JSON.stringify({ amountGrosze: AWARD_GROSZE }),
  });
  expect(otherAward.status, await otherAward.clone().text()).toBe(200);

  // only the answered awards were booked: a refused one booked nothing
  const bookedAwards = 1 + refused.booked + granted.booked + bookedAgain;
  expect(await pointsOf(barista, cafe.cardId)).toBe(bookedAwards * (AWARD_GROSZE / 100));
  expect(await pointsOf(other.employee.client, other.cardId)).toBe(2 * (AWARD_GROSZE / 100));
}
