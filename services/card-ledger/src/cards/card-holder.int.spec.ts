import { phoneOnlyHolder } from '@punkto/contracts/clients';
import type { MyCardsResponse } from '@punkto/contracts/customers';
import type { ProgramDefinedData } from '@punkto/contracts/integration-events';
import { Topics } from '@punkto/contracts/topics';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCardLedger, tokensFor, type CardLedgerTestApp } from '../testing/card-ledger-test-app';
import type { CardEvent } from './card';

/**
 * ADR 0056, giving a phone-only client an e-mail later: the card issued to the client (`client:<clientId>`) moves to
 * the customer's account on the tenant's ClientAccountLinked, with everything it holds.
 */
let t: CardLedgerTestApp;
beforeAll(async () => {
  t = await startCardLedger();
});
afterAll(async () => {
  await t?.close();
});

const tenant = () => `t-${randomUUID()}`;

/** a walk-in client added by staff with a phone only: the card is issued at once, held by the client */
const phoneOnly = (app: CardLedgerTestApp, program: ProgramDefinedData, phone = '+48600100200') =>
  app.enrol(program, { userId: null, email: null, phone, source: 'created' });

const linkAccount = (
  app: CardLedgerTestApp,
  client: { clientId: string; tenantId: string; programId: string },
  userId: string,
  eventId?: string,
) =>
  app.deliver(
    Topics.tenantClients,
    'ClientAccountLinked',
    {
      clientId: client.clientId,
      tenantId: client.tenantId,
      programId: client.programId,
      userId,
      linkedAt: new Date().toISOString(),
    },
    eventId,
  );

describe('a phone-only client given an e-mail: the card moves to the account', () => {
  it('keeps its number, QR, balance and history, is in the portal, and a redelivery or another account changes nothing', async () => {
    const tenantId = tenant();
    const { owner, customer } = await tokensFor(tenantId);
    const program = await t.defineProgram({ tenantId });
    const client = await phoneOnly(t, program);
    const award = (amountGrosze: number) =>
      t.call('POST', `/api/v1/cards/${client.cardId}/points-from-amount`, owner, { body: { amountGrosze } });
    t.setNow(new Date(Date.now() + 60_000).toISOString());
    try {
      expect((await award(2500)).statusCode).toBe(200);
      t.advance(5);
      expect((await award(1700)).statusCode).toBe(200);
    } finally {
      t.setNow(null);
    }
    const before = (await t.call('GET', `/api/v1/cards?cardId=${client.cardId}`, owner)).json();
    expect(before).toMatchObject({ points: 42 });
    const anna = randomUUID();
    const me = await customer(anna);
    expect((await t.call('GET', '/api/v1/customers/my-cards', me)).json()).toMatchObject({ items: [] });

    // the live stream of the account hears of the card as soon as it is the account's
    const heard: string[] = [];
    const unsubscribe = t.service.changes.subscribe(anna, (cardId) => heard.push(cardId));
    // staff gave the address (tenant): contact copy for the search, then identity linked the account
    await t.deliver(Topics.tenantClients, 'ClientEmailGiven', {
      clientId: client.clientId,
      tenantId,
      programId: program.programId,
      email: 'Anna.Nowak@example.pl',
      name: 'Anna Nowak',
      companyName: 'Kawiarnia Pod Lipą',
      programName: program.name,
      marketingConsent: true,
      givenAt: new Date().toISOString(),
    });
    const linkedEvent = await linkAccount(t, client, anna);
    try {
      await expect.poll(() => heard, { timeout: 5000 }).toContain(client.cardId);
    } finally {
      unsubscribe();
    }

    const events = await t.events(client.cardId);
    expect(events.map((e) => e.type)).toEqual([
      'CardIssued',
      'PointsEarned',
      'PointsEarned',
      'CardHolderLinked',
    ]);
    expect(events[3]!.data).toMatchObject({
      cardId: client.cardId,
      clientId: client.clientId,
      userId: anna,
      previousHolder: phoneOnlyHolder(client.clientId),
    });

    const mine = (await t.call('GET', '/api/v1/customers/my-cards', me)).json() as MyCardsResponse;
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({ cardId: client.cardId, points: 42, status: 'active' });
    const staffView = (await t.call('GET', `/api/v1/cards?cardId=${client.cardId}`, owner)).json();
    expect(staffView).toMatchObject({ humanReadableId: before.humanReadableId, points: 42 });
    expect(staffView.qrPayload).toBe(before.qrPayload);
    // the whole history, from before the move too
    const history = (await t.call('GET', '/api/v1/customers/my-history', me)).json();
    expect(history.totalCount).toBe(3);
    expect(history.items.map((i: { type: string }) => i.type).sort()).toEqual([
      'card_issued',
      'points_earned',
      'points_earned',
    ]);
    // staff find it by the address given
    const found = await t.call('GET', '/api/v1/cards/search?email=anna.nowak%40example.pl', owner);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().items.map((c: { cardId: string }) => c.cardId)).toEqual([client.cardId]);

    // the same event again, the same link again, and another account: the card stays Anna's, nothing is recorded
    await linkAccount(t, client, anna, linkedEvent);
    await linkAccount(t, client, anna);
    await linkAccount(t, client, randomUUID());
    expect(await t.events(client.cardId)).toHaveLength(4);
    expect((await t.call('GET', '/api/v1/customers/my-cards', me)).json().items).toHaveLength(1);

    // from now on it is an account's card like any other: an award is in her history, removal closes it
    t.setNow(new Date(Date.now() + 120_000).toISOString()); // after the awards above (the scan cooldown)
    try {
      expect((await award(1000)).statusCode).toBe(200);
    } finally {
      t.setNow(null);
    }
    expect((await t.call('GET', '/api/v1/customers/my-history', me)).json().totalCount).toBe(4);
    await t.deliver(Topics.tenantClients, 'ClientRemoved', {
      clientId: client.clientId,
      tenantId,
      programId: program.programId,
      removedAt: new Date().toISOString(),
    });
    expect((await t.events(client.cardId)).at(-1)!.type).toBe('CardClosed');
    expect((await t.call('GET', '/api/v1/customers/my-cards', me)).json().items[0]).toMatchObject({
      status: 'closed',
    });
  });

  it('a client linked while the card waits for a seat gets it as the account’s', async () => {
    const limited = await startCardLedger({ DEFAULT_PLAN_CUSTOMER_LIMIT: '1' });
    try {
      const tenantId = tenant();
      const program = await limited.defineProgram({ tenantId });
      const first = await limited.enrol(program);
      const waiting = await phoneOnly(limited, program);
      expect((await limited.events(waiting.cardId)).map((e) => e.type)).toEqual(['CardIssueRefused']);
      const anna = randomUUID();
      await linkAccount(limited, waiting, anna);
      // still no room: the card waits, and is issued to the account once a seat is free
      await limited.deliver(Topics.tenantClients, 'ClientRemoved', {
        clientId: first.clientId,
        tenantId,
        programId: program.programId,
        removedAt: new Date().toISOString(),
      });
      const at = new Date().toISOString();
      await limited.deliver(Topics.billingSubscriptions, 'SubscriptionActivated', {
        tenantId,
        at,
        entitlement: { status: 'active', planId: 'basic', customerLimit: 1, writable: true, periodEnd: at },
      });
      const events = await limited.events(waiting.cardId);
      expect(events.map((e) => e.type)).toEqual(['CardIssueRefused', 'CardIssued']);
      expect(events[1]!.data).toMatchObject({ userId: anna });
    } finally {
      await limited.close();
    }
  });
});

