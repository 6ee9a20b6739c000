import { addDays, warsawDate, warsawStartOfDay } from '@punkto/contracts/warsaw-time';
import {
  INVITATION_MAILS_PER_ADDRESS_PER_DAY,
  INVITATION_MAILS_PER_COMPANY_PER_DAY,
  INVITATION_MAILS_PER_COMPANY_PER_DAY_IN_TRIAL,
} from '@punkto/contracts/employees';
import { Topics } from '@punkto/contracts/topics';
import { eventMessage } from '@punkto/platform/testing/bus-message';
import type { LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantTestApp, type TenantTestApp } from '../testing/tenant-test-app';

/**
 * Issue 32: a trial company sent 40 phishing-named invitations in 1.3 s, and 15 resends put 16 mails in one
 * inbox. Invitation e-mails (invitations and resends) are now capped per company per day (lower in the trial)
 * and per recipient address per day (ADR 0040).
 */
let offsetMs = 0;
let t: TenantTestApp;
beforeAll(async () => {
  t = await startTenantTestApp({ clock: () => new Date(Date.now() + offsetMs) });
});
afterAll(async () => t?.close());

const address = () => `pracownik.${randomUUID()}@example.pl`;
const invite = (tenantId: string, token: string, email = address()) =>
  t.call(token, 'POST', `/api/v1/tenants/${tenantId}/employees`, {
    email,
    name: 'Ola Nowak',
    permissions: [],
  });
const resend = (tenantId: string, token: string, employeeId: string) =>
  t.call(token, 'POST', `/api/v1/tenants/${tenantId}/employees/resend-activation`, { employeeId });

async function paidCompany() {
  const company = await t.ownerWithTenant();
  const consumer = t.consumers.find((c) => c.topics.includes(Topics.billingSubscriptions))!;
  const at = new Date(Date.now() + offsetMs).toISOString();
  await consumer.handler(
    eventMessage(Topics.billingSubscriptions, 'SubscriptionActivated', {
      tenantId: company.tenantId,
      at,
      entitlement: { status: 'active', planId: 'basic', customerLimit: 100, writable: true, periodEnd: at },
    }),
  );
  return company;
}

function expectLimited(res: LightMyRequestResponse, text: string) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ code: 'RATE_LIMITED', status: 429, localizedMessage: expect.any(String) });
  expect(res.json().localizedMessage).toContain(text);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(25 * 3600);
  // the day's window ends at the next midnight in Poland (not UTC: at 00:30 in Warsaw it is a new day)
  const now = Date.now() + offsetMs;
  expect(Math.abs(now + retryAfter * 1000 - nextWarsawMidnight(now))).toBeLessThan(5_000);
}

const nextWarsawMidnight = (now: number) => warsawStartOfDay(addDays(warsawDate(new Date(now)), 1)).getTime();

