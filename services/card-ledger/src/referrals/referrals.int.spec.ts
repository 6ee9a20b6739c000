import type { ProgramDefinedData } from '@punkto/contracts/integration-events';
import type { ReferralSettings } from '@punkto/contracts/referrals';
import { Topics } from '@punkto/contracts/topics';
import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { SAME_ORIGIN } from '@punkto/platform/testing/same-origin';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferralDoc } from './referral-store';
import { startCardLedger, tokensFor, type CardLedgerTestApp } from '../testing/card-ledger-test-app';

/**
 * ADR 0061 through the card ledger's HTTP API and its own bus consumer: the company's settings, the invite, the
 * friend's claim with the fraud rules, the first visit rewarding both exactly once, the monthly cap, and
 * another company's card or code answering 404.
 */
let t: CardLedgerTestApp;
beforeAll(async () => {
  t = await startCardLedger();
});
afterAll(async () => t?.close());

const ON: ReferralSettings = { enabled: true, referrerBonus: 50, friendBonus: 20, monthlyCap: 5 };

/** a call with the access cookie and, for the device rule, the device cookie of `/api/v1/referrals` */
function send(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | null,
  options: { body?: object; device?: string } = {},
) {
  const cookies: Record<string, string> = {};
  if (token) cookies[ACCESS_COOKIE] = token;
  if (options.device) cookies['punkto_device'] = options.device;
  return t.app.inject({
    method,
    url,
    cookies,
    headers: { ...SAME_ORIGIN, ...(options.body && { 'content-type': 'application/json' }) },
    ...(options.body && { payload: options.body }),
  });
}

const device = () => randomUUID().replace(/-/g, '').slice(0, 22);

async function company(settings: ReferralSettings = ON) {
  const tenantId = `t-${randomUUID()}`;
  const tokens = await tokensFor(tenantId);
  const program = await t.defineProgram({ tenantId });
  const put = await send(
    'PUT',
    `/api/v1/tenants/${tenantId}/loyalty-programs/${program.programId}/referral-settings`,
    tokens.owner,
    { body: settings },
  );
  expect(put.statusCode).toBe(200);
  return { tenantId, program, ...tokens };
}

async function member(
  program: ProgramDefinedData,
  customer: (u: string) => Promise<string>,
  phone: string | null = null,
  userId: string = randomUUID(),
) {
  const enrolled = await t.enrol(program, { userId, phone });
  return { ...enrolled, token: await customer(userId) };
}

async function inviteOf(card: { cardId: string; token: string }, dev = device()) {
  const res = await send('GET', `/api/v1/referrals/my-cards/${card.cardId}/invite`, card.token, {
    device: dev,
  });
  expect(res.statusCode).toBe(200);
  return res.json().code as string;
}

const claim = (code: string, card: { cardId: string; token: string }, dev = device()) =>
  send('POST', `/api/v1/referrals/${code}/claim`, card.token, { body: { cardId: card.cardId }, device: dev });

/** staff award 25 zł on the card, then the relay's delivery of its PointsEarned to the card ledger's own consumer */
async function visit(owner: string, cardId: string, deliveries = 1) {
  t.advance(600); // past the card's scan cooldown
  const res = await t.call('POST', `/api/v1/cards/${cardId}/points-from-amount`, owner, {
    body: { amountGrosze: 2500 },
  });
  expect(res.statusCode).toBe(200);
  const earned = (await t.events(cardId)).filter((e) => e.type === 'PointsEarned').at(-1)!;
  for (let i = 0; i < deliveries; i++)
    await t.deliver(Topics.cardLedgerCards, 'PointsEarned', earned.data as object);
}

const pointsOf = async (owner: string, cardId: string) =>
  (await t.call('GET', `/api/v1/cards?cardId=${cardId}`, owner)).json().points as number;

