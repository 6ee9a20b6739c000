import { BirthdayErrors } from '@punkto/contracts/birthdays';
import type { CardCommandResponse, CardView } from '@punkto/contracts/cards';
import type { MyCardsResponse } from '@punkto/contracts/customers';
import { Topics } from '@punkto/contracts/topics';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCardLedger, tokensFor, type CardLedgerTestApp } from '../testing/card-ledger-test-app';
import { birthdaySweep } from './birthdays';

let t: CardLedgerTestApp;
beforeAll(async () => {
  t = await startCardLedger();
});
afterAll(async () => {
  await t?.close();
});

const BIRTHDAY_REWARD = { name: 'Darmowa kawa na urodziny', daysBefore: 7, daysAfter: 7 };
const ME = '/api/v1/customers/me/birthday';

async function aCustomerWithACard(birthdayReward: typeof BIRTHDAY_REWARD | null = BIRTHDAY_REWARD) {
  const tenantId = `t-${randomUUID()}`;
  const tokens = await tokensFor(tenantId);
  const program = await t.defineProgram({ tenantId, birthdayReward });
  const userId = randomUUID();
  const card = await t.enrol(program, { userId });
  return { ...tokens, me: await tokens.customer(userId), userId, cardId: card.cardId };
}

const birthdayEvents = async (cardId: string) =>
  (await t.events(cardId)).filter((e) => e.type.startsWith('BirthdayReward'));

describe('the customer’s birthday (GET/PUT/DELETE /customers/me/birthday)', () => {
  it('is optional, set and changed by the customer, and cleared', async () => {
    const { me } = await aCustomerWithACard(null);
    expect((await t.call('GET', ME, me)).json()).toEqual({ birthday: null });

    const set = await t.call('PUT', ME, me, { body: { day: 29, month: 2 } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ birthday: { day: 29, month: 2 } });
    expect((await t.call('GET', ME, me)).json()).toEqual({ birthday: { day: 29, month: 2 } });

    expect((await t.call('DELETE', ME, me)).statusCode).toBe(204);
    expect((await t.call('GET', ME, me)).json()).toEqual({ birthday: null });
  });

  it('bad dates get a 400 with the errors map (spec §8), and a year is not accepted', async () => {
    const { me } = await aCustomerWithACard(null);
    const feb30 = await t.call('PUT', ME, me, { body: { day: 30, month: 2 } });
    expect(feb30.statusCode).toBe(400);
    expect(feb30.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { day: ['Ten miesiąc ma najwyżej 29 dni.'] },
    });
    const month13 = await t.call('PUT', ME, me, { body: { day: 1, month: 13 } });
    expect(month13.json()).toMatchObject({ errors: { month: ['Podaj miesiąc urodzin (1–12).'] } });
    const withYear = await t.call('PUT', ME, me, { body: { day: 1, month: 5, year: 1990 } });
    expect(withYear.statusCode).toBe(400);
    expect((await t.call('GET', ME, me)).json()).toEqual({ birthday: null });
  });

  it('is the customer’s own: staff get 403', async () => {
    const { owner } = await aCustomerWithACard(null);
    expect((await t.call('GET', ME, owner)).statusCode).toBe(403);
  });
});

