import type { MyCard, MyCardsResponse } from '@punkto/contracts/customers';
import { Roles } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { createLogger } from '@punkto/platform/observability/logger';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../../../../gateway/src/app';
import { GatewayEnv } from '../../../../gateway/src/config';
import { MaintenanceSwitch } from '../../../../gateway/src/maintenance';
import { aReward } from '../testing/mothers';
import {
  startCardLedger,
  tokenFor,
  tokensFor,
  type CardLedgerTestApp,
} from '../testing/card-ledger-test-app';

let t: CardLedgerTestApp;
beforeAll(async () => {
  t = await startCardLedger({ SSE_HEARTBEAT_MS: '300' });
});
afterAll(async () => {
  await t?.close();
});

const tenant = () => `t-${randomUUID()}`;

describe('customer portal reads', () => {
  it('my-cards, my-overview and my-history show the caller’s own cards only', async () => {
    const tenantId = tenant();
    const { owner, customer } = await tokensFor(tenantId);
    const program = await t.defineProgram({
      tenantId,
      rewards: [aReward({ id: 'r-coffee', cost: 10 }), aReward({ id: 'r-cake', name: 'Sernik', cost: 500 })],
    });
    const userId = randomUUID();
    const a = await t.enrol(program, { userId });
    const b = await t.enrol(await t.defineProgram({ tenantId, name: 'Drugi program' }), { userId });
    await t.enrol(program); // someone else's card
    t.setNow(new Date(Date.now() + 86_400_000).toISOString()); // after the cards were issued
    try {
      for (let i = 0; i < 25; i++) {
        t.advance(3);
        await t.call('POST', `/api/v1/cards/${a.cardId}/points-from-amount`, owner, {
          body: { amountGrosze: 100 },
        });
      }
    } finally {
      t.setNow(null);
    }
    const me = await customer(userId);

    const cards = (await t.call('GET', '/api/v1/customers/my-cards', me)).json() as MyCardsResponse;
    expect(cards.items.map((c) => c.cardId).sort()).toEqual([a.cardId, b.cardId].sort());
    const first = cards.items.find((c) => c.cardId === a.cardId)!;
    expect(first).toMatchObject({
      companyName: 'Kawiarnia Pod Lipą',
      programName: program.name,
      points: 25,
      nextReward: { rewardId: 'r-cake', remaining: 475 },
      rewards: [
        { id: 'r-coffee', redeemable: true, blocker: null },
        { id: 'r-cake', redeemable: false },
      ],
    });

    const overview = (await t.call('GET', '/api/v1/customers/my-overview', me)).json();
    expect(overview).toMatchObject({ activeCards: 2, rewardsReady: 1 });
    // each card's own balance: points of two companies' programs are never added into one number
    expect(overview).not.toHaveProperty('totalPoints');
    const balanceOf = (cardId: string) =>
      overview.balances.find((b: { cardId: string }) => b.cardId === cardId);
    expect(overview.balances).toHaveLength(2);
    expect(balanceOf(a.cardId)).toEqual({
      cardId: a.cardId,
      companyName: 'Kawiarnia Pod Lipą',
      programName: program.name,
      kind: first.kind,
      points: 25,
      stamps: 0,
      stampsRequired: first.stampsRequired,
    });
    expect(balanceOf(b.cardId)).toMatchObject({ cardId: b.cardId });
    expect(overview.recentActivity).toHaveLength(5);
    expect(overview.recentActivity[0]).toMatchObject({ type: 'points_earned', points: 1 });

    // SPEC §9: page 1, size 20 by default; newest first
    const page1 = (await t.call('GET', '/api/v1/customers/my-history', me)).json();
    expect(page1).toMatchObject({ pageNumber: 1, pageSize: 20, totalCount: 27, totalPages: 2 });
    expect(page1.items).toHaveLength(20);
    const times = page1.items.map((i: { occurredAt: string }) => i.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
    const page2 = (await t.call('GET', '/api/v1/customers/my-history?pageNumber=2', me)).json();
    expect(page2.items).toHaveLength(7);
    const issued = (await t.call('GET', '/api/v1/customers/my-history?activityType=card_issued', me)).json();
    expect(issued).toMatchObject({
      totalCount: 2,
      items: [{ description: 'Wydano kartę' }, { type: 'card_issued' }],
    });
    const bad = await t.call('GET', '/api/v1/customers/my-history?activityType=nope', me);
    expect(bad.statusCode).toBe(400);
  });

  it("a card shows its company's colours (the default ones before) and its logo", async () => {
    const tenantId = tenant();
    const { customer } = await tokensFor(tenantId);
    const userId = randomUUID();
    const branding = { backgroundColor: '#2b8a3e', foregroundColor: '#ffffff', labelColor: '#d3f9d8' };
    await t.deliver(Topics.tenantTenants, 'TenantCreated', {
      tenantId,
      ownerId: 'o1',
      companyName: 'Kawiarnia Pod Lipą',
      nip: '1234563218',
      createdAt: new Date().toISOString(),
    });
    await t.deliver(Topics.tenantTenants, 'TenantUpdated', {
      tenantId,
      changes: { branding },
      updatedAt: new Date().toISOString(),
    });
    await t.enrol(await t.defineProgram({ tenantId }), { userId });
    const me = await customer(userId);
    const myCard = async () =>
      ((await t.call('GET', '/api/v1/customers/my-cards', me)).json() as MyCardsResponse).items[0]!;
    expect(await myCard()).toMatchObject({ companyBranding: branding, companyLogoUrl: null });
    const logo = `https://punkto.example/api/v1/tenants/${tenantId}/images/logo-2x-0123456789abcdef.png`;
    await t.deliver(Topics.tenantTenants, 'TenantLogoChanged', {
      tenantId,
      logo: {
        url: logo,
        renditions: { 'logo@2x': logo, icon: `${logo}?icon` },
        contentHash: '0123456789abcdef',
        uploadedAt: new Date().toISOString(),
      },
      changedAt: new Date().toISOString(),
    });
    // a later rename keeps them
    await t.deliver(Topics.tenantTenants, 'TenantUpdated', {
      tenantId,
      changes: { companyName: 'Kawiarnia Nad Rzeką' },
      updatedAt: new Date().toISOString(),
    });
    expect(await myCard()).toMatchObject({
      companyName: 'Kawiarnia Nad Rzeką',
      companyBranding: branding,
      companyLogoUrl: logo,
    });
  });

  it('is for customers: staff get 403, nobody gets 401', async () => {
    const { owner } = await tokensFor(tenant());
    for (const path of ['my-cards', 'my-overview', 'my-history']) {
      expect((await t.call('GET', `/api/v1/customers/${path}`, owner)).statusCode).toBe(403);
      expect((await t.call('GET', `/api/v1/customers/${path}`, null)).statusCode).toBe(401);
    }
  });
});

/** A minimal server-sent-events reader over node:http. */
function openStream(url: string, token: string) {
  const events: Array<{ event: string; data: unknown }> = [];
  let comments = 0;
  let buffer = '';
  let status = 0;
  let headers: http.IncomingHttpHeaders = {};
  let ended = false;
  const request = http.get(
    url,
    { headers: { cookie: `${ACCESS_COOKIE}=${token}`, accept: 'text/event-stream' } },
    (res) => {
      status = res.statusCode ?? 0;
      headers = res.headers;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) comments++;
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      });
      res.on('end', () => (ended = true));
    },
  );
  request.on('error', () => (ended = true));
  return {
    events,
    get status() {
      return status;
    },
    get headers() {
      return headers;
    },
    get comments() {
      return comments;
    },
    get ended() {
      return ended;
    },
    close: () => request.destroy(),
  };
}

