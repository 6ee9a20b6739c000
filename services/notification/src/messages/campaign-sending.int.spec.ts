import type { Mailer, MailMessage } from '@punkto/platform/mail/mailer.port';
import { createLogger } from '@punkto/platform/observability/logger';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { passCopies } from '../passes/pass-copies';
import { startNotification, type NotificationTestApp } from '../testing/notification-test-app';
import { campaignSending } from './campaign-sending';
import { createCampaign } from './campaigns';
import { messagesContext } from './messages-context';
import { aCompany, aCustomer, recordingWallet, type SeededCustomer } from './testing/message-mothers';

/**
 * The sending engine against a mail server that answers like a real one: a permanent refusal (550) is that
 * person's failure in the report; a server that is away (no answer code) fails the batch job, which the
 * scheduler retries — and the retry sends nobody anything twice.
 */
const NOW = new Date('2026-11-26T10:00:00.000Z');

class AnsweringMailer implements Mailer {
  accepted: MailMessage[] = [];
  refuse = new Set<string>();
  awayFor = 0;
  async send(message: MailMessage) {
    if (this.awayFor > 0) {
      this.awayFor--;
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNECTION' });
    }
    if (this.refuse.has(message.to))
      throw Object.assign(new Error('550 5.1.1 mailbox unavailable'), { responseCode: 550 });
    this.accepted.push(message);
    return { messageId: message.messageId ?? '<x@y>' };
  }
  async close() {}
}

describe('sending a campaign through a mail server that refuses or is away', () => {
  let app: NotificationTestApp;
  let mailer: AnsweringMailer;
  let ctx: Awaited<ReturnType<typeof messagesContext>>;
  let customers: SeededCustomer[];
  let tenantId: string;

  beforeEach(async () => {
    app = await startNotification({}, { clock: () => NOW });
    mailer = new AnsweringMailer();
    const wallet = recordingWallet();
    ctx = await messagesContext({
      eventStore: app.infra.eventStore,
      documents: app.infra.documents,
      scheduler: app.infra.scheduler,
      mailer,
      wallet: wallet.messenger,
      passCopies: passCopies(app.infra.documents),
      config: { ...app.config, MESSAGE_EMAILS_PER_SECOND: 0, MESSAGE_SEND_CONCURRENCY: 3 },
      logger: createLogger('notification', 'silent'),
      clock: () => NOW,
    });
    const company = await aCompany(app);
    tenantId = company.tenantId;
    customers = [];
    for (let n = 0; n < 6; n++) customers.push(await aCustomer(app, company, { n, consent: true }));
  });
  afterEach(() => app.close());

  it('reports a refused address with its reason; an absent server is retried without sending twice', async () => {
    mailer.refuse.add(customers[1]!.email);
    const campaign = await createCampaign(ctx, tenantId, {
      title: 'Nowe ciasto',
      body: 'Od jutra sernik.',
      audience: { kind: 'all' },
      channels: { wallet: false, email: true },
      sendAt: null,
    });
    const sending = campaignSending(ctx);
    await sending.start(campaign.id);

    // the server goes away after two accepted e-mails: the batch fails (the job will be retried)
    mailer.awayFor = 1;
    const accepted = () => mailer.accepted.length;
    const first = sending.batch(campaign.id, 0);
    await expect(first).rejects.toThrow(/ECONNREFUSED/);
    const afterFailure = accepted();
    expect(afterFailure).toBeLessThan(5);
    expect((await ctx.campaign(campaign.id))!.batchesDone).toEqual([]);

    // the retry sends the rest, and nobody twice
    await sending.batch(campaign.id, 0);
    const to = mailer.accepted.map((m) => m.to).sort();
    expect(to).toEqual(
      customers
        .filter((_c, n) => n !== 1)
        .map((c) => c.email)
        .sort(),
    );
    expect(new Set(mailer.accepted.map((m) => m.messageId)).size).toBe(5);
    const report = (await ctx.campaign(campaign.id))!.report;
    expect(report).toMatchObject({
      targeted: 6,
      email: { sent: 5, failed: 1 },
      failures: [{ channel: 'email', reason: 'Serwer pocztowy odbiorcy odrzucił wiadomość (550)', count: 1 }],
    });
    expect((await ctx.campaign(campaign.id))!.status).toBe('sent');
  });
});