const staffCount = async (tenantId: string, token: string) =>
  (await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/employees?pageNumber=1&pageSize=100`)).json()
    .totalCount as number;

describe('the per-company daily cap', () => {
  it(`a trial company: 40 parallel invitations → exactly ${INVITATION_MAILS_PER_COMPANY_PER_DAY_IN_TRIAL} sent, the rest 429 in Polish`, async () => {
    const { tenantId, token } = await t.ownerWithTenant();
    const results = await Promise.all(Array.from({ length: 40 }, () => invite(tenantId, token)));
    const created = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(created).toHaveLength(INVITATION_MAILS_PER_COMPANY_PER_DAY_IN_TRIAL);
    expect(refused).toHaveLength(40 - INVITATION_MAILS_PER_COMPANY_PER_DAY_IN_TRIAL);
    for (const res of refused)
      expectLimited(
        res,
        `w okresie próbnym firma może wysłać ${INVITATION_MAILS_PER_COMPANY_PER_DAY_IN_TRIAL} dziennie`,
      );
    expect(await staffCount(tenantId, token)).toBe(INVITATION_MAILS_PER_COMPANY_PER_DAY_IN_TRIAL);
    // resends count against the same cap
    const someone = created[0]!.json().id as string;
    expectLimited(await resend(tenantId, token, someone), 'Limit e-maili z zaproszeniami na dziś');
  });

  it(`a paying company may send ${INVITATION_MAILS_PER_COMPANY_PER_DAY} a day, then 429; another company is not affected`, async () => {
    const { tenantId, token } = await paidCompany();
    for (let i = 0; i < INVITATION_MAILS_PER_COMPANY_PER_DAY; i++)
      expect((await invite(tenantId, token)).statusCode).toBe(201);
    const refused = await invite(tenantId, token);
    expectLimited(refused, `firma może wysłać ${INVITATION_MAILS_PER_COMPANY_PER_DAY} dziennie`);
    expect(refused.json().localizedMessage).not.toContain('okresie próbnym');
    expect(await staffCount(tenantId, token)).toBe(INVITATION_MAILS_PER_COMPANY_PER_DAY);

    const other = await t.ownerWithTenant();
    expect((await invite(other.tenantId, other.token)).statusCode).toBe(201);
  });
});

describe('the per-address daily cap', () => {
  it(`one address gets at most ${INVITATION_MAILS_PER_ADDRESS_PER_DAY} invitation e-mails a day, from any company`, async () => {
    const { tenantId, token } = await paidCompany();
    const email = address();
    const invited = await invite(tenantId, token, email);
    expect(invited.statusCode).toBe(201);
    const employeeId = invited.json().id as string;
    const answers: number[] = [];
    for (let i = 0; i < 15; i++) answers.push((await resend(tenantId, token, employeeId)).statusCode);
    // the invitation and two resends: three e-mails in the inbox, then only refusals
    expect(answers.filter((s) => s === 200 || s === 202 || s === 204)).toHaveLength(
      INVITATION_MAILS_PER_ADDRESS_PER_DAY - 1,
    );
    const refused = await resend(tenantId, token, employeeId);
    expectLimited(
      refused,
      `Na ten adres wysłaliśmy dziś już ${INVITATION_MAILS_PER_ADDRESS_PER_DAY} e-maile`,
    );

    // another company cannot use the same inbox either
    const other = await paidCompany();
    expectLimited(await invite(other.tenantId, other.token, email), 'Na ten adres wysłaliśmy dziś już');
    // and the refusal by the address did not spend that company's own cap: another address still goes
    expect((await invite(other.tenantId, other.token)).statusCode).toBe(201);
  });

  it('an address already on the staff is a 409, and spends no cap', async () => {
    const { tenantId, token } = await paidCompany();
    const email = address();
    expect((await invite(tenantId, token, email)).statusCode).toBe(201);
    for (let i = 0; i < 5; i++) expect((await invite(tenantId, token, email)).statusCode).toBe(409);
    const employeeId = (
      await t.call(token, 'GET', `/api/v1/tenants/${tenantId}/employees?pageNumber=1`)
    ).json().items[0].id as string;
    expect((await resend(tenantId, token, employeeId)).statusCode).toBeLessThan(300);
  });

  it('the next day in Poland the caps start again', async () => {
    // the service's clock 30 s before a midnight in Warsaw (behind real time, so the test tokens stay valid)
    const lastMidnight = warsawStartOfDay(warsawDate(new Date())).getTime();
    offsetMs = lastMidnight - 30_000 - Date.now();
    const { tenantId, token } = await t.ownerWithTenant();
    const invited = await invite(tenantId, token);
    const employeeId = invited.json().id as string;
    for (let i = 1; i < INVITATION_MAILS_PER_ADDRESS_PER_DAY; i++)
      expect((await resend(tenantId, token, employeeId)).statusCode).toBeLessThan(300);
    const refused = await resend(tenantId, token, employeeId);
    expectLimited(refused, 'Na ten adres wysłaliśmy dziś już');
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(30);
    offsetMs += 31_000;
    expect((await resend(tenantId, token, employeeId)).statusCode, 'after midnight').toBeLessThan(300);
  });
});