describe('a friend joins with a customer’s invite and visits', () => {
  it('the same award event delivered again (same event id, no inbox kept): the bonuses once, nothing remembered', async () => {
    const { owner, customer, program } = await company();
    const anna = await member(program, customer, '+48600500600');
    const ola = await member(program, customer, '+48600700800');
    expect((await claim(await inviteOf(anna), ola)).statusCode).toBe(200);
    t.advance(600);
    const res = await t.call('POST', `/api/v1/cards/${ola.cardId}/points-from-amount`, owner, {
      body: { amountGrosze: 2500 },
    });
    expect(res.statusCode).toBe(200);
    const earned = (await t.events(ola.cardId)).filter((e) => e.type === 'PointsEarned').at(-1)!;
    const eventId = randomUUID();
    for (let i = 0; i < 3; i++)
      await t.deliver(Topics.cardLedgerCards, 'PointsEarned', earned.data as object, eventId);
    expect(await pointsOf(owner, ola.cardId)).toBe(25 + 20);
    expect(await pointsOf(owner, anna.cardId)).toBe(50);
    const inbox = t.infra.documents.collection<{ _id: string }>('handled-events');
    expect(await inbox.get(`card-ledger.referrals/${eventId}`)).toBeNull();
  });

  it('rewards both once: the friend on top of the visit, the referrer by the settings', async () => {
    const { owner, customer, program, tenantId } = await company();
    const anna = await member(program, customer, '+48600100200');
    const ola = await member(program, customer, '+48600300400');
    const code = await inviteOf(anna);
    expect(code).toMatch(/^[a-z2-7]{12}$/);
    expect(await inviteOf(anna)).toBe(code); // one code per card

    const target = await send('GET', `/api/v1/referrals/${code}`, null);
    expect(target.statusCode).toBe(200);
    expect(target.json()).toEqual({
      tenantId,
      programId: program.programId,
      unit: 'points',
      friendBonus: 20,
    });

    const claimed = await claim(code, ola);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toMatchObject({ status: 'claimed', reason: null });
    expect((await claim(code, ola)).json()).toMatchObject({ code: 'REFERRAL.ALREADY_CLAIMED' });

    await visit(owner, ola.cardId, 2); // delivered twice: a redelivery changes nothing
    expect(await pointsOf(owner, ola.cardId)).toBe(25 + 20);
    expect(await pointsOf(owner, anna.cardId)).toBe(50);
    await visit(owner, ola.cardId); // a second visit: no more bonus
    expect(await pointsOf(owner, ola.cardId)).toBe(25 + 20 + 25);
    expect(await pointsOf(owner, anna.cardId)).toBe(50);

    const invite = await send('GET', `/api/v1/referrals/my-cards/${anna.cardId}/invite`, anna.token);
    expect(invite.json()).toMatchObject({
      enabled: true,
      rewardedThisMonth: 1,
      monthlyCap: 5,
      referrerBonus: 50,
    });

    // the owner sees it in analytics
    const analytics = await t.call('GET', `/api/v1/analytics/${tenantId}?preset=30d`, owner);
    expect(analytics.json().referrals).toEqual({ invited: 1, rewarded: 1, refused: 0 });
  });

  it('beyond the referrer’s monthly cap only the friend gets the bonus', async () => {
    const { owner, customer, program } = await company({ ...ON, monthlyCap: 1 });
    const anna = await member(program, customer);
    const code = await inviteOf(anna);
    for (const _ of [1, 2]) {
      const friend = await member(program, customer);
      expect((await claim(code, friend)).json()).toMatchObject({ status: 'claimed' });
      await visit(owner, friend.cardId);
      expect(await pointsOf(owner, friend.cardId)).toBe(45);
    }
    expect(await pointsOf(owner, anna.cardId)).toBe(50);
  });
});

