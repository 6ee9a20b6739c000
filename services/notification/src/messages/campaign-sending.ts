import type { JobHandler } from '@punkto/platform/scheduler/scheduler.port';
import { domainOf } from '@punkto/platform/mail/eml-mailer';
import { randomBytes } from 'node:crypto';
import type { CampaignData, FailureCount } from './campaign';
import { mergeFailures } from './campaign';
import type { CampaignCommand, RecordBatch } from './campaign.decider';
import { campaignMail, campaignMessageId } from './campaign-mail';
import {
  batchJobId,
  hashToken,
  MessageJobs,
  recipientId,
  type MessagesContext,
  type RecipientDoc,
} from './messages-context';
import { afterQuietHours, inQuietHours } from './quiet-hours';

const EMAIL_FAILED = 'Serwer pocztowy nie przyjął wiadomości';
const WALLET_FAILED = 'Nie udało się dostarczyć wiadomości na kartę w portfelu';

/**
 * Sending a campaign (ADR 0027), from the durable scheduler only:
 * - `messages.start` (at `startsAt`): resolves the audience ONCE, writes the recipient list as documents
 *   (`message_recipients`, the targeted count fixed then), records CampaignStarted and schedules one
 *   `messages.batch` job per MESSAGE_BATCH_SIZE recipients. A rerun (crash) before CampaignStarted rewrites
 *   the same list; after it, it only schedules the batches not yet delivered.
 * - `messages.batch`: per recipient and channel a delivery record — the wallet through the idempotent
 *   WalletMessenger, the e-mail marked `pending` before the send and `sent`/`failed` after it, with a
 *   Message-ID fixed per campaign and person; a rerun of a batch skips whatever is recorded, so a restart sends
 *   nobody anything twice (an e-mail whose send was cut between the server's acceptance and the record goes
 *   again with the same Message-ID). Then CampaignBatchDelivered with the batch's counts (once per batch).
 * - Quiet hours: a wallet batch that would run within 21:00–08:00 Warsaw waits (rescheduled) for 08:00.
 */
