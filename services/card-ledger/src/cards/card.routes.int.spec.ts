import {
  formatCardNumber,
  IDEMPOTENT_REPLAY_HEADER,
  type CardCommandResponse,
  type CardView,
} from '@punkto/contracts/cards';
import type { MyCardsResponse } from '@punkto/contracts/customers';
import { Permissions, Roles } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aReward } from '../testing/mothers';
import {
  startCardLedger,
  tokenFor,
  tokensFor,
  type CardLedgerTestApp,
} from '../testing/card-ledger-test-app';

// the card ledger's real app on the real embedded adapters (SQLite event store, documents), through HTTP
let t: CardLedgerTestApp;
beforeAll(async () => {
  t = await startCardLedger();
});
afterAll(async () => {
  await t?.close();
});

const tenant = () => `t-${randomUUID()}`;
const lookup = (token: string, query: string) => t.call('GET', `/api/v1/cards?${query}`, token);
const award = (token: string, cardId: string, amountGrosze: number, options: { key?: string | null } = {}) =>
  t.call('POST', `/api/v1/cards/${cardId}/points-from-amount`, token, { body: { amountGrosze }, ...options });

describe('issuing cards from tenant events', () => {
  it('ClientEnrolled with a user id issues one card; redelivery and a later link issue nothing more', async () => {
    const tenantId = tenant();
    const program = await t.defineProgram({ tenantId });
    const client = await t.enrol(program);
    const events = await t.events(client.cardId);
    expect(events.map((e) => e.type)).toEqual(['CardIssued']);
    expect(events[0]).toMatchObject({
      data: {
        cardId: client.cardId,
        tenantId,
        clientId: client.clientId,
        userId: client.userId,
        secretVersion: 1,
      },
      metadata: { tenantId, causationId: client.eventId },
    });
    expect(JSON.stringify(events[0]!.data)).not.toContain('@'); // no personal data in the card's events

    // the bus redelivers the same event, then identity's link arrives as well
    await t.deliver(Topics.tenantClients, 'ClientEnrolled', { ...client }, client.eventId);
    await t.enrol(program, { clientId: client.clientId, userId: client.userId });
    await t.deliver(Topics.tenantClients, 'ClientAccountLinked', {
      clientId: client.clientId,
      tenantId,
      programId: program.programId,
      userId: client.userId,
      linkedAt: new Date().toISOString(),
    });
    expect((await t.events(client.cardId)).map((e) => e.type)).toEqual(['CardIssued']);
  });

  it('a client enrolled by staff gets the card when identity links the account', async () => {
    const tenantId = tenant();
    const program = await t.defineProgram({ tenantId });
    const client = await t.enrol(program, { userId: null, source: 'created' });
    expect(await t.events(client.cardId)).toEqual([]);
    const userId = randomUUID();
    await t.deliver(Topics.tenantClients, 'ClientAccountLinked', {
      clientId: client.clientId,
      tenantId,
      programId: program.programId,
      userId,
      linkedAt: new Date().toISOString(),
    });
    const [issued] = await t.events(client.cardId);
    expect(issued).toMatchObject({ type: 'CardIssued', data: { userId } });
  });

  it('concurrent deliveries of one enrolment still issue one card', async () => {
    const program = await t.defineProgram({ tenantId: tenant() });
    const clientId = randomUUID();
    const userId = randomUUID();
    await Promise.all(Array.from({ length: 8 }, () => t.enrol(program, { clientId, userId })));
    const client = await t.enrol(program, { clientId, userId });
    expect((await t.events(client.cardId)).map((e) => e.type)).toEqual(['CardIssued']);
  });
});