describe('GET /api/v1/customers/my-cards/stream (server-sent events)', () => {
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('sends the cards on connect, then a card within a second of an award, with heartbeats', async () => {
    const tenantId = tenant();
    const { owner, customer } = await tokensFor(tenantId);
    const client = await t.enrol(await t.defineProgram({ tenantId }));
    const stream = openStream(`${base}/api/v1/customers/my-cards/stream`, await customer(client.userId));
    try {
      await expect.poll(() => stream.events.length, { timeout: 5000 }).toBe(1);
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(stream.events[0]).toMatchObject({
        event: 'cards',
        data: { items: [{ cardId: client.cardId, points: 0 }] },
      });

      const awardedAt = Date.now();
      const res = await t.call('POST', `/api/v1/cards/${client.cardId}/points-from-amount`, owner, {
        body: { amountGrosze: 4200 },
      });
      expect(res.statusCode).toBe(200);
      await expect
        .poll(() => stream.events.find((e) => e.event === 'card'), { timeout: 1000, interval: 10 })
        .toMatchObject({ data: { cardId: client.cardId, points: 42 } });
      expect(Date.now() - awardedAt).toBeLessThan(1000);
      await expect.poll(() => stream.comments, { timeout: 2000 }).toBeGreaterThanOrEqual(1);
      expect((stream.events.at(-1)!.data as MyCard).qrPayload).toMatch(/^P1\./);
    } finally {
      stream.close();
    }
  });

  it("never sends another customer's cards", async () => {
    const tenantId = tenant();
    const { owner, customer } = await tokensFor(tenantId);
    const program = await t.defineProgram({ tenantId });
    const mine = await t.enrol(program);
    const theirs = await t.enrol(program);
    const stream = openStream(`${base}/api/v1/customers/my-cards/stream`, await customer(mine.userId));
    try {
      await expect.poll(() => stream.events.length, { timeout: 5000 }).toBe(1);
      await t.call('POST', `/api/v1/cards/${theirs.cardId}/points-from-amount`, owner, {
        body: { amountGrosze: 1000 },
      });
      await t.call('POST', `/api/v1/cards/${mine.cardId}/points-from-amount`, owner, {
        body: { amountGrosze: 2000 },
      });
      await expect.poll(() => stream.events.length, { timeout: 2000 }).toBe(2);
      // a marker: a second card of this customer; once it is here, a leaked change of theirs would be too
      const second = await t.enrol(await t.defineProgram({ tenantId }), { userId: mine.userId });
      await expect.poll(() => stream.events.length, { timeout: 2000 }).toBeGreaterThanOrEqual(3);
      expect(stream.events.slice(1).map((e) => (e.data as MyCard).cardId)).toEqual([
        mine.cardId,
        second.cardId,
      ]);
    } finally {
      stream.close();
    }
  });

  it('is for customers only', async () => {
    const stream = openStream(
      `${base}/api/v1/customers/my-cards/stream`,
      await tokenFor(randomUUID(), Roles.owner, { tid: 't' }),
    );
    await expect.poll(() => stream.ended, { timeout: 2000 }).toBe(true);
    expect(stream.status).toBe(403);
  });

  it('works through the gateway: not buffered, and not cut by its upstream timeout while idle', async () => {
    // heartbeats every 15 s (the default): the stream is idle far longer than the gateway's upstream timeout
    const quiet = await startCardLedger();
    const logger = createLogger('gateway', 'silent');
    const config = GatewayEnv.parse({
      CARD_LEDGER_URL: await quiet.app.listen({ port: 0, host: '127.0.0.1' }),
      WEB_DIST_DIR: '',
      UPSTREAM_TIMEOUT_MS: '300',
      RATE_LIMIT_PER_MINUTE: '1000',
      DEV_MAILBOX: 'false',
    });
    const gateway = await buildGateway({
      config,
      logger,
      maintenance: new MaintenanceSwitch(false, undefined, 60_000),
    });
    const gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
    const tenantId = tenant();
    const { owner, customer } = await tokensFor(tenantId);
    const client = await quiet.enrol(await quiet.defineProgram({ tenantId }));
    const stream = openStream(
      `${gatewayUrl}/api/v1/customers/my-cards/stream`,
      await customer(client.userId),
    );
    try {
      await expect.poll(() => stream.events.length, { timeout: 5000 }).toBe(1);
      await new Promise((r) => setTimeout(r, 1500)); // idle: 5× UPSTREAM_TIMEOUT_MS, no heartbeat yet
      expect(stream.ended).toBe(false);
      const sent = Date.now();
      await quiet.call('POST', `/api/v1/cards/${client.cardId}/points-from-amount`, owner, {
        body: { amountGrosze: 700 },
      });
      await expect
        .poll(() => stream.events.find((e) => e.event === 'card'), { timeout: 1000, interval: 10 })
        .toMatchObject({ data: { points: 7 } });
      expect(Date.now() - sent).toBeLessThan(1000);
    } finally {
      stream.close();
      await gateway.close();
      await quiet.close();
    }
  });
});