export function campaignSending(ctx: MessagesContext) {
  const { config, clock, logger } = ctx;
  const command = <C extends CampaignCommand>(type: C['type'], data: C['data']) =>
    ({ type, data, metadata: { now: clock() } }) as C;
  const domain = domainOf(config.MAIL_FROM);
  let nextEmailAt = 0;
  async function paceEmail() {
    if (config.MESSAGE_EMAILS_PER_SECOND <= 0) return;
    const now = Date.now();
    const wait = nextEmailAt - now;
    nextEmailAt = Math.max(now, nextEmailAt) + 1000 / config.MESSAGE_EMAILS_PER_SECOND;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  async function scheduleBatches(campaign: CampaignData) {
    const at = campaign.channels.wallet ? afterQuietHours(clock()) : clock();
    for (let batch = 0; batch < campaign.batches; batch++)
      if (!campaign.batchesDone.includes(batch))
        await ctx.scheduler.schedule({
          id: batchJobId(campaign.campaignId, batch),
          type: MessageJobs.batch,
          runAt: at,
          payload: { campaignId: campaign.campaignId, batch },
        });
  }

  async function start(campaignId: string): Promise<void> {
    const campaign = await ctx.campaign(campaignId);
    if (!campaign) return; // never recorded (the request failed after scheduling the job)
    if (campaign.status === 'sending') return scheduleBatches(campaign); // a rerun after CampaignStarted
    if (campaign.status !== 'scheduled') return;
    if (Date.parse(campaign.startsAt) > clock().getTime()) {
      // woken early (a clock moved back): wait for the time
      await ctx.scheduler.schedule({
        id: `message-start-${campaignId}`,
        type: MessageJobs.start,
        runAt: new Date(campaign.startsAt),
        payload: { campaignId },
      });
      return;
    }
    const { recipients, unreachable } = await ctx.audience.resolve(
      campaign.tenantId,
      campaign.audience,
      campaign.channels,
    );
    const size = config.MESSAGE_BATCH_SIZE;
    for (let seq = 0; seq < recipients.length; seq++)
      await ctx.recipients.upsert({
        ...recipients[seq]!,
        _id: recipientId(campaignId, seq),
        campaignId,
        tenantId: campaign.tenantId,
        seq,
        batch: Math.floor(seq / size),
        wallet: null,
        email: null,
      });
    // a rerun that resolved fewer people than an interrupted earlier run drops the rest
    for (const stale of await ctx.recipients.find({ campaignId, seq: { $gte: recipients.length } }))
      await ctx.recipients.delete(stale._id);
    const { newState } = await ctx.campaigns.run(
      campaignId,
      command('StartCampaign', {
        targeted: recipients.length + unreachable,
        unreachable,
        batches: Math.ceil(recipients.length / size),
      }),
      { tenantId: campaign.tenantId },
    );
    if (newState.status === 'sending') await scheduleBatches(newState);
  }

  /** one person: each channel once; returns whether anything reached them */
  async function deliverTo(
    campaign: CampaignData,
    doc: RecipientDoc,
    companyName: string,
  ): Promise<RecipientDoc> {
    let current = doc;
    if (campaign.channels.wallet && doc.cards.length && !doc.wallet?.done) {
      const results: NonNullable<RecipientDoc['wallet']>['results'] = [];
      for (const card of doc.cards) {
        try {
          const outcomes = await ctx.wallet.deliver(
            { tenantId: campaign.tenantId, cardId: card.cardId },
            {
              messageId: campaign.campaignId,
              companyName,
              title: campaign.title,
              body: campaign.body,
              sentAt: campaign.startedAt ?? clock().toISOString(),
            },
          );
          for (const o of outcomes) results.push({ ...o, cardId: card.cardId });
        } catch (error) {
          logger.warn({ err: error, campaignId: campaign.campaignId }, 'wallet delivery failed');
          for (const platform of card.platforms)
            results.push({ platform, result: 'failed', reason: WALLET_FAILED, cardId: card.cardId });
        }
      }
      current = await ctx.recipients.upsert({ ...current, wallet: { done: true, results } });
    }
    if (campaign.channels.email && doc.emailClientId) {
      const status = current.email?.status;
      if (status !== 'sent' && status !== 'failed' && status !== 'skipped')
        current = await sendEmail(campaign, current, companyName);
    }
    return current;
  }

  async function sendEmail(campaign: CampaignData, doc: RecipientDoc, companyName: string) {
    const clientId = doc.emailClientId!;
    const [contact, to] = await Promise.all([ctx.copies.contact(clientId), ctx.copies.emailOf(clientId)]);
    const at = clock().toISOString();
    if (!contact || !contact.marketingConsent || !to)
      // unsubscribed or removed since the start: nothing goes, and it is no failure
      return ctx.recipients.upsert({ ...doc, email: { status: 'skipped', at } });
    const token = randomBytes(32).toString('base64url');
    await ctx.tokens.upsert({
      _id: hashToken(token),
      campaignId: campaign.campaignId,
      tenantId: campaign.tenantId,
      clientIds: doc.clientIds,
      emailClientId: clientId,
      createdAt: at,
      usedAt: null,
    });
    // marked before the send: a crash from here on resends with the same Message-ID
    const marked = await ctx.recipients.upsert({ ...doc, email: { status: 'pending', at } });
    const page = new URL('/wypisz', `${config.PUBLIC_URL}/`);
    page.searchParams.set('token', token);
    await paceEmail();
    try {
      await ctx.mailer.send(
        campaignMail({
          to,
          companyName,
          title: campaign.title,
          body: campaign.body,
          unsubscribePageUrl: page.toString(),
          oneClickUrl: `${config.PUBLIC_URL}/api/v1/notifications/unsubscribe/${token}`,
          messageId: campaignMessageId(campaign.campaignId, doc._id.split(':')[1]!, domain),
        }),
      );
    } catch (error) {
      logger.warn({ err: error, campaignId: campaign.campaignId }, 'campaign e-mail refused');
      return ctx.recipients.upsert({ ...marked, email: { status: 'failed', reason: EMAIL_FAILED, at } });
    }
    return ctx.recipients.upsert({ ...marked, email: { status: 'sent', at: clock().toISOString() } });
  }

  function countsOf(docs: RecipientDoc[]): Omit<RecordBatch['data'], 'batch'> {
    const apple = { sent: 0, failed: 0 };
    const google = { sent: 0, failed: 0, notified: 0 };
    const email = { sent: 0, failed: 0 };
    let failures: FailureCount[] = [];
    const fail = (channel: FailureCount['channel'], reason: string) =>
      (failures = mergeFailures(failures, [{ channel, reason, count: 1 }]));
    for (const doc of docs) {
      for (const r of doc.wallet?.results ?? []) {
        const channel = r.platform;
        if (r.result === 'failed') {
          (channel === 'apple' ? apple : google).failed++;
          fail(channel, r.reason ?? WALLET_FAILED);
        } else if (channel === 'apple') apple.sent++;
        else {
          google.sent++;
          if (r.result === 'notified') google.notified++;
        }
      }
      if (doc.email?.status === 'sent') email.sent++;
      if (doc.email?.status === 'failed') {
        email.failed++;
        fail('email', doc.email.reason ?? EMAIL_FAILED);
      }
    }
    return { apple, google, email, failures };
  }

  const reached = (doc: RecipientDoc) =>
    doc.email?.status === 'sent' || (doc.wallet?.results ?? []).some((r) => r.result !== 'failed');

  async function batch(campaignId: string, batchNo: number): Promise<void> {
    const campaign = await ctx.campaign(campaignId);
    if (!campaign || campaign.status !== 'sending' || campaign.batchesDone.includes(batchNo)) return;
    const companyName = await ctx.companyName(campaign.tenantId);
    const docs = await ctx.recipients.find({ campaignId, batch: batchNo }, { sort: { seq: 1 } });
    const done: RecipientDoc[] = [];
    for (const doc of docs) {
      const pending =
        (campaign.channels.wallet && doc.cards.length && !doc.wallet?.done) ||
        (campaign.channels.email && doc.emailClientId && (!doc.email || doc.email.status === 'pending'));
      if (
        pending &&
        campaign.channels.wallet &&
        doc.cards.length &&
        !doc.wallet?.done &&
        inQuietHours(clock())
      ) {
        // the quiet hours began during the campaign: the rest of this batch waits for the morning
        await ctx.scheduler.schedule({
          id: batchJobId(campaignId, batchNo),
          type: MessageJobs.batch,
          runAt: afterQuietHours(clock()),
          payload: { campaignId, batch: batchNo },
        });
        logger.info({ campaignId, batch: batchNo }, 'campaign batch paused for the quiet hours');
        return;
      }
      const after = pending ? await deliverTo(campaign, doc, companyName) : doc;
      if (after.userId && reached(after))
        await ctx.inbox.upsert({
          _id: `${campaignId}:${after.userId}`,
          userId: after.userId,
          tenantId: campaign.tenantId,
          campaignId,
          companyName,
          title: campaign.title,
          body: campaign.body,
          sentAt: campaign.startedAt ?? clock().toISOString(),
        });
      done.push(after);
    }
    await ctx.campaigns.run(campaignId, command('RecordBatch', { batch: batchNo, ...countsOf(done) }), {
      tenantId: campaign.tenantId,
    });
  }

  const jobs: Record<string, JobHandler> = {
    [MessageJobs.start]: async (job) => start((job.payload as { campaignId: string }).campaignId),
    [MessageJobs.batch]: async (job) => {
      const { campaignId, batch: n } = job.payload as { campaignId: string; batch: number };
      await batch(campaignId, n);
    },
  };
  return { start, batch, jobs };
}