describe('GET /api/v1/cards', () => {
  it('finds the card by id, by number (with or without spaces) and by the QR payload', async () => {
    const tenantId = tenant();
    const { owner, customer } = await tokensFor(tenantId);
    const program = await t.defineProgram({ tenantId });
    const client = await t.enrol(program, { name: 'Anna Nowak' });

    const byId = await lookup(owner, `cardId=${client.cardId}`);
    expect(byId.statusCode, byId.body).toBe(200);
    const card = byId.json() as CardView;
    expect(card).toMatchObject({
      cardId: client.cardId,
      tenantId,
      programName: program.name,
      kind: 'points',
      status: 'active',
      points: 0,
      customerName: 'Anna Nowak',
      rewards: [
        {
          id: 'r-coffee',
          redeemable: false,
          blocker: {
            code: 'CARD.INSUFFICIENT_POINTS',
            message: 'Za mało punktów: potrzeba 100, na karcie 0.',
          },
        },
      ],
      nextReward: { rewardId: 'r-coffee', cost: 100, remaining: 100 },
    });
    expect(card.humanReadableId).toMatch(/^\d{4} \d{4} \d{2}$/);

    for (const number of [card.humanReadableId, card.humanReadableId.replace(/ /g, '')]) {
      const byNumber = await lookup(owner, `humanReadableId=${encodeURIComponent(number)}`);
      expect(byNumber.json()).toMatchObject({ cardId: client.cardId });
    }

    const mine = (
      await t.call('GET', '/api/v1/customers/my-cards', await customer(client.userId))
    ).json() as MyCardsResponse;
    const qr = mine.items[0]!.qrPayload!;
    expect(qr).toMatch(/^P1\./);
    expect(qr).not.toContain(client.email);
    expect((await lookup(owner, `qr=${encodeURIComponent(qr)}`)).json()).toMatchObject({
      cardId: client.cardId,
    });
    // the client's page in the panel asks by client
    expect((await lookup(owner, `clientId=${client.clientId}`)).json()).toMatchObject({
      cardId: client.cardId,
    });
    expect((await lookup(owner, `clientId=${randomUUID()}`)).statusCode).toBe(404);
    // another company's staff cannot read it by client either
    const { owner: stranger } = await tokensFor(tenant());
    expect((await lookup(stranger, `clientId=${client.clientId}`)).statusCode).toBe(404);
  });

  it('refuses a mistyped number before looking, and answers 404 for an unknown valid one', async () => {
    const tenantId = tenant();
    const { owner } = await tokensFor(tenantId);
    const program = await t.defineProgram({ tenantId });
    const client = await t.enrol(program);
    const card = (await lookup(owner, `cardId=${client.cardId}`)).json() as CardView;
    const digits = card.humanReadableId.replace(/ /g, '');
    const typo = digits.slice(0, 3) + String((Number(digits[3]) + 1) % 10) + digits.slice(4);
    const mistyped = await lookup(owner, `humanReadableId=${typo}`);
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json()).toMatchObject({
      code: 'CARD.NUMBER_INVALID',
      localizedMessage: 'Nieprawidłowy numer karty. Sprawdź cyfry i spróbuj ponownie.',
    });
    expect((await lookup(owner, 'cardId=nope')).json()).toMatchObject({ code: 'CARD.NOT_FOUND' });
    expect((await lookup(owner, 'qr=P1.x.1.aaaaaaaaaaaaaaaaaaaaaa')).json()).toMatchObject({
      code: 'CARD.QR_INVALID',
    });
    const none = await lookup(owner, '');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it("answers another tenant's staff as for a card nobody holds (404), refuses customers (403); 401 without a session", async () => {
    const tenantId = tenant();
    const program = await t.defineProgram({ tenantId });
    const client = await t.enrol(program, { name: 'Zofia Tajna' });
    const other = await tokensFor(tenant());
    // issue 15 finding 6: a 403 here told an outsider the card exists; now it is indistinguishable from unused
    const crossTenant = await lookup(other.owner, `cardId=${client.cardId}`);
    const unused = await lookup(other.owner, `cardId=${randomUUID()}`);
    expect(crossTenant.statusCode).toBe(404);
    expect(unused.statusCode).toBe(404);
    const { traceId: _a, ...crossBody } = crossTenant.json();
    const { traceId: _b, ...unusedBody } = unused.json();
    expect(crossBody).toEqual(unusedBody);
    expect(crossTenant.body).not.toContain('Zofia');
    const customer = await lookup(await tokenFor(client.userId, Roles.customer), `cardId=${client.cardId}`);
    expect(customer.statusCode).toBe(403);
    expect((await lookup(null as unknown as string, `cardId=${client.cardId}`)).statusCode).toBe(401);
    // an employee needs cards.scan
    const { employee } = await tokensFor(tenantId);
    expect(
      (await lookup(await employee([Permissions.cardsAward]), `cardId=${client.cardId}`)).statusCode,
    ).toBe(403);
    expect(
      (await lookup(await employee([Permissions.cardsScan]), `cardId=${client.cardId}`)).statusCode,
    ).toBe(200);
  });
});

describe('GET /api/v1/cards/search', () => {
  it('finds a card by a foreign phone in whatever form staff type it; another company finds none (ADR 0042)', async () => {
    const tenantId = tenant();
    const { owner } = await tokensFor(tenantId);
    const program = await t.defineProgram({ tenantId });
    const client = await t.enrol(program, { email: 'oksana@example.ua', phone: '+380501234567' });
    for (const typed of ['+380501234567', '+380 50 123 45 67', '00380-50-123-45-67', '380 50 123 4567']) {
      const found = await t.call('GET', `/api/v1/cards/search?phone=${encodeURIComponent(typed)}`, owner);
      expect(found.statusCode, typed).toBe(200);
      expect(found.json().items, typed).toEqual([expect.objectContaining({ cardId: client.cardId })]);
    }
    const stranger = (await tokensFor(tenant())).owner;
    const elsewhere = await t.call('GET', '/api/v1/cards/search?phone=%2B380501234567', stranger);
    expect(elsewhere.json().items).toEqual([]);
    expect((await lookup(stranger, `cardId=${client.cardId}`)).statusCode).toBe(404);
  });

  it("finds the tenant's cards by phone or e-mail; another tenant finds none", async () => {
    const tenantId = tenant();
    const { owner } = await tokensFor(tenantId);
    const program = await t.defineProgram({ tenantId });
    const client = await t.enrol(program, { email: 'Ewa.Lis@Example.pl', phone: '+48600100200' });
    const byPhone = await t.call('GET', '/api/v1/cards/search?phone=600%20100%20200', owner);
    expect(byPhone.statusCode, byPhone.body).toBe(200);
    expect(byPhone.json().items).toEqual([expect.objectContaining({ cardId: client.cardId })]);
    const byEmail = await t.call('GET', '/api/v1/cards/search?email=ewa.lis%40example.pl', owner);
    expect(byEmail.json().items).toEqual([expect.objectContaining({ cardId: client.cardId })]);

    const stranger = (await tokensFor(tenant())).owner;
    expect((await t.call('GET', '/api/v1/cards/search?phone=600100200', stranger)).json().items).toEqual([]);
    const bad = await t.call('GET', '/api/v1/cards/search?phone=12', owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      'query.phone': [
        'Nieprawidłowy numer telefonu — podaj polski numer (9 cyfr) albo numer z kierunkowym kraju, np. +49 151 23456789.',
      ],
    });
  });
});

describe('GET /api/v1/cards/search after ClientPhoneChanged', () => {
  it('finds the card by the new number only; a removed phone finds nothing', async () => {
    const tenantId = tenant();
    const { owner } = await tokensFor(tenantId);
    const program = await t.defineProgram({ tenantId });
    const client = await t.enrol(program, { phone: '+48600100200' });
    const phoneChanged = (phone: string | null) =>
      t.deliver(Topics.tenantClients, 'ClientPhoneChanged', {
        clientId: client.clientId,
        tenantId,
        programId: program.programId,
        phone,
        givenBy: 'customer',
        changedAt: new Date().toISOString(),
      });
    const found = async (phone: string) =>
      (await t.call('GET', `/api/v1/cards/search?phone=${phone}`, owner))
        .json()
        .items.map((c: { cardId: string }) => c.cardId);
    await phoneChanged('+48600999888');
    expect(await found('600999888')).toEqual([client.cardId]);
    expect(await found('600100200')).toEqual([]);
    await phoneChanged(null);
    expect(await found('600999888')).toEqual([]);
  });
});

