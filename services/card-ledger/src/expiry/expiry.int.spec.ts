import type { ExpirySettings } from '@punkto/contracts/expiry';
import { createLogger } from '@punkto/platform/observability/logger';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXPIRY_SWEEP_JOB } from '../app';
import { startCardLedger, tokensFor, type CardLedgerTestApp } from '../testing/card-ledger-test-app';
import { expirySweep, nextExpirySweepAt, type ExpirySweepDeps } from './expiry-sweep';

/**
 * ADR 0062 through the card ledger's HTTP API, with the clock moved: the company's setting, the nightly sweep
 * expiring the lots due (FIFO) and recording the warnings once, the history entry, another company's program 404.
 */
let t: CardLedgerTestApp;
let sweep: () => ReturnType<typeof expirySweep>;
beforeAll(async () => {
  t = await startCardLedger();
  sweep = () => expirySweep(t.service);
});
afterAll(async () => t?.close());

const settingsUrl = (tenantId: string, programId: string) =>
  `/api/v1/tenants/${tenantId}/loyalty-programs/${programId}/expiry-settings`;

async function company(settings: ExpirySettings | null) {
  const tenantId = `t-${randomUUID()}`;
  const tokens = await tokensFor(tenantId);
  const program = await t.defineProgram({ tenantId });
  if (settings) {
    const put = await t.call('PUT', settingsUrl(tenantId, program.programId), tokens.owner, {
      body: settings,
    });
    expect(put.statusCode).toBe(200);
  }
  return { tenantId, program, ...tokens };
}

/** staff award `zloty` on the card at the clock's time (past the scan cooldown) */
async function visit(owner: string, cardId: string, zloty: number) {
  const res = await t.call('POST', `/api/v1/cards/${cardId}/points-from-amount`, owner, {
    body: { amountGrosze: zloty * 100 },
  });
  expect(res.statusCode).toBe(200);
}

const pointsOf = async (owner: string, cardId: string) =>
  (await t.call('GET', `/api/v1/cards?cardId=${cardId}`, owner)).json().points as number;
const expiryEvents = async (cardId: string) =>
  (await t.events(cardId))
    .filter((e) => e.type === 'BalanceExpired' || e.type === 'ExpiryWarningDue')
    .map((e) => ({ type: e.type, ...(e.data as object) }));

describe('the expiry setting (GET/PUT …/loyalty-programs/{programId}/expiry-settings)', () => {
  it('is off by default, saved by the owner, refused with Polish errors when wrong', async () => {
    const { tenantId, program, owner } = await company(null);
    const url = settingsUrl(tenantId, program.programId);
    expect((await t.call('GET', url, owner)).json()).toEqual({ mode: 'off', months: 12 });
    const put = await t.call('PUT', url, owner, { body: { mode: 'after_earning', months: 6 } });
    expect(put.json()).toEqual({ mode: 'after_earning', months: 6 });
    expect((await t.call('GET', url, owner)).json()).toEqual({ mode: 'after_earning', months: 6 });

    const tooLong = await t.call('PUT', url, owner, { body: { mode: 'inactivity', months: 37 } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { months: ['Okres może wynosić najwyżej 36 miesięcy.'] },
    });
    const badMode = await t.call('PUT', url, owner, { body: { mode: 'sometimes', months: 6 } });
    expect(badMode.json()).toMatchObject({ errors: { mode: ['Wybierz sposób wygasania.'] } });
  });

  it('another company’s program is 403 under its id and 404 under the caller’s', async () => {
    const a = await company({ mode: 'inactivity', months: 3 });
    const b = await company(null);
    const ofA = settingsUrl(a.tenantId, a.program.programId);
    expect((await t.call('GET', ofA, b.owner)).statusCode).toBe(403);
    expect((await t.call('PUT', ofA, b.owner, { body: { mode: 'off', months: 1 } })).statusCode).toBe(403);
    const underB = settingsUrl(b.tenantId, a.program.programId);
    expect((await t.call('GET', underB, b.owner)).statusCode).toBe(404);
    expect((await t.call('PUT', underB, b.owner, { body: { mode: 'off', months: 1 } })).statusCode).toBe(404);
    expect((await t.call('GET', ofA, a.owner)).json()).toEqual({ mode: 'inactivity', months: 3 });
  });
});

