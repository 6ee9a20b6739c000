import { Roles } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { parseMail } from '@punkto/platform/mail/mime-parse';
import { SAME_ORIGIN } from '@punkto/platform/testing/same-origin';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startNotification, type NotificationTestApp } from '../testing/notification-test-app';
import { AUTOMATION_DAILY_CAP } from '@punkto/contracts/message-automations';
import { AUTOMATION_SEND_JOB, automationJobId } from './automation-sending';
import type { AutomationSendDoc } from './automation-store';
import { AUTOMATION_SWEEP_JOB } from './automation-triggers';
import { aCompany, aCustomer, recordingWallet } from './testing/message-mothers';

// 11:00 in Warsaw
const START = new Date('2026-11-26T10:00:00.000Z');

describe('automatic messages (ADR 0060)', () => {
  let now: Date;
  let app: NotificationTestApp;
  let wallet: ReturnType<typeof recordingWallet>;
  let company: { tenantId: string; programId: string };
  let owner: Record<string, string>;

  beforeEach(async () => {
    now = START;
    wallet = recordingWallet();
    app = await startNotification(
      { MESSAGE_EMAILS_PER_SECOND: '0' },
      { clock: () => now, walletMessenger: wallet.messenger },
    );
    company = await aCompany(app);
    owner = await app.cookiesOf(randomUUID(), Roles.owner, company.tenantId);
  });
  afterEach(() => app.close());

  const url = () => `/api/v1/notifications/tenants/${company.tenantId}/automations`;
  const save = (body: object, cookies = owner) =>
    app.app.inject({ method: 'PUT', url: url(), headers: SAME_ORIGIN, cookies, payload: body });
  const list = (cookies = owner) => app.app.inject({ method: 'GET', url: url(), cookies });
  const settings = (over: object = {}) => ({
    kind: 'welcome',
    enabled: true,
    title: 'Witamy w {firma}!',
    body: 'Dziękujemy za dołączenie.',
    channels: { wallet: true, email: true },
    days: null,
    ...over,
  });
  const sends = () => app.infra.documents.collection<AutomationSendDoc>('message_automation_sends').find({});
  const deliverAll = async () => {
    for (const send of await sends())
      if (send.status === 'scheduled') await app.runJob(automationJobId(send._id));
  };
  const mails = async () => {
    const mailbox = app.infra.mailbox!;
    return Promise.all((await mailbox.list()).map(async (e) => parseMail((await mailbox.raw(e.id))!)));
  };
  /** a stamp added at the test's clock (a visit on its Warsaw day) */
  const stamp = (cardId: string, stamps: number) => app.stampsAdded(cardId, stamps, now.toISOString());

  it('lists the defaults switched off, saves the owner’s settings and refuses bad ones on the field', async () => {
    const first = await list();
    expect(first.statusCode).toBe(200);
    expect(
      first.json().automations.map((a: { kind: string; enabled: boolean }) => [a.kind, a.enabled]),
    ).toEqual([
      ['welcome', false],
      ['reward_ready', false],
      ['win_back', false],
      ['expiry_warning', false],
    ]);
    expect(first.json().automations[2]).toMatchObject({
      days: 30,
      updatedAt: null,
      effect: { sent: 0, returned: 0 },
    });

    const saved = await save(settings({ kind: 'win_back', title: 'Tęsknimy!', days: 45 }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ kind: 'win_back', enabled: true, title: 'Tęsknimy!', days: 45 });
    const again = (await list()).json().automations[2];
    expect(again).toMatchObject({ enabled: true, days: 45, updatedAt: START.toISOString() });

    const bad = await save(settings({ body: 'Odbierz {nagroda} w {sklep}', title: '' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: {
        title: ['Podaj tytuł wiadomości.'],
        body: ['Nieznane pole: {nagroda}, {sklep}. Możesz użyć: {firma}.'],
      },
    });
    const days = await save(settings({ kind: 'win_back', days: 5 }));
    expect(days.statusCode).toBe(400);
    expect(days.json().errors.days).toEqual(['Najmniej 14 dni.']);
  });

  it('is the company’s own: another company’s owner, an employee without the permission and a customer get 403', async () => {
    const other = await app.cookiesOf(randomUUID(), Roles.owner, randomUUID());
    expect((await list(other)).statusCode).toBe(403);
    expect((await save(settings(), other)).statusCode).toBe(403);
    const employee = await app.cookiesOf(randomUUID(), Roles.employee, company.tenantId, []);
    expect((await save(settings(), employee)).statusCode).toBe(403);
    const customer = await app.cookiesOf(randomUUID());
    expect((await list(customer)).statusCode).toBe(403);
  });

  it('welcomes a person once on joining: by e-mail only with consent, never on a second card; nothing while off', async () => {
    await aCustomer(app, company, { consent: true, n: 0 }); // joined while off
    expect(await sends()).toHaveLength(0);

    expect((await save(settings())).statusCode).toBe(200);
    const withConsent = await aCustomer(app, company, { consent: true, n: 1 });
    const without = await aCustomer(app, company, { consent: false, n: 2 });
    // a second program's card of the first person: no second welcome
    await app.cardIssued({
      tenantId: company.tenantId,
      programId: randomUUID(),
      clientId: withConsent.clientId,
      userId: withConsent.userId,
      issuedAt: now.toISOString(),
    });
    expect((await sends()).map((s) => s.personKey).sort()).toEqual(
      [withConsent.userId, without.userId].sort(),
    );
    await deliverAll();
    const received = await mails();
    expect(received.map((m) => [m.to, m.subject])).toEqual([
      [withConsent.email, 'Witamy w Kawiarnia Pod Lipą!'],
    ]);
    expect(received[0]!.headers['list-unsubscribe']).toMatch(/unsubscribe\/[\w-]{43}>$/);
    const byPerson = new Map((await sends()).map((s) => [s.personKey, s.status]));
    expect(byPerson.get(withConsent.userId)).toBe('sent');
    expect(byPerson.get(without.userId)).toBe('unreachable'); // no pass, no consent

    // a repeated job sends nothing again
    const sent = (await sends()).find((s) => s.personKey === withConsent.userId)!;
    await app.runHandler(AUTOMATION_SEND_JOB, { sendId: sent._id });
    expect(await mails()).toHaveLength(1);

    // its unsubscribe link withdraws the consent on the automation's stream (the tenant service learns it)
    const link = /<(http[^>]+)>/
      .exec(received[0]!.headers['list-unsubscribe']!)![1]!
      .replace('http://localhost:8080', '');
    const res = await app.app.inject({ method: 'POST', url: link, payload: {} });
    expect(res.statusCode).toBe(200);
    const events = await app.infra.eventStore.readStream(`automation-${company.tenantId}.welcome`);
    expect(events.filter((e) => e.type === 'MarketingConsentWithdrawn').map((e) => e.data)).toEqual([
      {
        campaignId: `${company.tenantId}.welcome`,
        tenantId: company.tenantId,
        clientIds: [withConsent.clientId],
        withdrawnAt: now.toISOString(),
      },
    ]);
  });

  it('welcomes a client enrolled by staff whose card arrives before the contact copy learns the account', async () => {
    await save(settings({ channels: { wallet: false, email: true } }));
    const clientId = randomUUID();
    const userId = randomUUID();
    await app.deliver(Topics.tenantClients, 'ClientEnrolled', {
      clientId,
      tenantId: company.tenantId,
      programId: company.programId,
      userId: null,
      email: 'ewa.zapisana@example.pl',
      name: 'Ewa Zapisana',
      phone: null,
      source: 'created',
      companyName: 'Kawiarnia Pod Lipą',
      programName: 'Kawa',
      marketingConsent: true,
      enrolledAt: now.toISOString(),
    });
    // the card ledger issued the card on the link; tenant's ClientAccountLinked is not here yet
    await app.cardIssued({
      tenantId: company.tenantId,
      programId: company.programId,
      clientId,
      userId,
      issuedAt: now.toISOString(),
    });
    await deliverAll();
    expect((await mails()).map((m) => m.to)).toEqual(['ewa.zapisana@example.pl']);
  });

  it('waits for the morning on the wallet when triggered in the quiet hours', async () => {
    await save(settings());
    now = new Date('2026-11-26T21:30:00.000Z'); // 22:30 in Warsaw
    await aCustomer(app, company, { n: 3 });
    const [send] = await sends();
    const job = await app.infra.scheduler.get(automationJobId(send!._id));
    expect(job?.runAt.toISOString()).toBe('2026-11-27T07:00:00.000Z');
  });

  it('tells that a reward is ready once per crossing of its cost', async () => {
    await save(
      settings({ kind: 'reward_ready', title: 'Nagroda czeka', body: 'Odbierz: {nagroda} w {firma}.' }),
    );
    const customer = await aCustomer(app, company, { n: 4, visits: Array(9).fill(START.toISOString()) });
    wallet.installed.set(customer.cardId, new Set(['apple']));
    expect(await sends()).toHaveLength(0);
    await stamp(customer.cardId, 10); // crosses 10: Kawa gratis
    await stamp(customer.cardId, 11); // stays above
    expect(await sends()).toHaveLength(1);
    await deliverAll();
    expect(wallet.sends).toHaveLength(1);
    expect(wallet.sends[0]!.message).toMatchObject({
      title: 'Nagroda czeka',
      body: 'Odbierz: Kawa gratis w Kawiarnia Pod Lipą.',
    });
    expect((await mails()).map((m) => m.text)).toEqual([expect.stringContaining('Odbierz: Kawa gratis')]);

    // redeemed (the balance drops below), then earned again: a second crossing
    await app.deliver(Topics.cardLedgerCards, 'BalanceAdjusted', {
      cardId: customer.cardId,
      commandId: randomUUID(),
      unit: 'stamps',
      delta: -11,
      reason: 'Wydana nagroda',
      employeeId: 'e1',
      correctionOf: null,
      balance: { points: 0, stamps: 0, lifetimePoints: 0 },
      adjustedAt: now.toISOString(),
    });
    const crossing = {
      cardId: customer.cardId,
      commandId: randomUUID(),
      count: 10,
      employeeId: 'e1',
      balance: { points: 0, stamps: 10, lifetimePoints: 0 },
      addedAt: now.toISOString(),
    };
    const eventId = await app.deliver(Topics.cardLedgerCards, 'StampsAdded', crossing);
    // the same event redelivered is the same occurrence
    await app.deliver(Topics.cardLedgerCards, 'StampsAdded', crossing, eventId);
    expect(await sends()).toHaveLength(2);
  });

  it('wins back a person absent exactly N days, once, and counts their return within 14 days', async () => {
    await save(
      settings({
        kind: 'win_back',
        title: 'Tęsknimy!',
        body: 'Wpadnij do {firma}.',
        days: 30,
        channels: { wallet: false, email: true },
      }),
    );
    // last visits 30 and 29 Warsaw days before 2026-11-26 (the first at 00:30 Warsaw: still 27 October there)
    const away = await aCustomer(app, company, {
      n: 5,
      visits: ['2026-10-20T10:00:00Z', '2026-10-26T23:30:00Z'],
    });
    const recent = await aCustomer(app, company, { n: 6, visits: ['2026-10-28T10:00:00Z'] });
    await app.runHandler(AUTOMATION_SWEEP_JOB, {});
    await app.runHandler(AUTOMATION_SWEEP_JOB, {}); // a second sweep the same day
    expect((await sends()).map((s) => [s.personKey, s.kind])).toEqual([[away.userId, 'win_back']]);
    await deliverAll();
    expect((await mails()).map((m) => [m.to, m.subject])).toEqual([[away.email, 'Tęsknimy!']]);

    // the next day: the first one's absence is 31 days (no second message for it), the other's is 30
    now = new Date('2026-11-27T10:00:00.000Z');
    await app.runHandler(AUTOMATION_SWEEP_JOB, {});
    expect((await sends()).map((s) => s.personKey).sort()).toEqual([away.userId, recent.userId].sort());

    now = new Date('2026-12-03T10:00:00.000Z');
    await stamp(away.cardId, 3);
    const effect = (await list())
      .json()
      .automations.find((a: { kind: string }) => a.kind === 'win_back').effect;
    expect(effect).toEqual({ sent: 1, returned: 1 });
  });

  it('reaches nobody who switched „Wiadomości od firm” off, keeps to the daily cap, and forgets a deleted account', async () => {
    await save(settings());
    const off = randomUUID();
    await app.deliver(Topics.identityUsers, 'PreferencesChanged', {
      userId: off,
      preferences: { companyMessages: false },
      changedAt: now.toISOString(),
    });
    await aCustomer(app, company, { n: 7, userId: off });
    await deliverAll();
    expect((await sends()).map((s) => s.status)).toEqual(['unreachable']);
    expect(await mails()).toHaveLength(0);

    // the company already sent its day's automatic messages: the next one waits for nobody, it is not sent
    const collection = app.infra.documents.collection<AutomationSendDoc>('message_automation_sends');
    for (let n = 0; n < AUTOMATION_DAILY_CAP; n++)
      await collection.insert({
        _id: `seeded-${n}`,
        tenantId: company.tenantId,
        kind: 'welcome',
        personKey: `someone-${n}`,
        cardIds: [],
        reward: null,
        createdAt: now.toISOString(),
        status: 'sent',
        sentAt: now.toISOString(),
        sentDay: '2026-11-26',
      });
    const late = await aCustomer(app, company, { n: 8 });
    await deliverAll();
    expect((await collection.find({ personKey: late.userId })).map((s) => s.status)).toEqual(['capped']);
    expect(await mails()).toHaveLength(0);

    await app.deliver(Topics.identityUsers, 'UserDeleted', {
      userId: late.userId,
      reason: 'account_deleted',
      deletedAt: now.toISOString(),
    });
    expect(await collection.find({ personKey: late.userId })).toEqual([]);
  });
});