describe('a crash between the claim and its read model', () => {
  it('is caught up from the Referral stream at the first visit: both still get their bonus', async () => {
    const { owner, customer, program } = await company();
    const anna = await member(program, customer);
    const ola = await member(program, customer);
    expect((await claim(await inviteOf(anna), ola)).json()).toMatchObject({ status: 'claimed' });
    // what the crash leaves: the pending document written before the append, not the claim's read model
    const referrals = t.infra.documents.collection<ReferralDoc>('referrals');
    const claimed = await referrals.get(ola.cardId);
    await referrals.upsert({ ...claimed!, status: 'pending' });
    await visit(owner, ola.cardId);
    expect(await pointsOf(owner, ola.cardId)).toBe(45);
    expect(await pointsOf(owner, anna.cardId)).toBe(50);
  });

  it('a claim that never reached its stream (crash before the append) rewards nobody and counts nowhere', async () => {
    const { owner, program, tenantId } = await company();
    const anna = await t.enrol(program, { userId: randomUUID() });
    const ola = await t.enrol(program, { userId: randomUUID() });
    const pending: ReferralDoc = {
      _id: ola.cardId,
      tenantId,
      programId: program.programId,
      referrerCardId: anna.cardId,
      status: 'pending',
      reason: null,
      at: new Date().toISOString(),
      rewardedAt: null,
      month: null,
      referrerRewarded: false,
    };
    await t.infra.documents.collection<ReferralDoc>('referrals').insert(pending);
    await visit(owner, ola.cardId);
    expect(await pointsOf(owner, ola.cardId)).toBe(25);
    expect(await pointsOf(owner, anna.cardId)).toBe(0);
    const analytics = await t.call('GET', `/api/v1/analytics/${tenantId}?preset=30d`, owner);
    expect(analytics.json().referrals).toEqual({ invited: 0, rewarded: 0, refused: 0 });
  });
});

describe('the fraud rules refuse, with a reason, and reward nobody', () => {
  it('the same person, the same phone, the same device, an existing customer', async () => {
    const { owner, customer, program, tenantId } = await company();
    const annaDevice = device();
    const anna = await member(program, customer, '+48600100200');
    const code = await inviteOf(anna, annaDevice);

    const herself = await member(program, customer, null, anna.userId); // a second client of the same account
    const samePhone = await member(program, customer, '+48600100200');
    const sameDevice = await member(program, customer);
    const regular = await member(program, customer);
    await visit(owner, regular.cardId);

    expect((await claim(code, herself)).json()).toMatchObject({ status: 'refused', reason: 'same_person' });
    expect((await claim(code, samePhone)).json()).toMatchObject({ status: 'refused', reason: 'same_phone' });
    expect((await claim(code, sameDevice, annaDevice)).json()).toMatchObject({
      status: 'refused',
      reason: 'same_device',
    });
    expect((await claim(code, regular)).json()).toMatchObject({
      status: 'refused',
      reason: 'existing_customer',
    });

    for (const friend of [herself, samePhone, sameDevice]) await visit(owner, friend.cardId);
    await visit(owner, regular.cardId);
    expect(await pointsOf(owner, anna.cardId)).toBe(0);
    expect(await pointsOf(owner, sameDevice.cardId)).toBe(25);
    const analytics = await t.call('GET', `/api/v1/analytics/${tenantId}?preset=30d`, owner);
    expect(analytics.json().referrals).toEqual({ invited: 0, rewarded: 0, refused: 4 });
  });
});

