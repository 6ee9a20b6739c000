import { Topics } from '@punkto/contracts/topics';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startCardLedger, tokensFor, type CardLedgerTestApp } from '../testing/card-ledger-test-app';
import { activityIdOf } from './cards.projection';
import { AtomicAppends, startCardProjector } from './card-projector';

/**
 * The card read model (`cards`, `card_activity`) read and written only as often as it must be (issue 29): the
 * award's unit of work writes it with the event (ADR 0029); after the unit the events are projected again only
 * when it left a gap; the background projector reads each card once per event and looks for a history entry only
 * when the event was not appended here with it. Each case stops the service's own projector where it would hide
 * what the command itself did.
 */
let t: CardLedgerTestApp;
afterEach(async () => {
  await t?.close();
});

async function awardedCard(app: CardLedgerTestApp) {
  const tenantId = `t-${randomUUID()}`;
  const { owner } = await tokensFor(tenantId);
  const program = await app.defineProgram({ tenantId });
  const client = await app.enrol(program);
  const award = async (amountGrosze = 1000) => {
    const res = await app.call('POST', `/api/v1/cards/${client.cardId}/points-from-amount`, owner, {
      body: { amountGrosze },
    });
    expect(res.statusCode).toBe(200);
    return res;
  };
  await award();
  return { tenantId, owner, program, client, award };
}

describe("the award's own projection", () => {
  it('writes the read model once, in its unit: nothing is read again after it', async () => {
    t = await startCardLedger({ SCAN_COOLDOWN_MS: '0' });
    const { award } = await awardedCard(t);
    await t.service.close(); // the background projector: only the command's own reads are counted
    const { cards, activity } = t.service.projection;
    const cardReads = vi.spyOn(cards, 'get');
    const entryReads = vi.spyOn(activity, 'get');
    await award();
    expect(cardReads).not.toHaveBeenCalled();
    expect(entryReads).not.toHaveBeenCalled();
  });

  it('a card document left behind (a gap) is caught up from the stream after the unit, before the answer', async () => {
    t = await startCardLedger({ SCAN_COOLDOWN_MS: '0' });
    const { owner, client, award } = await awardedCard(t);
    await t.service.close(); // nothing in the background: the command alone must heal it
    await t.service.projection.cards.delete(client.cardId);

    await award(2000);
    const card = await t.call('GET', `/api/v1/cards?cardId=${client.cardId}`, owner);
    expect(card.statusCode).toBe(200);
    expect(card.json()).toMatchObject({ points: 30 });
    expect(await t.service.projection.cards.get(client.cardId)).toMatchObject({ lastRevision: 2 });
  });

  it('a card moved to an account has its history relabelled by the command itself', async () => {
    t = await startCardLedger();
    const tenantId = `t-${randomUUID()}`;
    const { owner, customer } = await tokensFor(tenantId);
    const program = await t.defineProgram({ tenantId });
    const client = await t.enrol(program, {
      userId: null,
      email: null,
      phone: '+48600100200',
      source: 'created',
    });
    const awarded = await t.call('POST', `/api/v1/cards/${client.cardId}/points-from-amount`, owner, {
      body: { amountGrosze: 1000 },
    });
    expect(awarded.statusCode).toBe(200);
    await t.service.close();

    const anna = randomUUID();
    await t.deliver(Topics.tenantClients, 'ClientAccountLinked', {
      clientId: client.clientId,
      tenantId,
      programId: program.programId,
      userId: anna,
      linkedAt: new Date().toISOString(),
    });
    const history = (await t.call('GET', '/api/v1/customers/my-history', await customer(anna))).json();
    expect(history.totalCount).toBe(2);
  });
});

describe('the background projector', () => {
  it('tells a live-update listener of an award', async () => {
    t = await startCardLedger({ SCAN_COOLDOWN_MS: '0' });
    const { client, award } = await awardedCard(t);
    const heard: string[] = [];
    const unsubscribe = t.service.changes.subscribe(client.userId, (cardId) => heard.push(cardId));
    try {
      await award();
      await expect.poll(() => heard, { timeout: 5000 }).toContain(client.cardId);
    } finally {
      unsubscribe();
    }
  });

  it('restores a missing history entry of an event not written whole here, and reads nothing for one that was', async () => {
    t = await startCardLedger();
    const { client } = await awardedCard(t);
    await t.service.close(); // its own projector: the replays below are the only ones announcing
    const { projection, changes } = t.service;
    const entry = activityIdOf(client.cardId, 1); // the award's entry (revision 0 is CardIssued)
    expect(await projection.activity.get(entry)).toMatchObject({ type: 'points_earned' });
    await projection.activity.delete(entry);

    /** a projector of its own from the beginning; resolves once it announced both events of the card */
    const replay = async (appends: AtomicAppends) => {
      let announced = 0;
      const heard = new Promise<void>((resolve) => {
        const unsubscribe = changes.subscribe(client.userId, () => {
          if (++announced < 2) return;
          unsubscribe();
          resolve();
        });
      });
      const projector = startCardProjector({
        eventStore: t.infra.eventStore,
        checkpoints: t.infra.checkpoints,
        projection,
        changes,
        atomicAppends: appends,
        name: `replay-${randomUUID()}`,
        onError: (error) => {
          throw error;
        },
      });
      await heard;
      await projector.stop();
    };
    // noted as written whole by this process's atomic unit: nothing is read nor written again, the holder is told
    const noted = new AtomicAppends();
    noted.note(client.cardId, 0, 1, client.userId);
    const cardReads = vi.spyOn(projection.cards, 'get');
    await replay(noted);
    expect(cardReads).not.toHaveBeenCalled();
    cardReads.mockRestore();
    expect(await projection.activity.get(entry)).toBeNull();
    // not noted (from before the process started, say): looked for, and written again
    await replay(new AtomicAppends());
    expect(await projection.activity.get(entry)).toMatchObject({
      type: 'points_earned',
      cardId: client.cardId,
    });
  });
});