describe('the birthday reward', () => {
  it('set within its window: granted at once, seen by the customer and staff, given out once', async () => {
    const { me, owner, cardId } = await aCustomerWithACard();
    t.setNow('2027-06-12T10:00:00.000Z');
    try {
      await t.call('PUT', ME, me, { body: { day: 15, month: 6 } });
      const mine = (await t.call('GET', '/api/v1/customers/my-cards', me)).json() as MyCardsResponse;
      expect(mine.items[0]!.birthdayReward).toEqual({
        year: 2027,
        name: 'Darmowa kawa na urodziny',
        validFrom: '2027-06-08',
        validUntil: '2027-06-22',
        redeemedAt: null,
        redeemable: true,
      });

      const scanned = (await t.call('GET', `/api/v1/cards?cardId=${cardId}`, owner)).json() as CardView;
      expect(scanned.birthdayReward).toMatchObject({ redeemable: true });
      const before = { points: scanned.points, stamps: scanned.stamps };

      const given = await t.call('POST', `/api/v1/cards/${cardId}/redeem-birthday-reward`, owner);
      expect(given.statusCode).toBe(200);
      const answer = given.json() as CardCommandResponse;
      expect(answer.card.birthdayReward).toMatchObject({
        redeemable: false,
        redeemedAt: '2027-06-12T10:00:00.000Z',
      });
      expect({ points: answer.card.points, stamps: answer.card.stamps }).toEqual(before);

      const again = await t.call('POST', `/api/v1/cards/${cardId}/redeem-birthday-reward`, owner);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({
        code: BirthdayErrors.alreadyRedeemed.code,
        localizedMessage: BirthdayErrors.alreadyRedeemed.message,
      });

      // a changed birthday brings no second reward this year
      t.setNow('2027-09-10T10:00:00.000Z');
      await t.call('PUT', ME, me, { body: { day: 12, month: 9 } });
      expect((await birthdayEvents(cardId)).map((e) => e.type)).toEqual([
        'BirthdayRewardGranted',
        'BirthdayRewardRedeemed',
      ]);
    } finally {
      t.setNow(null);
    }
  });

  it('the nightly sweep grants it when the window opens, once; after the window staff are refused', async () => {
    const { me, owner, cardId } = await aCustomerWithACard();
    t.setNow('2027-03-01T10:00:00.000Z');
    try {
      await t.call('PUT', ME, me, { body: { day: 1, month: 4 } }); // window 25 March – 8 April
      expect(await birthdayEvents(cardId)).toEqual([]);

      t.setNow('2027-03-24T23:10:00.000Z'); // 00:10 on 25 March in Warsaw
      const first = await birthdaySweep(t.service);
      expect(first.granted).toBeGreaterThanOrEqual(1);
      expect((await birthdayEvents(cardId)).map((e) => e.data)).toEqual([
        expect.objectContaining({ year: 2027, validFrom: '2027-03-25', validUntil: '2027-04-08' }),
      ]);
      await birthdaySweep(t.service);
      expect(await birthdayEvents(cardId)).toHaveLength(1);

      t.setNow('2027-04-08T22:30:00.000Z'); // 9 April in Warsaw
      const late = await t.call('POST', `/api/v1/cards/${cardId}/redeem-birthday-reward`, owner);
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ code: BirthdayErrors.outsideWindow.code });
      const mine = (await t.call('GET', '/api/v1/customers/my-cards', me)).json() as MyCardsResponse;
      expect(mine.items[0]!.birthdayReward).toBeNull();
    } finally {
      t.setNow(null);
    }
  });

  it('switched on by the company later: customers whose window is on today get it at once', async () => {
    const tenantId = `t-${randomUUID()}`;
    const program = await t.defineProgram({ tenantId, birthdayReward: null });
    const userId = randomUUID();
    const { cardId } = await t.enrol(program, { userId });
    const me = await (await tokensFor(tenantId)).customer(userId);
    t.setNow('2027-05-20T10:00:00.000Z');
    try {
      await t.call('PUT', ME, me, { body: { day: 22, month: 5 } });
      expect(await birthdayEvents(cardId)).toEqual([]);
      await t.defineProgram({ ...program, version: 2, birthdayReward: BIRTHDAY_REWARD });
      expect((await birthdayEvents(cardId)).map((e) => e.data)).toEqual([
        expect.objectContaining({ year: 2027, validFrom: '2027-05-15', validUntil: '2027-05-29' }),
      ]);
    } finally {
      t.setNow(null);
    }
  });

  it('another edit of the program (its name) reads no birthdays: the reward waits for the nightly sweep', async () => {
    const tenantId = `t-${randomUUID()}`;
    const program = await t.defineProgram({ tenantId, birthdayReward: BIRTHDAY_REWARD });
    const userId = randomUUID();
    const { cardId } = await t.enrol(program, { userId });
    const me = await (await tokensFor(tenantId)).customer(userId);
    t.setNow('2027-05-01T10:00:00.000Z');
    try {
      await t.call('PUT', ME, me, { body: { day: 22, month: 5 } }); // window 15–29 May
      t.setNow('2027-05-20T10:00:00.000Z');
      await t.defineProgram({ ...program, version: 2, name: 'Kawa po nowemu' });
      expect(await birthdayEvents(cardId)).toEqual([]);
      await t.defineProgram({ ...program, version: 3, birthdayReward: { ...BIRTHDAY_REWARD, daysAfter: 8 } });
      expect(await birthdayEvents(cardId)).toHaveLength(1);
    } finally {
      t.setNow(null);
    }
  });

  it('a program without a birthday reward grants nothing; staff are told there is none', async () => {
    const { me, owner, cardId } = await aCustomerWithACard(null);
    await t.call('PUT', ME, me, { body: { day: 1, month: 1 } });
    const none = await t.call('POST', `/api/v1/cards/${cardId}/redeem-birthday-reward`, owner);
    expect(none.json()).toMatchObject({ code: BirthdayErrors.none.code });
  });

  it('another company’s staff cannot give it out (404, as an unknown card)', async () => {
    const { cardId } = await aCustomerWithACard();
    const stranger = await tokensFor(`t-${randomUUID()}`);
    const probe = await t.call('POST', `/api/v1/cards/${cardId}/redeem-birthday-reward`, stranger.owner);
    expect(probe.statusCode).toBe(404);
  });
});

describe('erasure (ADR 0046)', () => {
  it('deleting the account deletes the birthday', async () => {
    const { me, userId } = await aCustomerWithACard(null);
    await t.call('PUT', ME, me, { body: { day: 3, month: 3 } });
    await t.deliver(Topics.identityUsers, 'UserDeleted', {
      userId,
      reason: 'customer_request',
      deletedAt: new Date().toISOString(),
    });
    expect(await t.service.birthdays.docs.get(userId)).toBeNull();
    expect((await t.call('GET', ME, me)).json()).toEqual({ birthday: null });
  });
});