describe('isolation', () => {
  it('another company’s card or code, another customer’s card, referrals off: 404; settings of another company: 403/404', async () => {
    const a = await company();
    const b = await company();
    const anna = await member(a.program, a.customer);
    const code = await inviteOf(anna);
    const outsider = await member(b.program, b.customer);
    const claimedByB = await claim(code, outsider);
    expect(claimedByB.statusCode).toBe(404);
    expect(claimedByB.json()).toMatchObject({ code: 'REFERRAL.NOT_FOUND' });
    // someone else's card in the claim
    const ola = await member(a.program, a.customer);
    const notMine = await send('POST', `/api/v1/referrals/${code}/claim`, outsider.token, {
      body: { cardId: ola.cardId },
    });
    expect(notMine.json()).toMatchObject({ code: 'CARD.NOT_FOUND' });
    // someone else's invite
    const theirs = await send('GET', `/api/v1/referrals/my-cards/${anna.cardId}/invite`, ola.token);
    expect(theirs.statusCode).toBe(404);
    // B's owner on A's settings; A's program under B's id
    const settingsA = `/api/v1/tenants/${a.tenantId}/loyalty-programs/${a.program.programId}/referral-settings`;
    expect((await send('GET', settingsA, b.owner)).statusCode).toBe(403);
    expect((await send('PUT', settingsA, b.owner, { body: ON })).statusCode).toBe(403);
    const underB = `/api/v1/tenants/${b.tenantId}/loyalty-programs/${a.program.programId}/referral-settings`;
    expect((await send('GET', underB, b.owner)).statusCode).toBe(404);
    // a program whose definition has not reached the card ledger yet reads as the defaults (off)
    const fresh = `/api/v1/tenants/${b.tenantId}/loyalty-programs/${randomUUID()}/referral-settings`;
    expect((await send('GET', fresh, b.owner)).json()).toMatchObject({ enabled: false, monthlyCap: 5 });
    expect((await send('PUT', fresh, b.owner, { body: ON })).statusCode).toBe(404);
    expect((await send('GET', settingsA, a.owner)).json()).toEqual(ON);
    // unknown code; referrals switched off
    expect((await send('GET', '/api/v1/referrals/aaaaaaaaaaaa', null)).statusCode).toBe(404);
    await send('PUT', settingsA, a.owner, { body: { ...ON, enabled: false } });
    expect((await send('GET', `/api/v1/referrals/${code}`, null)).statusCode).toBe(404);
    // bad input
    const bad = await send('PUT', settingsA, a.owner, { body: { ...ON, referrerBonus: -1 } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the invite link on the back of the passes', () => {
  const shown = async (cardId: string) =>
    (await t.infra.eventStore.readStream(`invite-${cardId}`)).map(
      (e) => (e.data as { code: string | null }).code,
    );

  it('is published for the cards when referrals are switched on, for a card issued while on, and taken off', async () => {
    const tenantId = `t-${randomUUID()}`;
    const { owner, customer } = await tokensFor(tenantId);
    const program = await t.defineProgram({ tenantId });
    const settings = `/api/v1/tenants/${tenantId}/loyalty-programs/${program.programId}/referral-settings`;
    const early = await member(program, customer);
    expect(await shown(early.cardId)).toEqual([]);
    // referrals off: the portal's question makes no code and remembers no device
    const off = await send('GET', `/api/v1/referrals/my-cards/${early.cardId}/invite`, early.token, {
      device: device(),
    });
    expect(off.json()).toMatchObject({ enabled: false, code: null });
    const invites = t.infra.documents.collection<{ _id: string; cardId: string }>('referral_invites');
    expect(await invites.findOne({ cardId: early.cardId })).toBeNull();

    expect((await send('PUT', settings, owner, { body: ON })).statusCode).toBe(200);
    const earlyCode = await inviteOf(early);
    expect(await shown(early.cardId)).toEqual([earlyCode]);

    // a card issued while referrals are on: its CardIssued, as the relay delivers it
    const later = await member(program, customer);
    const issued = (await t.events(later.cardId)).find((e) => e.type === 'CardIssued')!;
    await t.deliver(Topics.cardLedgerCards, 'CardIssued', issued.data as object);
    await t.deliver(Topics.cardLedgerCards, 'CardIssued', issued.data as object); // a redelivery: nothing new
    expect(await shown(later.cardId)).toEqual([await inviteOf(later)]);

    // saved again unchanged: nothing new; switched off: the links go
    await send('PUT', settings, owner, { body: ON });
    await send('PUT', settings, owner, { body: { ...ON, enabled: false } });
    expect(await shown(early.cardId)).toEqual([earlyCode, null]);
    expect((await shown(later.cardId)).at(-1)).toBeNull();
  });
});
