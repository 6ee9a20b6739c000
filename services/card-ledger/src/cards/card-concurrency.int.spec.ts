import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aReward } from '../testing/mothers';
import { startCardLedger, tokensFor, type CardLedgerTestApp } from '../testing/card-ledger-test-app';
import { toCardStreamId } from './card';
import { rewardStock, STOCK_RESERVATION_METADATA } from './reward-stock';

/**
 * Two instances of the service on ONE data directory (two connections to each SQLite file, as two
 * processes would have). No lock serialises commands on a card, in a process or across them: the event
 * store's expected-revision check with retry is what keeps "no double spending".
 */
let a: CardLedgerTestApp;
let b: CardLedgerTestApp;
beforeAll(async () => {
  a = await startCardLedger();
  b = await startCardLedger({}, { dataDir: a.dataDir });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('two instances, one card', () => {
  it('100 concurrent redemptions split over both instances: exactly one succeeds', async () => {
    const tenantId = `t-${randomUUID()}`;
    const { owner } = await tokensFor(tenantId);
    const program = await a.defineProgram({ tenantId });
    const client = await a.enrol(program);
    await a.call('POST', `/api/v1/cards/${client.cardId}/points-from-amount`, owner, {
      body: { amountGrosze: 19_900 },
    });

    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        (i % 2 ? a : b).call('POST', `/api/v1/cards/${client.cardId}/redeem-reward`, owner, {
          body: { rewardId: 'r-coffee' },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const codes = new Set(results.filter((r) => r.statusCode !== 200).map((r) => r.json().code));
    expect(codes).toEqual(new Set(['CARD.INSUFFICIENT_POINTS']));
    const events = await a.events(client.cardId);
    expect(events.filter((e) => e.type === 'RewardRedeemed')).toHaveLength(1);
    // both read models converge (the other instance's projector catches up)
    await expect
      .poll(async () => (await b.call('GET', `/api/v1/cards?cardId=${client.cardId}`, owner)).json().points, {
        timeout: 5000,
      })
      .toBe(99);
  });

  it('a key retried on the other instance is replayed there', async () => {
    const tenantId = `t-${randomUUID()}`;
    const { owner } = await tokensFor(tenantId);
    const client = await a.enrol(await a.defineProgram({ tenantId }));
    const key = randomUUID();
    const url = `/api/v1/cards/${client.cardId}/points-from-amount`;
    const first = await a.call('POST', url, owner, { body: { amountGrosze: 1000 }, key });
    const retry = await b.call('POST', url, owner, { body: { amountGrosze: 1000 }, key });
    expect(retry.json()).toEqual(first.json());
    expect((await a.events(client.cardId)).filter((e) => e.type === 'PointsEarned')).toHaveLength(1);
  });
});

describe('no lock: optimistic concurrency alone', () => {
  it('20 awards at once on one card (no cooldown), split over two instances: every one lands, once', async () => {
    const c = await startCardLedger({ SCAN_COOLDOWN_MS: '0' }, { dataDir: a.dataDir });
    try {
      const tenantId = `t-${randomUUID()}`;
      const { owner } = await tokensFor(tenantId);
      const client = await a.enrol(await a.defineProgram({ tenantId }));
      const noCooldown = await startCardLedger({ SCAN_COOLDOWN_MS: '0' }, { dataDir: a.dataDir });
      try {
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            (i % 2 ? c : noCooldown).call(
              'POST',
              `/api/v1/cards/${client.cardId}/points-from-amount`,
              owner,
              {
                body: { amountGrosze: 1000 + i * 100 },
              },
            ),
          ),
        );
        expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
        const earned = (await a.events(client.cardId)).filter((e) => e.type === 'PointsEarned');
        expect(earned).toHaveLength(20);
        // 10 + 11 + … + 29 points, each decided on the balance the previous one left
        const balances = earned.map((e) => (e.data as { balance: { points: number } }).balance.points);
        expect(balances.at(-1)).toBe(390);
        expect(balances).toEqual([...balances].sort((x, y) => x - y));
      } finally {
        await noCooldown.close();
      }
    } finally {
      await c.close();
    }
  });
});

describe('reward stock after a crash', () => {
  it('settles reservations left pending: kept when the redemption happened, released when not', async () => {
    const tenantId = `t-${randomUUID()}`;
    const { owner } = await tokensFor(tenantId);
    const program = await a.defineProgram({
      tenantId,
      rewards: [
        aReward({ id: 'r-cake', cost: 10, limits: { perCard: {}, stock: { quantity: 5, period: null } } }),
      ],
    });
    const redeemed = await a.enrol(program);
    const abandoned = await a.enrol(program);
    await a.call('POST', `/api/v1/cards/${redeemed.cardId}/points-from-amount`, owner, {
      body: { amountGrosze: 5000 },
    });

    // what a process that died mid-redemption leaves behind: two reservations, one of them consumed
    const stock = rewardStock(a.infra.documents);
    const at = new Date(Date.now() - 10 * 60_000);
    const reserve = (cardId: string) =>
      stock.reserve({
        tenantId,
        programId: program.programId,
        rewardId: 'r-cake',
        period: 'all',
        quantity: 5,
        cardId,
        now: at,
      });
    const consumed = await reserve(redeemed.cardId);
    await reserve(abandoned.cardId);
    const [last] = await a.infra.eventStore.readStream(toCardStreamId(redeemed.cardId), { fromRevision: 1 });
    await a.infra.eventStore.appendToStream(
      toCardStreamId(redeemed.cardId),
      [
        {
          type: 'RewardRedeemed',
          data: {
            cardId: redeemed.cardId,
            commandId: 'crashed',
            rewardId: 'r-cake',
            rewardName: 'Kawa gratis',
            cost: 10,
            unit: 'points',
            employeeId: 'e',
            stockPeriod: 'all',
            balance: { points: 40, stamps: 0, lifetimePoints: 50 },
            redeemedAt: at.toISOString(),
          },
          metadata: { tenantId, [STOCK_RESERVATION_METADATA]: consumed.reservationId },
        },
      ],
      { expectedRevision: last!.revision },
    );
    expect(await stock.used(program.programId, 'r-cake', 'all')).toBe(2);

    expect(await a.service.maintenance()).toMatchObject({ reservationsSettled: 2 });
    expect(await stock.used(program.programId, 'r-cake', 'all')).toBe(1);
    const doc = await a.infra.documents.collection('reward_stock').get(consumed.stockId);
    expect(doc).toMatchObject({ used: 1, pendingCount: 0, pending: {} });
  });
});
