import { Topics } from '@punkto/contracts/topics';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startNotification, type NotificationTestApp } from '../testing/notification-test-app';
import { unzipPass } from './apple/testing/pkpass-reader';

// ADR 0058's birthday notice on the pass, granted by the card ledger's nightly sweep at 00:05 Warsaw: announced on
// the lock screen only after the quiet hours (21:00–8:00), as every company message is; by day at once.

const NIGHT = new Date('2026-11-29T23:05:00.000Z'); // 00:05 on 30 November in Warsaw
const MORNING = new Date('2026-11-30T07:00:00.000Z'); // 08:00 in Warsaw
const DAY = new Date('2026-11-30T10:00:00.000Z'); // 11:00 in Warsaw

let now: Date;
let t: NotificationTestApp;
beforeEach(async () => {
  now = NIGHT;
  t = await startNotification({ PUBLIC_URL: 'https://punkto.example' }, { clock: () => now });
});
afterEach(() => t?.close());

const passJson = async (cardId: string, userId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/cards/${cardId}/create-apple-pass/karta.pkpass`,
    cookies: await t.cookiesOf(userId),
  });
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse((await unzipPass(res.rawPayload)).get('pass.json')!.toString());
};
/** the company message's back field (a placeholder until a message comes) */
const notice = (pass: { storeCard: { backFields: Array<{ key: string }> } }) =>
  pass.storeCard.backFields.find((f) => f.key === 'company-message');

const granted = (card: { cardId: string; tenantId: string; programId: string }) =>
  t.deliver(Topics.cardLedgerCards, 'BirthdayRewardGranted', {
    ...card,
    year: 2026,
    name: 'Darmowa kawa na urodziny',
    validFrom: '2026-11-30',
    validUntil: '2026-12-07',
    grantedAt: now.toISOString(),
  });

describe('the birthday notice on the pass (ADR 0058)', () => {
  it('granted at night, it reaches the pass at 08:00, once', async () => {
    const { cardId, userId, tenantId, programId } = await t.aCard();
    await granted({ cardId, tenantId, programId });
    await granted({ cardId, tenantId, programId }); // a redelivery
    // the field's placeholder until the morning
    expect(notice(await passJson(cardId, userId))).toMatchObject({
      value: 'Tu pojawią się wiadomości od Kawiarnia Pod Lipą.',
    });
    const job = await t.infra.scheduler.get(`pass-notice:${cardId}:2026`);
    expect(job?.runAt.toISOString()).toBe(MORNING.toISOString());

    now = MORNING;
    await t.runJob(`pass-notice:${cardId}:2026`);
    expect(notice(await passJson(cardId, userId))).toMatchObject({
      value:
        'Nagroda urodzinowa: Darmowa kawa na urodziny — do odebrania do 7 grudnia 2026. Pokaż kartę przy kasie.',
      changeMessage: '%@',
    });
  });

  it('granted at night and given out before 08:00, no stale notice reaches the pass in the morning', async () => {
    const { cardId, userId, tenantId, programId } = await t.aCard();
    await granted({ cardId, tenantId, programId });
    const before = await passJson(cardId, userId);
    now = new Date('2026-11-30T05:30:00.000Z'); // 6:30 in Warsaw: the bakery is open, the reward given out
    await t.deliver(Topics.cardLedgerCards, 'BirthdayRewardRedeemed', {
      cardId,
      commandId: 'cmd-birthday-1',
      year: 2026,
      name: 'Darmowa kawa na urodziny',
      employeeId: 'e-1',
      redeemedAt: now.toISOString(),
    });

    now = MORNING;
    await t.runJob(`pass-notice:${cardId}:2026`);
    const after = await passJson(cardId, userId);
    expect(notice(after)).toMatchObject({ value: 'Tu pojawią się wiadomości od Kawiarnia Pod Lipą.' });
    expect(after.storeCard).toEqual(before.storeCard); // nothing the pass shows changed
  });

  it('granted by day (the customer gave the birthday in the portal), it shows at once', async () => {
    now = DAY;
    const { cardId, userId, tenantId, programId } = await t.aCard();
    await granted({ cardId, tenantId, programId });
    expect(notice(await passJson(cardId, userId))).toMatchObject({
      value: expect.stringContaining('Nagroda urodzinowa: Darmowa kawa na urodziny'),
      changeMessage: '%@',
    });
    expect(await t.infra.scheduler.get(`pass-notice:${cardId}:2026`)).toBeNull();
  });
});
