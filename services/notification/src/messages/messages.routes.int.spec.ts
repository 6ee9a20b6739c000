import { Permissions, Roles } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { parseMail } from '@punkto/platform/mail/mime-parse';
import { SAME_ORIGIN } from '@punkto/platform/testing/same-origin';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startNotification, type NotificationTestApp } from '../testing/notification-test-app';
import { batchJobId, MessageJobs, startJobId, type InboxDoc } from './messages-context';
import { aCompany, aCustomer, recordingWallet, type SeededCustomer } from './testing/message-mothers';

// 11:00 in Warsaw
const START = new Date('2026-11-26T10:00:00.000Z');

describe('company messages over HTTP', () => {
  let now: Date;
  let app: NotificationTestApp;
  let wallet: ReturnType<typeof recordingWallet>;
  let company: { tenantId: string; programId: string };
  let owner: Record<string, string>;
  let customers: SeededCustomer[];

  beforeEach(async () => {
    now = START;
    wallet = recordingWallet();
    app = await startNotification(
      { MESSAGE_EMAILS_PER_SECOND: '0' },
      { clock: () => now, walletMessenger: wallet.messenger },
    );
    company = await aCompany(app);
    owner = await app.cookiesOf(randomUUID(), Roles.owner, company.tenantId);
    customers = [];
    // three with e-mail consent, one without; the first two have passes (Apple; Google)
    for (let n = 0; n < 4; n++)
      customers.push(await aCustomer(app, company, { consent: n < 3, n, visits: ['2026-11-20T10:00:00Z'] }));
    wallet.installed.set(customers[0]!.cardId, new Set(['apple']));
    wallet.installed.set(customers[1]!.cardId, new Set(['google']));
    wallet.installed.set(customers[3]!.cardId, new Set(['apple', 'google']));
  });
  afterEach(() => app.close());

  const base = () => `/api/v1/notifications/tenants/${company.tenantId}`;
  const draft = (over: object = {}) => ({
    title: 'Nowe ciasto',
    body: 'Od jutra sernik baskijski. Zapraszamy!',
    audience: { kind: 'all' },
    channels: { wallet: true, email: true },
    sendAt: null,
    ...over,
  });
  const create = (body: object, cookies = owner) =>
    app.app.inject({
      method: 'POST',
      url: `${base()}/campaigns`,
      headers: SAME_ORIGIN,
      cookies,
      payload: body,
    });
  const mails = async () => {
    const mailbox = app.infra.mailbox!;
    return Promise.all((await mailbox.list()).map(async (e) => parseMail((await mailbox.raw(e.id))!)));
  };
  const send = async (campaignId: string) => {
    await app.runJob(startJobId(campaignId));
    await app.runJob(batchJobId(campaignId, 0));
  };

  it('schedules, sends over the wallet and e-mail (consent only), reports, and fills the inbox', async () => {
    const size = await app.app.inject({
      method: 'POST',
      url: `${base()}/audience-size`,
      cookies: owner,
      headers: SAME_ORIGIN,
      payload: { kind: 'all' },
    });
    expect(size.json()).toEqual({ customers: 4, apple: 2, google: 2, email: 3, unreachable: 0 });

    const res = await create(draft());
    expect(res.statusCode).toBe(201);
    const campaign = res.json();
    expect(campaign).toMatchObject({
      status: 'scheduled',
      startsAt: START.toISOString(),
      movedByQuietHours: false,
      report: { targeted: 0 },
    });
    await send(campaign.id);

    const got = await app.app.inject({
      method: 'GET',
      url: `${base()}/campaigns/${campaign.id}`,
      cookies: owner,
    });
    expect(got.json()).toMatchObject({
      status: 'sent',
      startedAt: START.toISOString(),
      report: {
        targeted: 4,
        apple: { sent: 2, failed: 0 },
        google: { sent: 2, failed: 0, notified: 2 },
        email: { sent: 3, failed: 0 },
        unreachable: 0,
        failures: [],
        unsubscribed: 0,
      },
    });
    expect(wallet.sends.map((s) => `${s.card.cardId}:${s.platform}`).sort()).toEqual(
      [
        `${customers[0]!.cardId}:apple`,
        `${customers[1]!.cardId}:google`,
        `${customers[3]!.cardId}:apple`,
        `${customers[3]!.cardId}:google`,
      ].sort(),
    );
    expect(wallet.sends[0]!.message).toMatchObject({
      messageId: campaign.id,
      companyName: 'Kawiarnia Pod Lipą',
      title: 'Nowe ciasto',
    });

    const received = await mails();
    expect(received.map((m) => m.to).sort()).toEqual(
      [customers[0]!.email, customers[1]!.email, customers[2]!.email].sort(),
    );
    const mail = received[0]!;
    expect(mail.subject).toBe('Nowe ciasto');
    expect(mail.text).toContain('Od jutra sernik baskijski.');
    expect(mail.text).toContain('Kawiarnia Pod Lipą');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/localhost:8080\/api\/v1\/notifications\/unsubscribe\/[\w-]{43}>$/,
    );
    expect(mail.text).toMatch(/http:\/\/localhost:8080\/wypisz\?token=[\w-]{43}/);
    expect(mail.messageId).toContain(campaign.id);

    const inbox = await app.app.inject({
      method: 'GET',
      url: '/api/v1/notifications/my-messages',
      cookies: await app.cookiesOf(customers[3]!.userId),
    });
    expect(inbox.json()).toEqual({
      messages: [
        {
          id: campaign.id,
          tenantId: company.tenantId,
          companyName: 'Kawiarnia Pod Lipą',
          title: 'Nowe ciasto',
          body: 'Od jutra sernik baskijski. Zapraszamy!',
          sentAt: START.toISOString(),
        },
      ],
      hasMore: false,
    });

    // running the jobs again (a redelivery after a crash) sends nothing more
    await app.runHandler(MessageJobs.start, { campaignId: campaign.id });
    await app.runHandler(MessageJobs.batch, { campaignId: campaign.id, batch: 0 });
    expect(await mails()).toHaveLength(3);
    expect(wallet.sends).toHaveLength(4);
  });

  it('one-click unsubscribe (form body, RFC 8058) turns the consent off, counts it and tells the tenant service', async () => {
    const campaign = (await create(draft())).json();
    await send(campaign.id);
    const mail = (await mails()).find((m) => m.to === customers[0]!.email)!;
    const url = /<(http[^>]+)>/
      .exec(mail.headers['list-unsubscribe']!)![1]!
      .replace('http://localhost:8080', '');
    const token = url.split('/').at(-1)!;

    const view = await app.app.inject({ method: 'GET', url });
    expect(view.json()).toEqual({
      companyName: 'Kawiarnia Pod Lipą',
      maskedEmail: `k***@example.pl`,
      subscribed: true,
    });

    const res = await app.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      companyName: 'Kawiarnia Pod Lipą',
      message: 'Wypisano Cię z wiadomości e-mail od Kawiarnia Pod Lipą. Karta i punkty działają bez zmian.',
    });
    // the page's JSON post of the same link changes nothing more
    const again = await app.app.inject({ method: 'POST', url, payload: {} });
    expect(again.statusCode).toBe(200);
    expect((await app.app.inject({ method: 'GET', url })).json().subscribed).toBe(false);

    const report = (
      await app.app.inject({ method: 'GET', url: `${base()}/campaigns/${campaign.id}`, cookies: owner })
    ).json().report;
    expect(report.unsubscribed).toBe(1);
    const events = await app.infra.eventStore.readStream(`message-${campaign.id}`);
    const withdrawn = events.filter((e) => e.type === 'MarketingConsentWithdrawn');
    expect(withdrawn.map((e) => e.data)).toEqual([
      {
        campaignId: campaign.id,
        tenantId: company.tenantId,
        clientIds: [customers[0]!.clientId],
        withdrawnAt: START.toISOString(),
      },
    ]);
    // no event of the campaign names a person's e-mail
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain('@example.pl');

    // the next campaign e-mails only the two who still consent
    now = new Date(START.getTime() + 3_600_000);
    const next = (await create(draft({ title: 'Drugie' }))).json();
    await send(next.id);
    const second = (await mails()).filter((m) => m.subject === 'Drugie').map((m) => m.to);
    expect(second.sort()).toEqual([customers[1]!.email, customers[2]!.email].sort());

    expect(
      (await app.app.inject({ method: 'GET', url: `/api/v1/notifications/unsubscribe/${token}x` })).json(),
    ).toMatchObject({
      code: 'MESSAGES.UNSUBSCRIBE_NOT_FOUND',
    });
  });

  it('limits the public unsubscribe calls per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push(
        (await app.app.inject({ method: 'GET', url: `/api/v1/notifications/unsubscribe/nieznany-${i}` }))
          .statusCode,
      );
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    const limited = await app.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/unsubscribe/nieznany',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      localizedMessage: expect.stringContaining('Odczekaj'),
    });
  });

  it('„Wiadomości od firm” off reaches the customer by no channel', async () => {
    await app.deliver(Topics.identityUsers, 'PreferencesChanged', {
      userId: customers[0]!.userId,
      preferences: { companyMessages: false, emailNotifications: true },
      changedAt: '2026-11-25T10:00:00.000Z',
    });
    const campaign = (await create(draft())).json();
    await send(campaign.id);
    const report = (
      await app.app.inject({ method: 'GET', url: `${base()}/campaigns/${campaign.id}`, cookies: owner })
    ).json().report;
    expect(report).toMatchObject({ targeted: 4, unreachable: 1, apple: { sent: 1 }, email: { sent: 2 } });
    expect((await mails()).map((m) => m.to)).not.toContain(customers[0]!.email);
  });

  it('moves a start within the quiet hours to 08:00 Warsaw', async () => {
    const res = await create(draft({ sendAt: '2026-11-26T22:15:00+01:00' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      requestedSendAt: '2026-11-26T21:15:00.000Z',
      startsAt: '2026-11-27T07:00:00.000Z',
      movedByQuietHours: true,
    });
    const job = await app.infra.scheduler.get(startJobId(res.json().id));
    expect(job?.runAt.toISOString()).toBe('2026-11-27T07:00:00.000Z');
  });

  it('a wallet batch that would run into the quiet hours waits for 08:00', async () => {
    now = new Date('2026-11-26T19:50:00.000Z'); // 20:50 in Warsaw
    const campaign = (await create(draft())).json();
    expect(campaign.movedByQuietHours).toBe(false);
    await app.runJob(startJobId(campaign.id));
    now = new Date('2026-11-26T20:05:00.000Z'); // 21:05: the batch's turn comes in the quiet hours
    await app.runJob(batchJobId(campaign.id, 0));
    expect(wallet.sends).toHaveLength(0);
    expect(await mails()).toHaveLength(0);
    const waiting = await app.infra.scheduler.get(batchJobId(campaign.id, 0));
    expect(waiting?.runAt.toISOString()).toBe('2026-11-27T07:00:00.000Z');
    now = new Date('2026-11-27T07:00:00.000Z');
    await app.runJob(batchJobId(campaign.id, 0));
    expect(wallet.sends).toHaveLength(4);
    expect(await mails()).toHaveLength(3);
    const got = await app.app.inject({
      method: 'GET',
      url: `${base()}/campaigns/${campaign.id}`,
      cookies: owner,
    });
    expect(got.json()).toMatchObject({ status: 'sent', finishedAt: '2026-11-27T07:00:00.000Z' });
  });

  it('refuses the fifth campaign of a week, a duplicate, a past time and an audience nobody can receive', async () => {
    const past = await create(draft({ title: 'X', sendAt: '2026-11-26T09:00:00Z' }));
    expect(past.statusCode).toBe(422);
    expect(past.json()).toMatchObject({ code: 'MESSAGES.SEND_AT_IN_PAST' });
    const nobody = await create(draft({ title: 'Y', audience: { kind: 'segment', segment: 'lapsed' } }));
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json()).toMatchObject({ code: 'MESSAGES.NO_RECIPIENTS' });

    for (let i = 0; i < 4; i++)
      expect((await create(draft({ title: `Kampania ${i}` }))).statusCode).toBe(201);
    const fifth = await create(draft({ title: 'Piąta' }));
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json()).toMatchObject({ code: 'MESSAGES.WEEKLY_LIMIT' });
    const list = (await app.app.inject({ method: 'GET', url: `${base()}/campaigns`, cookies: owner })).json();
    expect(list.limits).toEqual({ campaignsPerWeek: 4, used: 4, nextSlotAt: '2026-12-03T10:00:00.000Z' });
    expect(list.campaigns).toHaveLength(4);

    const dup = await create(draft({ title: 'Kampania 1' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'MESSAGES.DUPLICATE', localizedMessage: expect.any(String) });
  });

  it('follows an operator override of the weekly limit', async () => {
    await app.close();
    const strict = randomUUID();
    app = await startNotification(
      { MESSAGE_CAMPAIGNS_PER_WEEK_OVERRIDES: `${strict}=1,other=7` },
      { clock: () => now, walletMessenger: wallet.messenger },
    );
    company = await aCompany(app, 'Piekarnia', strict);
    owner = await app.cookiesOf(randomUUID(), Roles.owner, company.tenantId);
    await aCustomer(app, company);
    expect((await create(draft())).statusCode).toBe(201);
    const second = await create(draft({ title: 'Druga' }));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'MESSAGES.WEEKLY_LIMIT' });
    const list = (await app.app.inject({ method: 'GET', url: `${base()}/campaigns`, cookies: owner })).json();
    expect(list.limits).toMatchObject({ campaignsPerWeek: 1, used: 1 });
  });

  it('cancels a scheduled campaign; a started one cannot be cancelled', async () => {
    const later = (await create(draft({ sendAt: '2026-11-26T15:00:00Z' }))).json();
    const cancelled = await app.app.inject({
      method: 'POST',
      url: `${base()}/campaigns/${later.id}/cancel`,
      cookies: owner,
      headers: SAME_ORIGIN,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelledAt: START.toISOString() });
    expect(await app.infra.scheduler.get(startJobId(later.id))).toBeNull();

    const started = (await create(draft({ title: 'Teraz' }))).json();
    await app.runJob(startJobId(started.id));
    const refused = await app.app.inject({
      method: 'POST',
      url: `${base()}/campaigns/${started.id}/cancel`,
      cookies: owner,
      headers: SAME_ORIGIN,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'MESSAGES.ALREADY_STARTED' });
  });

  it('serves a long inbox in pages of 200, newest first, each message once (the data export reads them all)', async () => {
    const userId = randomUUID();
    const inbox = app.infra.documents.collection<InboxDoc>('message_inbox');
    for (let i = 0; i < 201; i++)
      await inbox.insert({
        _id: `${userId}:c${i}`,
        userId,
        tenantId: company.tenantId,
        campaignId: `c${i}`,
        companyName: 'Kawiarnia Pod Lipą',
        title: `Wiadomość ${i}`,
        body: 'Zapraszamy!',
        // two messages share each minute: the order holds for equal times too
        sentAt: new Date(Date.UTC(2026, 0, 1, 0, Math.floor(i / 2))).toISOString(),
      });
    const page = async (pageNumber?: number) =>
      (
        await app.app.inject({
          method: 'GET',
          url: `/api/v1/notifications/my-messages${pageNumber ? `?pageNumber=${pageNumber}` : ''}`,
          cookies: await app.cookiesOf(userId),
        })
      ).json() as { messages: Array<{ id: string }>; hasMore: boolean };
    const first = await page();
    expect(first.messages).toHaveLength(200);
    expect(first.hasMore).toBe(true);
    expect(first.messages[0]!.id).toBe('c200');
    const second = await page(2);
    expect(second).toMatchObject({ hasMore: false });
    const ids = [...first.messages, ...second.messages].map((m) => m.id);
    expect(new Set(ids).size).toBe(201);
    expect(ids.at(-1)).toBe('c0');
  });

  it('forgets a deleted account: its inbox, its sealed address, its e-mails', async () => {
    const campaign = (await create(draft())).json();
    await send(campaign.id);
    const gone = customers[0]!;
    await app.deliver(Topics.identityUsers, 'UserDeleted', {
      userId: gone.userId,
      reason: 'self',
      deletedAt: '2026-11-26T10:30:00.000Z',
    });
    const inbox = await app.app.inject({
      method: 'GET',
      url: '/api/v1/notifications/my-messages',
      cookies: await app.cookiesOf(gone.userId),
    });
    expect(inbox.json()).toEqual({ messages: [], hasMore: false });
    expect(await app.infra.documents.collection('message_contacts').get(gone.clientId)).toBeNull();
    expect(await app.infra.documents.collection('person-keys').get(`client:${gone.clientId}`)).toBeNull();
    const size = await app.app.inject({
      method: 'POST',
      url: `${base()}/audience-size`,
      cookies: owner,
      headers: SAME_ORIGIN,
      payload: { kind: 'all' },
    });
    // the card is closed by the card ledger separately; until then the pass is still reachable, the e-mail not
    expect(size.json()).toMatchObject({ email: 2 });
  });

  it('cancels a campaign whose company was deleted before it started', async () => {
    const campaign = (await create(draft())).json();
    await app.deliver(Topics.tenantTenants, 'TenantDeleted', {
      tenantId: company.tenantId,
      ownerId: 'o1',
      deletedAt: '2026-11-26T10:00:00.000Z',
    });
    await app.runJob(startJobId(campaign.id));
    const got = await app.app.inject({
      method: 'GET',
      url: `${base()}/campaigns/${campaign.id}`,
      cookies: owner,
    });
    expect(got.json()).toMatchObject({ status: 'cancelled', startedAt: null });
    expect(await mails()).toHaveLength(0);
    expect(wallet.sends).toHaveLength(0);
  });

  it('sends to the customers of one program, or to one customer', async () => {
    const other = { tenantId: company.tenantId, programId: randomUUID() };
    const elsewhere = await aCustomer(app, other, { visits: ['2026-11-21T10:00:00Z'] });
    wallet.installed.set(elsewhere.cardId, new Set(['google']));
    const ofProgram = await app.app.inject({
      method: 'POST',
      url: `${base()}/audience-size`,
      cookies: owner,
      headers: SAME_ORIGIN,
      payload: { kind: 'program', programId: other.programId },
    });
    expect(ofProgram.json()).toEqual({ customers: 1, apple: 0, google: 1, email: 1, unreachable: 0 });
    const first = (await create(draft({ audience: { kind: 'program', programId: other.programId } }))).json();
    await send(first.id);
    expect((await mails()).map((m) => m.to)).toEqual([elsewhere.email]);
    expect(wallet.sends.map((s) => s.card.cardId)).toEqual([elsewhere.cardId]);

    const one = (
      await create(
        draft({
          title: 'Tylko dla Ciebie',
          audience: { kind: 'customer', clientId: customers[2]!.clientId },
        }),
      )
    ).json();
    await send(one.id);
    expect((await mails()).filter((m) => m.subject === 'Tylko dla Ciebie').map((m) => m.to)).toEqual([
      customers[2]!.email,
    ]);
    // one customer without consent and without a pass cannot be reached
    const unreachable = await create(
      draft({
        title: 'Nikt',
        audience: { kind: 'customer', clientId: customers[3]!.clientId },
        channels: { wallet: false, email: true },
      }),
    );
    expect(unreachable.json()).toMatchObject({ code: 'MESSAGES.NO_RECIPIENTS' });
  });

  it('sends to a segment only the customers the analytics count in it', async () => {
    // a lapsed customer: last visit in June
    const lapsed = await aCustomer(app, company, { visits: ['2026-06-01T10:00:00Z'] });
    const size = await app.app.inject({
      method: 'POST',
      url: `${base()}/audience-size`,
      cookies: owner,
      headers: SAME_ORIGIN,
      payload: { kind: 'segment', segment: 'lapsed' },
    });
    expect(size.json()).toEqual({ customers: 1, apple: 0, google: 0, email: 1, unreachable: 0 });
    const campaign = (await create(draft({ audience: { kind: 'segment', segment: 'lapsed' } }))).json();
    await send(campaign.id);
    expect((await mails()).map((m) => m.to)).toEqual([lapsed.email]);
  });

  it('refuses another company’s staff, an employee without the permission, customers and strangers', async () => {
    const campaign = (await create(draft())).json();
    const other = await app.cookiesOf(randomUUID(), Roles.owner, randomUUID());
    const employee = await app.cookiesOf(randomUUID(), Roles.employee, company.tenantId, []);
    const allowed = await app.cookiesOf(randomUUID(), Roles.employee, company.tenantId, [
      Permissions.messagesSend,
    ]);
    const customer = await app.cookiesOf(customers[0]!.userId);
    const calls = [
      { method: 'GET' as const, url: `${base()}/campaigns` },
      { method: 'POST' as const, url: `${base()}/campaigns`, payload: draft({ title: 'Obca' }) },
      { method: 'GET' as const, url: `${base()}/campaigns/${campaign.id}` },
      { method: 'POST' as const, url: `${base()}/campaigns/${campaign.id}/cancel` },
      { method: 'POST' as const, url: `${base()}/audience-size`, payload: { kind: 'all' } },
    ];
    for (const call of calls) {
      for (const cookies of [other, employee, customer]) {
        const res = await app.app.inject({ ...call, headers: SAME_ORIGIN, cookies });
        expect({ call: call.url, status: res.statusCode }).toEqual({ call: call.url, status: 403 });
        expect(res.json()).toMatchObject({ code: expect.any(String), localizedMessage: expect.any(String) });
      }
      expect((await app.app.inject({ ...call })).statusCode).toBe(401);
    }
    expect(
      (await app.app.inject({ method: 'GET', url: `${base()}/campaigns/${campaign.id}`, cookies: allowed }))
        .statusCode,
    ).toBe(200);
    // staff have no inbox
    expect(
      (await app.app.inject({ method: 'GET', url: '/api/v1/notifications/my-messages', cookies: owner }))
        .statusCode,
    ).toBe(403);
    // the campaign is still scheduled
    expect(
      (
        await app.app.inject({ method: 'GET', url: `${base()}/campaigns/${campaign.id}`, cookies: owner })
      ).json().status,
    ).toBe('scheduled');
  });
});