describe('POST /api/v1/cards/{id}/points-from-amount', () => {
  it("awards the program's points (rounded down) and answers with the card and the history entry", async () => {
    const tenantId = tenant();
    const { owner } = await tokensFor(tenantId);
    const program = await t.defineProgram({ tenantId, pointsPerPln: 2 });
    const client = await t.enrol(program);
    const res = await award(owner, client.cardId, 1299);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as CardCommandResponse;
    expect(body.card).toMatchObject({ cardId: client.cardId, points: 25, lifetimePoints: 25 });
    expect(body.activity).toMatchObject({
      type: 'points_earned',
      points: 25,
      amountGrosze: 1299,
      programName: program.name,
      companyName: 'Kawiarnia Pod Lipą',
      description: 'Przyznano 25 pkt za zakupy na 12,99\u00a0zł', // Polish typography: no break before zł
    });
    const [, earned] = await t.events(client.cardId);
    expect(earned).toMatchObject({
      type: 'PointsEarned',
      data: { amountGrosze: 1299, pointsPerPln: 2, points: 25 },
    });
  });

  it('needs an Idempotency-Key; a retry with the same key is answered from the first response', async () => {
    const tenantId = tenant();
    const { owner } = await tokensFor(tenantId);
    const program = await t.defineProgram({ tenantId });
    const client = await t.enrol(program);

    const missing = await award(owner, client.cardId, 1000, { key: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'IDEMPOTENCY.KEY_REQUIRED' });

    const key = randomUUID();
    const first = await award(owner, client.cardId, 1000, { key });
    const retry = await award(owner, client.cardId, 1000, { key });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    expect(first.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    expect(retry.json()).toEqual(first.json());

    const reused = await award(owner, client.cardId, 5000, { key });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY.KEY_REUSED' });
    expect((await t.events(client.cardId)).filter((e) => e.type === 'PointsEarned')).toHaveLength(1);
  });

  it('a scan within the cooldown is refused with 429; the same key after it expired runs once', async () => {
    const tenantId = tenant();
    const { owner } = await tokensFor(tenantId);
    const program = await t.defineProgram({ tenantId });
    const client = await t.enrol(program);
    t.setNow('2026-03-02T10:00:00.000Z');
    try {
      expect((await award(owner, client.cardId, 1000)).statusCode).toBe(200);
      t.advance(1);
      const key = randomUUID();
      const again = await award(owner, client.cardId, 1000, { key });
      expect(again.statusCode).toBe(429);
      expect(again.json()).toMatchObject({
        code: 'CARD.SCAN_COOLDOWN',
        localizedMessage: 'Ta karta została przed chwilą zeskanowana. Odczekaj 1 s i spróbuj ponownie.',
      });
      t.advance(1);
      // a 429 is not stored: the retry with the same key runs now
      const later = await award(owner, client.cardId, 1000, { key });
      expect(later.statusCode).toBe(200);
      expect(later.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    } finally {
      t.setNow(null);
    }
  });

  it('an award replayed from the offline queue with its scan time is booked inside the cooldown, once (ADR 0048)', async () => {
    const tenantId = tenant();
    const { owner } = await tokensFor(tenantId);
    const program = await t.defineProgram({ tenantId });
    const client = await t.enrol(program);
    const replay = (key: string, scannedAt: string, amountGrosze = 1000) =>
      t.call('POST', `/api/v1/cards/${client.cardId}/points-from-amount`, owner, {
        body: { amountGrosze, scannedAt },
        key,
      });
    t.setNow('2026-03-02T10:00:00.000Z');
    try {
      // three awards made offline within 3 s, replayed one right after the other
      const keys = [randomUUID(), randomUUID(), randomUUID()];
      const scanned = ['2026-03-02T09:59:55.000Z', '2026-03-02T09:59:56.500Z', '2026-03-02T09:59:58.000Z'];
      for (const [i, key] of keys.entries()) {
        const res = await replay(key, scanned[i]!);
        expect(res.statusCode, res.body).toBe(200);
      }
      // the whole queue sent again (the answers were lost): the same answers, nothing booked twice
      for (const [i, key] of keys.entries()) {
        const res = await replay(key, scanned[i]!);
        expect(res.statusCode).toBe(200);
        expect(res.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
      }
      expect((await t.events(client.cardId)).filter((e) => e.type === 'PointsEarned')).toHaveLength(3);
      // tried live first (booked, its answer lost), then replayed from the queue with its scan time: one request
      t.advance(5);
      const liveKey = randomUUID();
      expect((await award(owner, client.cardId, 1000, { key: liveKey })).statusCode).toBe(200);
      const fromQueue = await replay(liveKey, '2026-03-02T10:00:05.000Z');
      expect(fromQueue.statusCode).toBe(200);
      expect(fromQueue.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
      expect((await t.events(client.cardId)).filter((e) => e.type === 'PointsEarned')).toHaveLength(4);
      // a live award right after still meets the cooldown
      expect((await award(owner, client.cardId, 1000)).statusCode).toBe(429);
      // older than 12 h: refused in Polish, nothing booked
      const stale = await replay(randomUUID(), '2026-03-01T21:59:00.000Z');
      expect(stale.statusCode).toBe(400);
      expect(stale.json()).toMatchObject({ code: 'CARD.SCAN_TIME_INVALID' });
      expect(stale.json().localizedMessage).toContain('dłużej niż 12 godzin');
    } finally {
      t.setNow(null);
    }
  });

  it('after the key expired (24 h) a retry is not replayed, and the card still awards only once', async () => {
    const tenantId = tenant();
    const { owner } = await tokensFor(tenantId);
    const program = await t.defineProgram({ tenantId });
    const client = await t.enrol(program);
    t.setNow('2026-03-02T10:00:00.000Z');
    try {
      const key = randomUUID();
      expect((await award(owner, client.cardId, 1000, { key })).statusCode).toBe(200);
      t.advance(25 * 3600);
      expect((await t.service.maintenance()).keysSwept).toBeGreaterThan(0);
      const retry = await award(owner, client.cardId, 1000, { key });
      expect(retry.statusCode).toBe(200);
      expect(retry.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
      expect(retry.json()).toMatchObject({ activity: null, card: { points: 10 } });
      expect((await t.events(client.cardId)).filter((e) => e.type === 'PointsEarned')).toHaveLength(1);
    } finally {
      t.setNow(null);
    }
  });

  it("is answered 404 to another tenant's staff and refused to an employee without cards.award (403)", async () => {
    const tenantId = tenant();
    const program = await t.defineProgram({ tenantId });
    const client = await t.enrol(program);
    const other = await tokensFor(tenant());
    const cross = await award(other.owner, client.cardId, 1000);
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toMatchObject({ code: 'CARD.NOT_FOUND' });
    const { employee } = await tokensFor(tenantId);
    const scanner = await award(
      await employee([Permissions.cardsScan, Permissions.cardsRedeem]),
      client.cardId,
      1000,
    );
    expect(scanner.statusCode).toBe(403);
    const cashier = await award(await employee([Permissions.cardsAward]), client.cardId, 1000);
    expect(cashier.statusCode, cashier.body).toBe(200);
    expect((await t.events(client.cardId)).filter((e) => e.type === 'PointsEarned')).toHaveLength(1);
  });

  it('rejects a cross-site request (CSRF)', async () => {
    const tenantId = tenant();
    const { owner } = await tokensFor(tenantId);
    const client = await t.enrol(await t.defineProgram({ tenantId }));
    const res = await t.call('POST', `/api/v1/cards/${client.cardId}/points-from-amount`, owner, {
      body: { amountGrosze: 1000 },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CSRF_REJECTED' });
  });

  it('applies a catalogue service’s fixed points and the tier multiplier; promotion shows in the history', async () => {
    const tenantId = tenant();
    const { owner, customer } = await tokensFor(tenantId);
    const program = await t.defineProgram({
      tenantId,
      kind: 'tiers',
      levels: [
        { name: 'Brąz', minLifetimePoints: 0, multiplier: 1, benefits: '' },
        { name: 'Srebro', minLifetimePoints: 100, multiplier: 2, benefits: 'Podwójne punkty' },
      ],
    });
    await t.deliver(Topics.tenantServices, 'ServiceDefined', {
      serviceId: 'svc-cut',
      tenantId,
      version: 1,
      name: 'Strzyżenie',
      priceGrosze: 6000,
      fixedPoints: 40,
      active: true,
      definedAt: new Date().toISOString(),
    });
    const client = await t.enrol(program);
    t.setNow('2026-03-02T10:00:00.000Z');
    try {
      const big = await award(owner, client.cardId, 12_000);
      expect(big.json().card).toMatchObject({
        points: 120,
        tier: { name: 'Srebro', multiplier: 2 },
        nextTier: null,
      });
      t.advance(5);
      const cut = await t.call('POST', `/api/v1/cards/${client.cardId}/points-from-amount`, owner, {
        body: { amountGrosze: 6000, serviceId: 'svc-cut' },
      });
      expect(cut.json()).toMatchObject({ activity: { points: 80 }, card: { points: 200 } });
    } finally {
      t.setNow(null);
    }
    const history = await t.call(
      'GET',
      '/api/v1/customers/my-history?activityType=tier_changed',
      await customer(client.userId),
    );
    expect(history.json()).toMatchObject({
      totalCount: 1,
      items: [{ type: 'tier_changed', tier: 'Srebro', description: 'Nowy poziom: Srebro' }],
    });
  });
});

describe('POST /api/v1/cards/{id}/stamps', () => {
  it('adds stamps on a stamps card and refuses them on a points card', async () => {
    const tenantId = tenant();
    const { owner } = await tokensFor(tenantId);
    const stamps = await t.defineProgram({
      tenantId,
      kind: 'stamps',
      pointsPerPln: null,
      stampsRequired: 10,
      rewards: [aReward({ id: 'r-free', name: 'Kawa gratis', cost: 10 })],
    });
    const client = await t.enrol(stamps);
    const res = await t.call('POST', `/api/v1/cards/${client.cardId}/stamps`, owner, { body: { count: 3 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      card: { stamps: 3, stampsRequired: 10, nextReward: { remaining: 7 } },
      activity: { type: 'stamps_added', stamps: 3, description: 'Dodano 3 pieczątki' },
    });
    const pointsCard = await t.enrol(await t.defineProgram({ tenantId }));
    const refused = await t.call('POST', `/api/v1/cards/${pointsCard.cardId}/stamps`, owner, {
      body: { count: 1 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'CARD.NOT_STAMPS_PROGRAM',
      localizedMessage: 'Ta karta zbiera punkty, nie pieczątki.',
    });
  });
});

describe('POST /api/v1/cards/{id}/redeem-reward', () => {
  it('without enough points: 400 with the Polish message; with enough: the reward is redeemed', async () => {
    const tenantId = tenant();
    const { owner } = await tokensFor(tenantId);
    const program = await t.defineProgram({ tenantId });
    const client = await t.enrol(program);
    await award(owner, client.cardId, 4000);
    const redeem = () =>
      t.call('POST', `/api/v1/cards/${client.cardId}/redeem-reward`, owner, {
        body: { rewardId: 'r-coffee' },
      });
    const poor = await redeem();
    expect(poor.statusCode).toBe(400);
    expect(poor.json()).toMatchObject({
      code: 'CARD.INSUFFICIENT_POINTS',
      localizedMessage: 'Za mało punktów: potrzeba 100, na karcie 40.',
    });
    t.advance(3);
    await award(owner, client.cardId, 7000);
    const ok = await redeem();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      card: { points: 10, lifetimePoints: 110 },
      activity: {
        type: 'reward_redeemed',
        points: -100,
        description: 'Odebrano nagrodę „Kawa gratis” za 100 pkt',
      },
    });
  });

  it('100 concurrent redemptions against a balance that covers one: exactly one succeeds', async () => {
    const tenantId = tenant();
    const { owner } = await tokensFor(tenantId);
    const program = await t.defineProgram({ tenantId });
    const client = await t.enrol(program);
    await award(owner, client.cardId, 15_000); // 150 points, the reward costs 100

    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.call('POST', `/api/v1/cards/${client.cardId}/redeem-reward`, owner, {
          body: { rewardId: 'r-coffee' },
        }),
      ),
    );
    const byStatus = results.reduce<Record<number, number>>(
      (acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }),
      {},
    );
    expect(byStatus).toEqual({ 200: 1, 400: 99 });
    expect(new Set(results.filter((r) => r.statusCode === 400).map((r) => r.json().code))).toEqual(
      new Set(['CARD.INSUFFICIENT_POINTS']),
    );
    const redeemed = (await t.events(client.cardId)).filter((e) => e.type === 'RewardRedeemed');
    expect(redeemed).toHaveLength(1);
    expect((await lookup(owner, `cardId=${client.cardId}`)).json()).toMatchObject({ points: 50 });
  });

  it('the total stock spans all cards: 10 cards redeeming at once for 3 units → exactly 3', async () => {
    const tenantId = tenant();
    const { owner } = await tokensFor(tenantId);
    const program = await t.defineProgram({
      tenantId,
      rewards: [
        aReward({
          id: 'r-cake',
          name: 'Sernik',
          cost: 10,
          limits: { perCard: {}, stock: { quantity: 3, period: 'day' } },
        }),
      ],
    });
    const clients = await Promise.all(Array.from({ length: 10 }, () => t.enrol(program)));
    for (const c of clients) await award(owner, c.cardId, 5000);
    const results = await Promise.all(
      clients.map((c) =>
        t.call('POST', `/api/v1/cards/${c.cardId}/redeem-reward`, owner, { body: { rewardId: 'r-cake' } }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused.map((r) => r.json().code)).toEqual(Array(7).fill('CARD.OUT_OF_STOCK'));
    const view = (await lookup(owner, `cardId=${clients[0]!.cardId}`)).json() as CardView;
    expect(view.rewards[0]).toMatchObject({ redeemable: false, blocker: { code: 'CARD.OUT_OF_STOCK' } });
    const stock = await t.infra.documents
      .collection<{ _id: string; used: number; pendingCount: number }>('reward_stock')
      .find({ programId: program.programId });
    expect(stock).toEqual([expect.objectContaining({ used: 3, pendingCount: 0 })]);
  });
});

describe('1,000 retried awards with the same keys', () => {
  it('award each key once: 100 cards × 10 deliveries of one key each → 100 awards, 900 replays', async () => {
    const tenantId = tenant();
    const { owner } = await tokensFor(tenantId);
    const program = await t.defineProgram({ tenantId });
    const clients = await Promise.all(Array.from({ length: 100 }, () => t.enrol(program)));
    const keys = clients.map(() => randomUUID());
    const requests = clients.flatMap((c, i) =>
      Array.from({ length: 10 }, () => ({ cardId: c.cardId, key: keys[i]! })),
    );
    // shuffled, 50 at a time, as retrying clients would send them
    requests.sort(() => Math.random() - 0.5);
    const responses = [];
    for (let i = 0; i < requests.length; i += 50)
      responses.push(
        ...(await Promise.all(
          requests.slice(i, i + 50).map((r) => award(owner, r.cardId, 1234, { key: r.key })),
        )),
      );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(1000).fill(200));
    expect(responses.filter((r) => r.headers[IDEMPOTENT_REPLAY_HEADER] === 'true')).toHaveLength(900);
    let awards = 0;
    let anomalies = 0;
    for (const c of clients) {
      const events = await t.events(c.cardId);
      expect(events.filter((e) => e.type === 'PointsEarned')).toHaveLength(1);
      awards += events.filter((e) => e.type === 'PointsEarned').length;
      anomalies += events.filter((e) => e.type === 'AwardAnomalyDetected').length;
      expect((await lookup(owner, `cardId=${c.cardId}`)).json()).toMatchObject({ points: 12 });
    }
    expect(awards).toBe(100);
    // 100 awards by one person within minutes (> 60): flagged once, nothing blocked
    expect(anomalies).toBe(1);
  });
});

describe('the per-employee anomaly signal', () => {
  it('more points than the threshold within 10 minutes: flagged once per window, never blocked', async () => {
    const tenantId = tenant();
    const { owner } = await tokensFor(tenantId);
    const program = await t.defineProgram({ tenantId });
    const [a, b, c] = await Promise.all([t.enrol(program), t.enrol(program), t.enrol(program)]);
    const anomalies = async (cardId: string) =>
      (await t.events(cardId)).filter((e) => e.type === 'AwardAnomalyDetected');
    t.setNow('2026-03-02T10:00:00.000Z');
    try {
      // 4,000 + 4,000 points > 5,000 (ANOMALY_MAX_POINTS): the second award is the unusual one
      expect((await award(owner, a.cardId, 400_000)).statusCode).toBe(200);
      expect(await anomalies(a.cardId)).toEqual([]);
      t.advance(60);
      expect((await award(owner, b.cardId, 400_000)).statusCode).toBe(200);
      const [flagged] = await anomalies(b.cardId);
      expect(flagged?.data).toMatchObject({ tenantId, awards: 2, points: 8000, stamps: 0 });
      // still within the window: counted, not flagged again
      t.advance(60);
      expect((await award(owner, c.cardId, 400_000)).statusCode).toBe(200);
      expect(await anomalies(c.cardId)).toEqual([]);
      // 10 minutes after the flag, the awards still in the window (the last two) are unusual again
      t.advance(9 * 60);
      expect((await award(owner, a.cardId, 400_000)).statusCode).toBe(200);
      expect((await anomalies(a.cardId)).map((e) => e.data)).toEqual([
        expect.objectContaining({ awards: 2, points: 8000 }),
      ]);
    } finally {
      t.setNow(null);
    }
  });
});

describe('POST /api/v1/cards/{id}/regenerate', () => {
  it('gives a new number and QR; the old QR is refused (CARD.QR_INVALID) and the old number is gone', async () => {
    const tenantId = tenant();
    const { owner, customer } = await tokensFor(tenantId);
    const program = await t.defineProgram({ tenantId });
    const client = await t.enrol(program);
    const holder = await customer(client.userId);
    const before = ((await t.call('GET', '/api/v1/customers/my-cards', holder)).json() as MyCardsResponse)
      .items[0]!;
    expect((await lookup(owner, `qr=${encodeURIComponent(before.qrPayload!)}`)).statusCode).toBe(200);

    const regenerated = await t.call('POST', `/api/v1/cards/${client.cardId}/regenerate`, holder);
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    expect(regenerated.json().humanReadableId).not.toBe(before.humanReadableId);

    const oldQr = await lookup(owner, `qr=${encodeURIComponent(before.qrPayload!)}`);
    expect(oldQr.statusCode).toBe(400);
    expect(oldQr.json()).toMatchObject({
      code: 'CARD.QR_INVALID',
      localizedMessage: 'Nieprawidłowy lub nieaktualny kod QR karty. Poproś klienta o aktualną kartę.',
    });
    expect(
      (await lookup(owner, `humanReadableId=${before.humanReadableId.replace(/ /g, '')}`)).statusCode,
    ).toBe(404);

    const after = ((await t.call('GET', '/api/v1/customers/my-cards', holder)).json() as MyCardsResponse)
      .items[0]!;
    expect(after.humanReadableId).toBe(regenerated.json().humanReadableId);
    expect((await lookup(owner, `qr=${encodeURIComponent(after.qrPayload!)}`)).json()).toMatchObject({
      cardId: client.cardId,
    });
    expect(formatCardNumber(after.humanReadableId.replace(/ /g, ''))).toBe(after.humanReadableId);
  });

  it('the published events carry the QR the card shows: the one a wallet pass puts in its barcode', async () => {
    const tenantId = tenant();
    const { owner, customer } = await tokensFor(tenantId);
    const client = await t.enrol(await t.defineProgram({ tenantId }));
    const holder = await customer(client.userId);
    const shown = async () =>
      ((await t.call('GET', '/api/v1/customers/my-cards', holder)).json() as MyCardsResponse).items[0]!
        .qrPayload;
    const [issued] = await t.events(client.cardId);
    expect(issued!.data).toMatchObject({ secretVersion: 1, qrPayload: await shown() });

    await t.call('POST', `/api/v1/cards/${client.cardId}/regenerate`, holder);
    const regenerated = (await t.events(client.cardId)).find((e) => e.type === 'CardRegenerated')!;
    expect(regenerated.data).toMatchObject({ secretVersion: 2, qrPayload: await shown() });
    const qr = (regenerated.data as { qrPayload: string }).qrPayload;
    expect((await lookup(owner, `qr=${encodeURIComponent(qr)}`)).json()).toMatchObject({
      cardId: client.cardId,
    });
  });

  it("is for the card's holder or staff with cards.regenerate", async () => {
    const tenantId = tenant();
    const { employee } = await tokensFor(tenantId);
    const client = await t.enrol(await t.defineProgram({ tenantId }));
    const url = `/api/v1/cards/${client.cardId}/regenerate`;
    // someone else's card is unknown to them (404); staff of its tenant without the permission get 403
    expect((await t.call('POST', url, await tokenFor(randomUUID(), Roles.customer))).statusCode).toBe(404);
    expect((await t.call('POST', url, await employee([Permissions.cardsScan]))).statusCode).toBe(403);
    expect((await t.call('POST', url, (await tokensFor(tenant())).owner)).statusCode).toBe(404);
    expect((await t.call('POST', url, await employee([Permissions.cardsRegenerate]))).statusCode).toBe(200);
    expect(
      (await t.call('POST', url, await tokenFor(client.userId, Roles.customer), { key: null })).statusCode,
    ).toBe(400);
  });
});

describe('the scanner’s search by name', () => {
  it('finds a company’s clients by part of the name, any case, ą = a; never another company’s or a removed one', async () => {
    const tenantId = tenant();
    const { owner } = await tokensFor(tenantId);
    const program = await t.defineProgram({ tenantId });
    const lucja = await t.enrol(program, { name: 'Łucja Żak' });
    const jan = await t.enrol(program, { name: 'Jan Żakowski' });
    await t.enrol(program, { name: 'Ola Nowak' });
    const other = tenant();
    await t.enrol(await t.defineProgram({ tenantId: other }), { name: 'Łucja Żak' });
    const byName = async (name: string) =>
      (
        (await t.call('GET', `/api/v1/cards/search?name=${encodeURIComponent(name)}`, owner)).json() as {
          items: { cardId: string }[];
        }
      ).items.map((c) => c.cardId);

    expect(await byName('lucja')).toEqual([lucja.cardId]);
    expect((await byName('ŻAK')).sort()).toEqual([lucja.cardId, jan.cardId].sort());
    expect((await byName('zak')).sort()).toEqual([lucja.cardId, jan.cardId].sort());
    expect(await byName('kowalczyk')).toEqual([]);
    // regex syntax is a literal
    expect(await byName('.*')).toEqual([]);
    const short = await t.call('GET', '/api/v1/cards/search?name=z', owner);
    expect(short.statusCode).toBe(400);
    await t.deliver(Topics.tenantClients, 'ClientRemoved', {
      clientId: jan.clientId,
      tenantId,
      programId: program.programId,
      removedAt: new Date().toISOString(),
    });
    expect(await byName('zak')).toEqual([lucja.cardId]);
    // staff correct a name in the panel: the search follows
    await t.deliver(Topics.tenantClients, 'ClientRenamed', {
      clientId: lucja.clientId,
      tenantId,
      programId: program.programId,
      name: 'Łucja Kowalska',
      renamedAt: new Date().toISOString(),
    });
    expect(await byName('zak')).toEqual([]);
    expect(await byName('kowalska')).toEqual([lucja.cardId]);
  });
});

describe('closing cards', () => {
  it('ProgramDeleted closes the cards: awards refused with CARD.CLOSED, the portal shows it without a QR', async () => {
    const tenantId = tenant();
    const { owner, customer } = await tokensFor(tenantId);
    const program = await t.defineProgram({ tenantId });
    const client = await t.enrol(program);
    await t.deliver(Topics.tenantPrograms, 'ProgramDeleted', {
      programId: program.programId,
      tenantId,
      deletedAt: new Date().toISOString(),
    });
    const refused = await award(owner, client.cardId, 1000);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CARD.CLOSED',
      localizedMessage: 'Ta karta jest zamknięta.',
    });
    const mine = (await t.call('GET', '/api/v1/customers/my-cards', await customer(client.userId))).json();
    expect(mine.items).toEqual([expect.objectContaining({ status: 'closed', qrPayload: null })]);
    // a late enrolment into the deleted program issues nothing
    const late = await t.enrol(program);
    expect(await t.events(late.cardId)).toEqual([]);
  });

  it('ClientRemoved closes the card and erases the contact data and the stored answers; TenantDeleted closes the rest', async () => {
    const tenantId = tenant();
    const { owner, customer } = await tokensFor(tenantId);
    const program = await t.defineProgram({ tenantId });
    const removed = await t.enrol(program, { phone: '+48600300400' });
    const kept = await t.enrol(program);
    // the awards' stored answers (idempotency keys) show the customer's card: they go with the customer
    expect((await award(owner, removed.cardId, 1000)).statusCode).toBe(200);
    expect((await award(owner, kept.cardId, 1000)).statusCode).toBe(200);
    const answers = t.infra.documents.collection<{ _id: string; cardId: string }>('idempotency_keys');
    expect(await answers.count({ cardId: removed.cardId })).toBe(1);
    await t.deliver(Topics.tenantClients, 'ClientRemoved', {
      clientId: removed.clientId,
      tenantId,
      programId: program.programId,
      removedAt: new Date().toISOString(),
    });
    expect((await t.events(removed.cardId)).map((e) => e.type)).toEqual([
      'CardIssued',
      'PointsEarned',
      'CardClosed',
    ]);
    expect((await t.call('GET', '/api/v1/cards/search?phone=600300400', owner)).json().items).toEqual([]);
    expect(await answers.count({ cardId: removed.cardId })).toBe(0);
    expect(await answers.count({ cardId: kept.cardId })).toBe(1);
    await t.deliver(Topics.tenantTenants, 'TenantDeleted', {
      tenantId,
      ownerId: 'o',
      deletedAt: new Date().toISOString(),
    });
    expect((await t.events(kept.cardId)).at(-1)).toMatchObject({
      type: 'CardClosed',
      data: { reason: 'tenant_deleted' },
    });
    // the portal learns why: the company closed its program (ADR 0047)
    const mine = (await t.call('GET', '/api/v1/customers/my-cards', await customer(kept.userId))).json();
    expect(mine.items).toEqual([
      expect.objectContaining({ status: 'closed', closeReason: 'tenant_deleted', qrPayload: null }),
    ]);
  });
});

describe('program rules from tenant events', () => {
  it('keeps the newest version only, whatever the delivery order', async () => {
    const tenantId = tenant();
    const { owner } = await tokensFor(tenantId);
    const v1 = await t.defineProgram({ tenantId, version: 1, pointsPerPln: 1 });
    await t.deliver(Topics.tenantPrograms, 'ProgramDefined', { ...v1, version: 3, pointsPerPln: 3 });
    await t.deliver(Topics.tenantPrograms, 'ProgramDefined', { ...v1, version: 2, pointsPerPln: 2 });
    const client = await t.enrol(v1);
    expect((await award(owner, client.cardId, 1000)).json()).toMatchObject({ card: { points: 30 } });
  });
});

describe('plan limit on active customers', () => {
  it('refuses the card above the limit (CardIssueRefused, the client stays enrolled); a freed seat lets the next in', async () => {
    const limited = await startCardLedger({ DEFAULT_PLAN_CUSTOMER_LIMIT: '2' });
    try {
      const tenantId = tenant();
      const program = await limited.defineProgram({ tenantId });
      const first = await limited.enrol(program);
      await limited.enrol(program);
      const third = await limited.enrol(program);
      const [refusal, ...rest] = await limited.events(third.cardId);
      expect(rest).toEqual([]);
      expect(refusal).toMatchObject({
        type: 'CardIssueRefused',
        data: { reason: 'customer_limit', limit: 2, activeCustomers: 2, clientId: third.clientId },
      });
      const { owner } = await tokensFor(tenantId);
      expect((await limited.call('GET', `/api/v1/cards?cardId=${third.cardId}`, owner)).statusCode).toBe(404);
      // the client's page asks by client: the company's staff are told why and what issues it; others are not
      const waiting = await limited.call('GET', `/api/v1/cards?clientId=${third.clientId}`, owner);
      expect(waiting.statusCode).toBe(404);
      expect(waiting.json()).toMatchObject({
        code: 'CARD.WAITING_FOR_SEAT',
        localizedMessage:
          'Karta nie została jeszcze wydana: plan firmy pozwala na 2 aktywnych klientów i ten limit jest wykorzystany. Po zmianie planu na większy karta zostanie wydana automatycznie.',
      });
      const stranger = (await tokensFor(tenant())).owner;
      const foreign = await limited.call('GET', `/api/v1/cards?clientId=${third.clientId}`, stranger);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ code: 'CARD.NOT_FOUND' });
      // redelivery records nothing new
      await limited.deliver(Topics.tenantClients, 'ClientEnrolled', { ...third }, third.eventId);
      expect(await limited.events(third.cardId)).toHaveLength(1);

      await limited.deliver(Topics.tenantClients, 'ClientRemoved', {
        clientId: first.clientId,
        tenantId,
        programId: program.programId,
        removedAt: new Date().toISOString(),
      });
      const fourth = await limited.enrol(program);
      expect((await limited.events(fourth.cardId)).map((e) => e.type)).toEqual(['CardIssued']);
    } finally {
      await limited.close();
    }
  });
});

describe('plan limit counts people, not cards (ADR 0051)', () => {
  it('a customer in a second programme gets its card at the limit; a new person does not; a closed last card frees the seat', async () => {
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
      const anna = await limited.enrol(points);
      await limited.enrol(points);
      const typesOf = async (cardId: string) => (await limited.events(cardId)).map((e) => e.type);
      const annasStamps = await limited.enrol(stamps, { userId: anna.userId });
      expect(await typesOf(annasStamps.cardId)).toEqual(['CardIssued']);
      const newcomer = await limited.enrol(stamps);
      expect(await typesOf(newcomer.cardId)).toEqual(['CardIssueRefused']);
      expect((await limited.events(newcomer.cardId))[0]).toMatchObject({
        data: { limit: 2, activeCustomers: 2 },
      });

      // Anna leaves the points programme: she still holds a seat with her stamp card, so nobody new gets in …
      const remove = (client: { clientId: string; programId: string }) =>
        limited.deliver(Topics.tenantClients, 'ClientRemoved', {
          clientId: client.clientId,
          tenantId,
          programId: client.programId,
          removedAt: new Date().toISOString(),
        });
      await remove(anna);
      expect(await typesOf((await limited.enrol(points)).cardId)).toEqual(['CardIssueRefused']);
      // … and with her last card closed, her seat is free
      await remove(annasStamps);
      expect(await typesOf((await limited.enrol(points)).cardId)).toEqual(['CardIssued']);
    } finally {
      await limited.close();
    }
  });
});