describe('the read models rebuilt from the card stream', () => {
  it('give the moved card and its whole history to the account', async () => {
    const tenantId = tenant();
    const { owner, customer } = await tokensFor(tenantId);
    const client = await phoneOnly(t, await t.defineProgram({ tenantId }), '+48600100300');
    const awarded = await t.call('POST', `/api/v1/cards/${client.cardId}/points-from-amount`, owner, {
      body: { amountGrosze: 1500 },
    });
    expect(awarded.statusCode).toBe(200);
    const anna = randomUUID();
    await linkAccount(t, client, anna);

    const { projection } = t.service;
    for (const entry of await projection.activity.find({ cardId: client.cardId }))
      await projection.activity.delete(entry._id);
    await projection.cards.delete(client.cardId);
    const stream = await t.events(client.cardId);
    await projection.project(
      client.cardId,
      stream.map((e) => ({ event: { type: e.type, data: e.data } as CardEvent, revision: e.revision })),
    );

    const me = await customer(anna);
    expect((await t.call('GET', '/api/v1/customers/my-cards', me)).json().items).toMatchObject([
      { cardId: client.cardId, points: 15 },
    ]);
    expect((await t.call('GET', '/api/v1/customers/my-history', me)).json().totalCount).toBe(2);
  });
});

describe('seats follow the card to the person (ADR 0051)', () => {
  it('a person who holds another card of the company counts once after the move: room for someone new', async () => {
    const limited = await startCardLedger({ DEFAULT_PLAN_CUSTOMER_LIMIT: '2' });
    try {
      const tenantId = tenant();
      const points = await limited.defineProgram({ tenantId });
      const stamps = await limited.defineProgram({
        tenantId,
        kind: 'stamps',
        pointsPerPln: null,
        stampsRequired: 10,
      });
      const anna = await limited.enrol(points); // Anna's account: one person
      const walkIn = await phoneOnly(limited, stamps); // the same Anna at the till, phone only: a second
      const typesOf = async (cardId: string) => (await limited.events(cardId)).map((e) => e.type);
      expect(await typesOf(walkIn.cardId)).toEqual(['CardIssued']);
      expect(await typesOf((await limited.enrol(points)).cardId)).toEqual(['CardIssueRefused']);

      await linkAccount(limited, walkIn, anna.userId);
      expect(await typesOf(walkIn.cardId)).toEqual(['CardIssued', 'CardHolderLinked']);
      // one person with two cards now: a newcomer gets the second seat, the next one does not
      expect(await typesOf((await limited.enrol(points)).cardId)).toEqual(['CardIssued']);
      expect(await typesOf((await limited.enrol(stamps)).cardId)).toEqual(['CardIssueRefused']);
    } finally {
      await limited.close();
    }
  });
});
