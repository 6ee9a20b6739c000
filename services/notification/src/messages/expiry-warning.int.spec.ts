import { Roles } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { parseMail } from '@punkto/platform/mail/mime-parse';
import { SAME_ORIGIN } from '@punkto/platform/testing/same-origin';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startNotification, type NotificationTestApp } from '../testing/notification-test-app';
import { automationJobId } from './automation-sending';
import type { AutomationSendDoc } from './automation-store';
import { aCompany, aCustomer, recordingWallet, type SeededCustomer } from './testing/message-mothers';

// The expiry warning (issue 34, ADR 0060/0062): the card ledger's nightly sweep records ExpiryWarningDue 30 and
// 3 days before a card's points or stamps expire; the notification service sends the owner's text once per card,
// expiry date and days before it, through the automatic messages' delivery.

// 11:00 in Warsaw
const START = new Date('2026-11-13T10:00:00.000Z');

describe('the expiry warning (ADR 0060)', () => {
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
  const save = (over: object = {}) =>
    app.app.inject({
      method: 'PUT',
      url: url(),
      headers: SAME_ORIGIN,
      cookies: owner,
      payload: {
        kind: 'expiry_warning',
        enabled: true,
        title: '{firma}: saldo wygasa',
        body: 'Wygasa: {ile}. Termin: {data}.',
        channels: { wallet: false, email: true },
        days: null,
        ...over,
      },
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
  /** ExpiryWarningDue as the card ledger publishes it (stamps: the test company's program collects stamps) */
  const warningDue = (customer: SeededCustomer, over: object = {}, eventId?: string) =>
    app.deliver(
      Topics.cardLedgerCards,
      'ExpiryWarningDue',
      {
        cardId: customer.cardId,
        tenantId: company.tenantId,
        programId: company.programId,
        clientId: customer.clientId,
        userId: customer.userId,
        unit: 'stamps',
        amount: 3,
        on: '2026-12-13',
        daysBefore: 30,
        dueAt: now.toISOString(),
        ...over,
      },
      eventId,
    );

  it('offers the default text switched off, with {ile} and {data} allowed and {nagroda} refused', async () => {
    const list = await app.app.inject({ method: 'GET', url: url(), cookies: owner });
    const warning = list.json().automations.find((a: { kind: string }) => a.kind === 'expiry_warning');
    expect(warning).toMatchObject({
      enabled: false,
      title: 'Wykorzystaj saldo, zanim wygaśnie',
      days: null,
      effect: { sent: 0, returned: 0 },
    });
    expect(warning.body).toContain('{ile}');
    const bad = await save({ body: 'Odbierz {nagroda} do {data}' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.body).toEqual([
      'Nieznane pole: {nagroda}. Możesz użyć: {firma}, {ile}, {data}.',
    ]);
  });

  it('sends nothing while switched off', async () => {
    const customer = await aCustomer(app, company, { n: 1 });
    await warningDue(customer);
    await deliverAll();
    expect(await sends()).toEqual([]);
    expect(await mails()).toHaveLength(0);
  });

  it('e-mails the consenting customer what expires and when, once; the one without consent gets nothing', async () => {
    expect((await save()).statusCode).toBe(200);
    const consenting = await aCustomer(app, company, { consent: true, n: 2 });
    const without = await aCustomer(app, company, { consent: false, n: 3 });
    const eventId = await warningDue(consenting);
    await warningDue(without);
    // the same event redelivered, and the same warning recorded again: the same occurrence
    await warningDue(consenting, {}, eventId);
    await warningDue(consenting);
    await deliverAll();
    await warningDue(consenting, {}, eventId); // after it went
    await deliverAll();

    const received = await mails();
    expect(received.map((m) => [m.to, m.subject])).toEqual([
      [consenting.email, 'Kawiarnia Pod Lipą: saldo wygasa'],
    ]);
    expect(received[0]!.text).toContain('Wygasa: 3 pieczątki. Termin: 13 grudnia 2026.');
    expect(received[0]!.headers['list-unsubscribe']).toMatch(/unsubscribe\/[\w-]{43}>$/);
    const byPerson = new Map((await sends()).map((s) => [s.personKey, s.status]));
    expect(byPerson.get(consenting.userId)).toBe('sent');
    expect(byPerson.get(without.userId)).toBe('unreachable');

    // the 3-day warning of the same expiry is another occurrence; so is the next expiry's
    await warningDue(consenting, { daysBefore: 3, amount: 1 });
    await warningDue(consenting, { on: '2027-01-13', amount: 12 });
    await deliverAll();
    expect((await mails()).map((m) => /Wygasa: .*/.exec(m.text ?? '')?.[0]).sort()).toEqual([
      'Wygasa: 1 pieczątka. Termin: 13 grudnia 2026.',
      'Wygasa: 12 pieczątek. Termin: 13 stycznia 2027.',
      'Wygasa: 3 pieczątki. Termin: 13 grudnia 2026.',
    ]);

    // its effect: the customer came back within 14 days
    now = new Date('2026-11-20T10:00:00.000Z');
    await app.stampsAdded(consenting.cardId, 4, now.toISOString());
    // a warning the service gets only on its expiry day (it was down) announces nothing
    now = new Date('2026-12-20T10:00:00.000Z');
    await warningDue(consenting, { on: '2026-12-20', daysBefore: 3, amount: 2 });
    expect(await sends()).toHaveLength(4);
    now = new Date('2026-11-20T10:00:00.000Z');
    const list = await app.app.inject({ method: 'GET', url: url(), cookies: owner });
    const effect = list.json().automations.find((a: { kind: string }) => a.kind === 'expiry_warning').effect;
    expect(effect).toEqual({ sent: 3, returned: 3 });
  });

  it('recorded in the night, goes to the card’s pass in the morning — that card only, not the person’s others', async () => {
    expect((await save({ channels: { wallet: true, email: false } })).statusCode).toBe(200);
    const customer = await aCustomer(app, company, { n: 4 });
    const other = await app.cardIssued({
      tenantId: company.tenantId,
      programId: randomUUID(),
      clientId: customer.clientId,
      userId: customer.userId,
      issuedAt: now.toISOString(),
    });
    wallet.installed.set(customer.cardId, new Set(['apple', 'google']));
    wallet.installed.set(other.cardId, new Set(['apple']));
    now = new Date('2026-11-14T02:10:00.000Z'); // 03:10 in Warsaw: the nightly sweep
    await warningDue(customer, { unit: 'points', amount: 40, dueAt: now.toISOString() });
    const [send] = await sends();
    const job = await app.infra.scheduler.get(automationJobId(send!._id));
    expect(job?.runAt.toISOString()).toBe('2026-11-14T07:00:00.000Z');

    now = job!.runAt;
    await deliverAll();
    expect(wallet.sends.map((s) => [s.card.cardId, s.platform])).toEqual([
      [customer.cardId, 'apple'],
      [customer.cardId, 'google'],
    ]);
    expect(wallet.sends[0]!.message).toMatchObject({
      title: 'Kawiarnia Pod Lipą: saldo wygasa',
      body: 'Wygasa: 40 pkt. Termin: 13 grudnia 2026.',
    });
  });

  it('waits for the morning by e-mail too: the nightly sweep records it after midnight', async () => {
    expect((await save()).statusCode).toBe(200);
    const customer = await aCustomer(app, company, { n: 5 });
    now = new Date('2026-11-13T23:10:00.000Z'); // 00:10 in Warsaw
    await warningDue(customer, { dueAt: now.toISOString() });
    const [send] = await sends();
    const job = await app.infra.scheduler.get(automationJobId(send!._id));
    expect(job?.runAt.toISOString()).toBe('2026-11-14T07:00:00.000Z');
    // a job that runs early anyway moves itself to the morning and sends nothing yet
    await app.runHandler('messages.automation', { sendId: send!._id });
    expect(await mails()).toHaveLength(0);
    now = job!.runAt;
    await deliverAll();
    expect((await mails()).map((m) => m.to)).toEqual([customer.email]);
  });
});