describe('plan limit from billing', () => {
  const entitlement = (tenantId: string, customerLimit: number, at: string, status = 'active') => ({
    tenantId,
    at,
    entitlement: { status, planId: 'basic', customerLimit, writable: status !== 'lapsed', periodEnd: at },
    planId: 'basic',
    isForYear: false,
    periodStart: at,
    periodEnd: at,
    paymentId: 'p1',
    amountGrosze: 3000,
  });

  it("replaces the default with the tenant's entitlement; an older event does not undo a newer one; a lapse keeps cards", async () => {
    const tenantId = tenant();
    const program = await t.defineProgram({ tenantId });
    await t.deliver(
      Topics.billingSubscriptions,
      'SubscriptionActivated',
      entitlement(tenantId, 2, '2026-03-02T10:00:00.000Z'),
    );
    await t.deliver(
      Topics.billingSubscriptions,
      'SubscriptionActivated',
      entitlement(tenantId, 500, '2026-03-01T10:00:00.000Z'),
    );
    const first = await t.enrol(program);
    await t.enrol(program);
    const third = await t.enrol(program);
    expect((await t.events(third.cardId)).map((e) => e.type)).toEqual(['CardIssueRefused']);
    expect((await t.events(third.cardId))[0]).toMatchObject({ data: { limit: 2, activeCustomers: 2 } });

    // the subscription lapses: the limit stays, the cards keep working (an award still lands)
    await t.deliver(Topics.billingSubscriptions, 'SubscriptionLapsed', {
      ...entitlement(tenantId, 2, '2026-04-02T10:00:00.000Z', 'lapsed'),
      reason: 'payment_failed',
    });
    const { owner } = await tokensFor(tenantId);
    const res = await award(owner, first.cardId, 1000);
    expect(res.statusCode, res.body).toBe(200);

    // an upgrade raises the limit: the next client gets a card
    await t.deliver(Topics.billingSubscriptions, 'SubscriptionUpgraded', {
      ...entitlement(tenantId, 500, '2026-04-03T10:00:00.000Z'),
    });
    const fourth = await t.enrol(program);
    expect((await t.events(fourth.cardId)).map((e) => e.type)).toEqual(['CardIssued']);
    // … and the card the limit refused is issued by the upgrade itself
    expect((await t.events(third.cardId)).map((e) => e.type)).toEqual(['CardIssueRefused', 'CardIssued']);
    expect((await t.call('GET', `/api/v1/cards?cardId=${third.cardId}`, owner)).statusCode).toBe(200);
  });

  it('issues the waiting cards when the limit is raised: the longest waiting first, as many as fit, none removed', async () => {
    const tenantId = tenant();
    const program = await t.defineProgram({ tenantId });
    await t.deliver(
      Topics.billingSubscriptions,
      'SubscriptionActivated',
      entitlement(tenantId, 1, '2026-03-02T10:00:00.000Z'),
    );
    await t.enrol(program);
    const waiting = [];
    for (let i = 0; i < 4; i++) {
      t.advance(60);
      waiting.push(await t.enrol(program));
    }
    await t.deliver(Topics.tenantClients, 'ClientRemoved', {
      clientId: waiting[0]!.clientId,
      tenantId,
      programId: program.programId,
      removedAt: new Date().toISOString(),
    });
    const typesOf = async (cardId: string) => (await t.events(cardId)).map((e) => e.type);
    for (const client of waiting) expect(await typesOf(client.cardId)).toEqual(['CardIssueRefused']);

    // room for two more: the two longest waiting clients still enrolled get their cards, the last keeps waiting
    const raised = entitlement(tenantId, 3, '2026-03-03T10:00:00.000Z');
    await t.deliver(Topics.billingSubscriptions, 'SubscriptionUpgraded', raised);
    expect(await typesOf(waiting[0]!.cardId)).toEqual(['CardIssueRefused']);
    expect(await typesOf(waiting[1]!.cardId)).toEqual(['CardIssueRefused', 'CardIssued']);
    expect(await typesOf(waiting[2]!.cardId)).toEqual(['CardIssueRefused', 'CardIssued']);
    expect(await typesOf(waiting[3]!.cardId)).toEqual(['CardIssueRefused']);
    // the same event again issues nothing more
    await t.deliver(Topics.billingSubscriptions, 'SubscriptionUpgraded', raised);
    expect(await typesOf(waiting[3]!.cardId)).toEqual(['CardIssueRefused']);
  });
});