describe('the nightly expiry sweep', () => {
  it('expires the oldest lot when due, warns before each expiry once, and shows it in the history', async () => {
    const { owner, program, customer } = await company({ mode: 'after_earning', months: 1 });
    const off = await company(null);
    try {
      t.setNow('2027-01-31T10:00:00.000Z');
      const card = await t.enrol(program);
      const elsewhere = await t.enrol(off.program);
      await visit(owner, card.cardId, 40); // a 31 January lot: expires on 28 February
      await visit(off.owner, elsewhere.cardId, 40);
      t.setNow('2027-02-10T10:00:00.000Z');
      await visit(owner, card.cardId, 25); // a 10 February lot: expires on 10 March

      t.setNow('2027-02-24T23:10:00.000Z'); // 00:10 on 25 February in Warsaw: 3 days before
      // what the staff card view and the customer's card show: the next expiry
      const staffView = await t.call('GET', `/api/v1/cards?cardId=${card.cardId}`, owner);
      expect(staffView.json().expiry).toEqual({ amount: 40, on: '2027-02-28' });
      const mine = await t.call('GET', '/api/v1/customers/my-cards', await customer(card.userId));
      expect(mine.json().items[0].expiry).toEqual({ amount: 40, on: '2027-02-28' });
      expect((await sweep()).warned).toBeGreaterThanOrEqual(1);
      expect(await expiryEvents(card.cardId)).toEqual([
        expect.objectContaining({ type: 'ExpiryWarningDue', amount: 40, on: '2027-02-28', daysBefore: 3 }),
      ]);
      await sweep(); // once
      expect(await expiryEvents(card.cardId)).toHaveLength(1);

      t.setNow('2027-02-27T23:10:00.000Z'); // 00:10 on 28 February
      expect((await sweep()).expired).toBeGreaterThanOrEqual(1);
      expect(await pointsOf(owner, card.cardId)).toBe(25);
      const after = await t.call('GET', `/api/v1/cards?cardId=${card.cardId}`, owner);
      expect(after.json().expiry).toEqual({ amount: 25, on: '2027-03-10' });
      const expired = (await expiryEvents(card.cardId)).find((e) => e.type === 'BalanceExpired');
      expect(expired).toMatchObject({
        amount: 40,
        lots: [{ earnedOn: '2027-01-31', amount: 40 }],
        expiredOn: '2027-02-28',
        balance: { points: 25 },
      });
      // the same night again: nothing more; the other company's card (expiry off) is untouched
      const before = await expiryEvents(card.cardId);
      await sweep();
      expect(await expiryEvents(card.cardId)).toEqual(before);
      // and the next lot's warning: 25 points on 10 March, now within 30 days
      expect(before.map((e) => e.type)).toEqual(['ExpiryWarningDue', 'BalanceExpired', 'ExpiryWarningDue']);
      expect(before[2]).toMatchObject({ amount: 25, on: '2027-03-10', daysBefore: 30 });
      expect(await pointsOf(off.owner, elsewhere.cardId)).toBe(40);
      expect(
        (await t.call('GET', `/api/v1/cards?cardId=${elsewhere.cardId}`, off.owner)).json().expiry,
      ).toBeNull();
      expect(await expiryEvents(elsewhere.cardId)).toEqual([]);

      const history = await t.call('GET', `/api/v1/cards/${card.cardId}/history`, owner);
      expect(history.json().items[0]).toMatchObject({
        type: 'balance_expired',
        points: -40,
        description: 'Punkty wygasły: 40 pkt',
      });
    } finally {
      t.setNow(null);
    }
  });

  it('inactivity: a visit restarts the months; the whole balance expires after them', async () => {
    const { owner, program } = await company({ mode: 'inactivity', months: 2 });
    try {
      t.setNow('2027-03-01T10:00:00.000Z');
      const card = await t.enrol(program);
      await visit(owner, card.cardId, 30);
      t.setNow('2027-04-15T10:00:00.000Z');
      await visit(owner, card.cardId, 20);
      t.setNow('2027-05-14T22:10:00.000Z'); // 00:10 on 15 May (summer time): 1 month after the last visit
      await sweep();
      expect(await pointsOf(owner, card.cardId)).toBe(50);
      t.setNow('2027-06-14T22:10:00.000Z'); // 15 June: 2 months
      await sweep();
      expect(await pointsOf(owner, card.cardId)).toBe(0);
      expect((await expiryEvents(card.cardId)).find((e) => e.type === 'BalanceExpired')).toMatchObject({
        mode: 'inactivity',
        amount: 50,
        lastVisitOn: '2027-04-15',
      });
    } finally {
      t.setNow(null);
    }
  });

  it('one card whose command fails is logged and counted; the other cards still expire', async () => {
    const { owner, program } = await company({ mode: 'after_earning', months: 1 });
    try {
      t.setNow('2027-05-03T10:00:00.000Z');
      const cards = [await t.enrol(program), await t.enrol(program), await t.enrol(program)];
      for (const card of cards) await visit(owner, card.cardId, 10);
      const [ok1, broken, ok2] = cards.map((card) => card.cardId);
      const failure = new Error('the event store is unreachable');
      const execute: ExpirySweepDeps['execute'] = (cardId, ...rest) =>
        cardId === broken ? Promise.reject(failure) : t.service.execute(cardId, ...rest);
      const logger = createLogger('card-ledger', 'silent');
      const error = vi.spyOn(logger, 'error');

      t.setNow('2027-06-02T22:10:00.000Z'); // 00:10 on 3 June: the 3 May lots expire
      const result = await expirySweep({ ...t.service, execute, logger });
      expect(result).toMatchObject({ failed: 1 });
      expect(result.expired).toBeGreaterThanOrEqual(2);
      expect(error).toHaveBeenCalledTimes(1);
      expect(error).toHaveBeenCalledWith({ err: failure, cardId: broken }, expect.any(String));
      expect(await pointsOf(owner, ok1!)).toBe(0);
      expect(await pointsOf(owner, ok2!)).toBe(0);
      expect(await pointsOf(owner, broken!)).toBe(10);

      // the next run (the card's trouble over) expires it too
      expect(await sweep()).toMatchObject({ failed: 0 });
      expect(await pointsOf(owner, broken!)).toBe(0);
    } finally {
      t.setNow(null);
    }
  });

  it('is a durable job, scheduled when the service starts', async () => {
    expect(await t.infra.scheduler.get(EXPIRY_SWEEP_JOB)).toMatchObject({
      type: EXPIRY_SWEEP_JOB,
      status: 'pending',
    });
  });

  it('runs nightly at 00:10 Warsaw time, on the short and the long DST nights too', () => {
    expect(nextExpirySweepAt(new Date('2027-01-10T12:00:00.000Z')).toISOString()).toBe(
      '2027-01-10T23:10:00.000Z',
    );
    expect(nextExpirySweepAt(new Date('2027-03-27T12:00:00.000Z')).toISOString()).toBe(
      '2027-03-27T23:10:00.000Z', // 00:10 on 28 March is still winter time
    );
    expect(nextExpirySweepAt(new Date('2027-10-31T12:00:00.000Z')).toISOString()).toBe(
      '2027-10-31T23:10:00.000Z',
    );
    expect(nextExpirySweepAt(new Date('2027-07-01T12:00:00.000Z')).toISOString()).toBe(
      '2027-07-01T22:10:00.000Z',
    );
  });
});
