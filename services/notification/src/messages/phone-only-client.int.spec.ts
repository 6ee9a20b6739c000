import { phoneOnlyHolder } from '@punkto/contracts/clients';
import { Roles } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { parseMail } from '@punkto/platform/mail/mime-parse';
import { SAME_ORIGIN } from '@punkto/platform/testing/same-origin';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startNotification, type NotificationTestApp } from '../testing/notification-test-app';
import { batchJobId, startJobId } from './messages-context';
import { aCompany, recordingWallet } from './testing/message-mothers';

/**
 * ADR 0056: a phone-only client has no address, so company messages cannot reach them; once staff give one
 * (tenant's ClientEmailGiven) they do, with the consent asked then; the card moves to the account with it.
 */
const START = new Date('2026-11-26T10:00:00.000Z'); // 11:00 in Warsaw

describe('company messages to a client added with a phone only', () => {
  let app: NotificationTestApp;
  let wallet: ReturnType<typeof recordingWallet>;
  let company: { tenantId: string; programId: string };
  let owner: Record<string, string>;
  const clientId = randomUUID();
  const cardId = randomUUID();
  const email = `ola.${clientId.slice(0, 8)}@example.pl`;

  beforeEach(async () => {
    app = await startNotification(
      { MESSAGE_EMAILS_PER_SECOND: '0' },
      { clock: () => START, walletMessenger: (wallet = recordingWallet()).messenger },
    );
    company = await aCompany(app);
    owner = await app.cookiesOf(randomUUID(), Roles.owner, company.tenantId);
    const client = { clientId, tenantId: company.tenantId, programId: company.programId };
    await app.deliver(Topics.tenantClients, 'ClientEnrolled', {
      ...client,
      userId: null,
      email: null,
      name: 'Ola Kowal',
      phone: '+380501234567',
      source: 'created',
      companyName: 'Kawiarnia Pod Lipą',
      programName: 'Kawa',
      marketingConsent: false,
      enrolledAt: '2026-11-20T09:00:00.000Z',
    });
    await app.deliver(Topics.cardLedgerCards, 'CardIssued', {
      ...client,
      cardId,
      userId: phoneOnlyHolder(clientId),
      humanReadableId: '1234567897',
      secretVersion: 1,
      qrPayload: `P1.${cardId}.1.c2lnbmF0dXJlLW9mLXRoZS1j`,
      tier: null,
      issuedAt: '2026-11-20T09:00:00.000Z',
    });
  });
  afterEach(() => app.close());

  const emailGiven = (marketingConsent: boolean, id?: string) =>
    app.deliver(
      Topics.tenantClients,
      'ClientEmailGiven',
      {
        clientId,
        tenantId: company.tenantId,
        programId: company.programId,
        email,
        name: 'Ola Kowal',
        companyName: 'Kawiarnia Pod Lipą',
        programName: 'Kawa',
        marketingConsent,
        givenAt: '2026-11-21T09:00:00.000Z',
      },
      id,
    );
  /** ClientAccountLinked: the client's account is `userId` */
  const linkedTo = (userId: string) => ({
    clientId,
    tenantId: company.tenantId,
    programId: company.programId,
    userId,
    linkedAt: '2026-11-26T10:05:00.000Z',
  });
  /**
   * a message to every customer, by wallet and e-mail, sent now (its start and first batch run; `between` runs
   * after the start resolved the audience and before the batch delivers)
   */
  const sendToAll = async (title: string, body: string, between?: () => Promise<unknown>) => {
    const created = await app.app.inject({
      method: 'POST',
      url: `/api/v1/notifications/tenants/${company.tenantId}/campaigns`,
      headers: SAME_ORIGIN,
      cookies: owner,
      payload: {
        title,
        body,
        audience: { kind: 'all' },
        channels: { wallet: true, email: true },
        sendAt: null,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    await app.runJob(startJobId(created.json().id));
    await between?.();
    await app.runJob(batchJobId(created.json().id, 0));
  };
  const size = async () =>
    (
      await app.app.inject({
        method: 'POST',
        url: `/api/v1/notifications/tenants/${company.tenantId}/audience-size`,
        cookies: owner,
        headers: SAME_ORIGIN,
        payload: { kind: 'all' },
      })
    ).json();

  it('reaches the client by e-mail once the address is given, before and after the card moves to the account', async () => {
    expect(await size()).toEqual({ customers: 1, apple: 0, google: 0, email: 0, unreachable: 1 });

    const given = await emailGiven(true);
    // the contact and the card are one person (the client), as they are after the account is linked
    expect(await size()).toEqual({ customers: 1, apple: 0, google: 0, email: 1, unreachable: 0 });
    const ola = randomUUID();
    const client = { clientId, tenantId: company.tenantId, programId: company.programId };
    await app.deliver(Topics.tenantClients, 'ClientAccountLinked', {
      ...client,
      userId: ola,
      linkedAt: '2026-11-21T09:01:00.000Z',
    });
    await app.deliver(Topics.cardLedgerCards, 'CardHolderLinked', {
      ...client,
      cardId,
      userId: ola,
      previousHolder: phoneOnlyHolder(clientId),
      linkedAt: '2026-11-21T09:02:00.000Z',
    });
    await emailGiven(true, given); // the bus delivers it again
    expect(await size()).toEqual({ customers: 1, apple: 0, google: 0, email: 1, unreachable: 0 });

    await sendToAll('Nowe ciasto', 'Od jutra sernik baskijski.');
    const mailbox = app.infra.mailbox!;
    const sent = await Promise.all(
      (await mailbox.list()).map(async (e) => parseMail((await mailbox.raw(e.id))!)),
    );
    expect(sent.map((m) => [m.to, m.subject])).toEqual([[email, 'Nowe ciasto']]);
    // the account's inbox has it too
    const inbox = await app.app.inject({
      method: 'GET',
      url: '/api/v1/notifications/my-messages',
      cookies: await app.cookiesOf(ola),
    });
    expect(inbox.json().messages.map((m: { title: string }) => m.title)).toEqual(['Nowe ciasto']);
  });

  it('a message e-mailed before the account is linked reaches the account’s inbox once it is linked', async () => {
    await emailGiven(true);
    await sendToAll('Przed kontem', 'Zapraszamy na kawę.');
    expect((await app.infra.mailbox!.list()).map((m) => m.to)).toEqual([email]);
    const ola = randomUUID();
    const inboxOf = async (userId: string) =>
      (
        await app.app.inject({
          method: 'GET',
          url: '/api/v1/notifications/my-messages',
          cookies: await app.cookiesOf(userId),
        })
      ).json().messages as Array<{ title: string; companyName: string }>;
    expect(await inboxOf(ola)).toEqual([]);

    const linked = linkedTo(ola);
    const link = await app.deliver(Topics.tenantClients, 'ClientAccountLinked', linked);
    await app.deliver(Topics.tenantClients, 'ClientAccountLinked', linked, link); // delivered again: no copy
    expect(await inboxOf(ola)).toMatchObject([{ title: 'Przed kontem', companyName: 'Kawiarnia Pod Lipą' }]);
    expect(await app.infra.documents.collection('message_inbox').count()).toBe(1);
  });

  it('the account linked while the message was on its way gets it, whichever came first here', async () => {
    await emailGiven(true);
    const ola = randomUUID();
    const linked = linkedTo(ola);
    // the start resolved the client without an account; the link is handled here before the batch writes
    await sendToAll('W drodze', 'Zapraszamy na kawę.', () =>
      app.deliver(Topics.tenantClients, 'ClientAccountLinked', linked),
    );
    const inbox = await app.app.inject({
      method: 'GET',
      url: '/api/v1/notifications/my-messages',
      cookies: await app.cookiesOf(ola),
    });
    expect(inbox.json().messages).toMatchObject([{ title: 'W drodze' }]);
    expect(await app.infra.documents.collection('message_inbox').count()).toBe(1);
  });

  it('a client removed while the message was on its way keeps nothing in an inbox', async () => {
    await emailGiven(true);
    // the card's pass is installed: the wallet reaches the client even once the address is shredded with them
    wallet.installed.set(cardId, new Set(['apple']));
    await sendToAll('W drodze', 'Zapraszamy na kawę.', () =>
      app.deliver(Topics.tenantClients, 'ClientRemoved', {
        clientId,
        tenantId: company.tenantId,
        programId: company.programId,
        removedAt: '2026-11-26T10:05:00.000Z',
      }),
    );
    expect(wallet.sends.map((send) => send.card.cardId)).toEqual([cardId]);
    expect(await app.infra.documents.collection('message_inbox').count()).toBe(0);
  });

  it('a removed client’s messages kept for a later account are forgotten with it', async () => {
    await emailGiven(true);
    await sendToAll('Przed kontem', 'Zapraszamy na kawę.');
    expect(await app.infra.documents.collection('message_inbox').count()).toBe(1);
    await app.deliver(Topics.tenantClients, 'ClientRemoved', {
      clientId,
      tenantId: company.tenantId,
      programId: company.programId,
      removedAt: '2026-11-26T10:05:00.000Z',
    });
    expect(await app.infra.documents.collection('message_inbox').count()).toBe(0);
  });

  it('without the consent given then, no e-mail', async () => {
    await emailGiven(false);
    expect(await size()).toMatchObject({ email: 0, unreachable: 1 });
  });

  it('a consent withdrawn after the address was given is not given back by a late delivery', async () => {
    await emailGiven(true);
    expect(await size()).toMatchObject({ email: 1 });
    await app.deliver(Topics.tenantClients, 'ClientMarketingConsentWithdrawn', {
      clientId,
      tenantId: company.tenantId,
      programId: company.programId,
      campaignId: null,
      withdrawnAt: '2026-11-22T09:00:00.000Z',
    });
    await emailGiven(true); // the same event delivered again under another id (a replay)
    expect(await size()).toMatchObject({ email: 0, unreachable: 1 });
  });
});
