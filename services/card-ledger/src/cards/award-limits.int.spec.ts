import { MAX_POINTS_PER_AWARD } from '@punkto/contracts/card-limits';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCardLedger, tokensFor, type CardLedgerTestApp } from '../testing/card-ledger-test-app';

// Issue 36, finding 4: three awards of 100 000 zł on a 100 pt per zł program gave 300 000 000 points.
let t: CardLedgerTestApp;
beforeAll(async () => {
  t = await startCardLedger();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/v1/cards/{id}/points-from-amount: the award limits', () => {
  it('refuses an award above 100 000 points with CARD.AWARD_TOO_LARGE, books nothing, and takes one at the limit', async () => {
    const tenantId = `t-${randomUUID()}`;
    const { owner } = await tokensFor(tenantId);
    const program = await t.defineProgram({ tenantId, pointsPerPln: 100 });
    const { cardId } = await t.enrol(program);
    const award = (amountGrosze: number) =>
      t.call('POST', `/api/v1/cards/${cardId}/points-from-amount`, owner, { body: { amountGrosze } });

    for (let i = 0; i < 3; i++) {
      const refused = await award(10_000_000); // 100 000 zł → 10 000 000 points
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        code: 'CARD.AWARD_TOO_LARGE',
        localizedMessage:
          'Jednorazowo można przyznać najwyżej 100\u00a0000 pkt, a to przyznanie dałoby 10\u00a0000\u00a0000 pkt. Sprawdź kwotę.',
        status: 400,
      });
      t.advance(3);
    }
    expect((await t.events(cardId)).map((e) => e.type)).toEqual(['CardIssued']);

    const booked = await award(MAX_POINTS_PER_AWARD); // 1 000 zł → 100 000 points
    expect(booked.statusCode).toBe(200);
    expect(booked.json().card.points).toBe(MAX_POINTS_PER_AWARD);
  });
});
