import type { JobHandler } from '@punkto/platform/scheduler/scheduler.port';
import { mutateDocument, UNCHANGED } from '@punkto/platform/documents/mutate-document';
import { domainOf } from '@punkto/platform/mail/eml-mailer';
import { randomBytes } from 'node:crypto';
import type { CampaignData, FailureCount } from './campaign';
import { mergeFailures } from './campaign';
import type { CampaignCommand, RecordBatch } from './campaign.decider';
import { campaignMail, campaignMessageId } from './campaign-mail';
import {
  batchDocId,
  batchJobId,
  hashToken,
  MessageJobs,
  startJobId,
  recipientId,
  type DeliveryDoc,
  type MessagesContext,
  type RecipientDoc,
} from './messages-context';
import { afterQuietHours, inQuietHours } from './quiet-hours';

const EMAIL_FAILED = 'Serwer pocztowy odbiorcy odrzucił wiadomość';
const WALLET_FAILED = 'Nie udało się dostarczyć wiadomości na kartę w portfelu';
/**
 * How long an e-mail marked `pending` belongs to the runner that marked it. Another runner of the same batch
 * (a replica whose sweep took a stale-looking batch over while the first one still runs) leaves it alone
 * until then; a crashed runner's mark is taken over after it (and sent again with the same Message-ID).
 */
export const EMAIL_LEASE_MS = 5 * 60_000;
/**
 * How long a runner of `messages.start` owns the campaign's start (resolving the audience and writing the
 * recipient list take seconds): a second runner (another replica's sweep) waits for it instead of writing a
 * list of its own under the first one's batches.
 */
export const START_LEASE_MS = 5 * 60_000;

/** an e-mail another runner has claimed and may be sending now: the batch waits for its lease */
class InFlightElsewhere extends Error {
  constructor(readonly until: string) {
    super('the e-mail is being sent by another runner');
  }
}

/**
 * Sending a campaign (ADR 0027), from the durable scheduler only:
 * - `messages.start` (at `startsAt`): resolves the audience ONCE, writes the recipient list as documents
 *   (`message_batches`, one per MESSAGE_BATCH_SIZE recipients: ids only; the targeted count fixed then),
 *   records CampaignStarted and schedules one `messages.batch` job per batch. A rerun (crash) before CampaignStarted rewrites
 *   the same list; after it, it only schedules the batches not yet delivered.
 * - `messages.batch`: per recipient a delivery record (`message_deliveries`) — the wallet through the idempotent
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
    // one runner at a time writes the list (two could resolve different audiences and shift who is which seq)
    const now = clock();
    let claimed = false;
    const claim = await mutateDocument(ctx.startClaims, campaignId, (current) => {
      claimed = false;
      if (current && current.leaseUntil > now.toISOString()) return UNCHANGED;
      claimed = true;
      return { _id: campaignId, leaseUntil: new Date(now.getTime() + START_LEASE_MS).toISOString() };
    });
    if (!claimed) {
      // another runner is starting it: look again when its lease ends (then it is `sending`, or taken over)
      await ctx.scheduler.schedule({
        id: startJobId(campaignId),
        type: MessageJobs.start,
        runAt: new Date(claim!.leaseUntil),
        payload: { campaignId },
      });
      return;
    }
    try {
      // read again under the claim: an earlier runner may have started it since
      const current = await ctx.campaign(campaignId);
      if (current?.status === 'sending') return await scheduleBatches(current);
      if (current?.status === 'scheduled') await startClaimed(current);
    } catch (error) {
      // hand the start back for the scheduler's retry
      await mutateDocument(ctx.startClaims, campaignId, () => ({
        _id: campaignId,
        leaseUntil: clock().toISOString(),
      })).catch(() => undefined);
      throw error;
    }
  }

  async function startClaimed(campaign: CampaignData): Promise<void> {
    const { campaignId } = campaign;
    if ((await ctx.passCopies.company(campaign.tenantId))?.deleted) {
      // the company was deleted before its campaign started: nothing goes out
      await ctx.campaigns.run(campaignId, command('CancelCampaign', { tenantId: campaign.tenantId }), {
        tenantId: campaign.tenantId,
      });
      return;
    }
    const { recipients, unreachable } = await ctx.audience.resolve(
      campaign.tenantId,
      campaign.audience,
      campaign.channels,
    );
    const size = config.MESSAGE_BATCH_SIZE;
    const count = Math.ceil(recipients.length / size);
    for (let batch = 0; batch < count; batch++)
      await ctx.batches.upsert({
        _id: batchDocId(campaignId, batch),
        campaignId,
        tenantId: campaign.tenantId,
        batch,
        recipients: recipients
          .slice(batch * size, (batch + 1) * size)
          .map((r, i) => ({ ...r, seq: batch * size + i })),
      });
    // a rerun that resolved fewer people than an interrupted earlier run drops the rest
    for (const stale of await ctx.batches.find({ campaignId, batch: { $gte: count } }))
      await ctx.batches.delete(stale._id);
    const { newState } = await ctx.campaigns.run(
      campaignId,
      command('StartCampaign', {
        targeted: recipients.length + unreachable,
        unreachable,
        batches: count,
      }),
      { tenantId: campaign.tenantId },
    );
    if (newState.status === 'sending') await scheduleBatches(newState);
  }

  async function saveDelivery(doc: RecipientDoc): Promise<RecipientDoc> {
    const record: DeliveryDoc = {
      _id: doc._id,
      campaignId: doc.campaignId,
      batch: doc.batch,
      wallet: doc.wallet,
      email: doc.email,
    };
    await ctx.deliveries.upsert(record);
    return doc;
  }

  /** one person: each channel once */
  async function deliverTo(
    campaign: CampaignData,
    doc: RecipientDoc,
    companyName: string,
  ): Promise<RecipientDoc> {
    let current = doc;
    if (campaign.channels.wallet && doc.cards.length && !doc.wallet) {
      // the messenger keeps its own once-only records: a rerun gets the recorded outcomes back
      const results: NonNullable<RecipientDoc['wallet']> = [];
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
      current = { ...current, wallet: results };
      // with an e-mail to send, the outcome is recorded with the e-mail's mark (one write less)
      if (!(campaign.channels.email && doc.emailClientId)) current = await saveDelivery(current);
    }
    if (campaign.channels.email && doc.emailClientId) {
      const status = current.email?.status;
      if (status !== 'sent' && status !== 'failed' && status !== 'skipped')
        current = await sendEmail(campaign, current, companyName);
    }
    return current;
  }

  /**
   * Claims the person's e-mail for this runner (revision-checked): `pending` with a lease, written BEFORE the
   * send. A record another runner marked and still holds is not touched (InFlightElsewhere); one already
   * sent, failed or skipped is returned as it is; a mark whose lease ran out (its runner died) is taken over.
   */
  async function claimEmail(doc: RecipientDoc): Promise<RecipientDoc> {
    const now = clock();
    let claimed = false;
    const record = await mutateDocument(ctx.deliveries, doc._id, (current) => {
      claimed = false;
      const email = current?.email;
      if (email && email.status !== 'pending') return UNCHANGED;
      if (email?.leaseUntil && email.leaseUntil > now.toISOString()) return UNCHANGED;
      claimed = true;
      return {
        _id: doc._id,
        campaignId: doc.campaignId,
        batch: doc.batch,
        wallet: doc.wallet ?? current?.wallet ?? null,
        email: {
          status: 'pending' as const,
          at: now.toISOString(),
          leaseUntil: new Date(now.getTime() + EMAIL_LEASE_MS).toISOString(),
        },
      };
    });
    const email = record?.email ?? null;
    if (!claimed && email?.status === 'pending') throw new InFlightElsewhere(email.leaseUntil!);
    return { ...doc, wallet: doc.wallet ?? record?.wallet ?? null, email };
  }

  async function sendEmail(campaign: CampaignData, doc: RecipientDoc, companyName: string) {
    const clientId = doc.emailClientId!;
    // marked before the send: a crash from here on resends with the same Message-ID (after the lease)
    const marked = await claimEmail(doc);
    if (marked.email?.status !== 'pending') return marked; // recorded by another runner meanwhile
    const [contact, to] = await Promise.all([ctx.copies.contact(clientId), ctx.copies.emailOf(clientId)]);
    const at = clock().toISOString();
    if (!contact || !contact.marketingConsent || !to)
      // unsubscribed or removed since the start: nothing goes, and it is no failure
      return saveDelivery({ ...marked, email: { status: 'skipped', at } });
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
          messageId: campaignMessageId(campaign.campaignId, String(doc.seq), domain),
        }),
      );
    } catch (error) {
      const code = (error as { responseCode?: unknown }).responseCode;
      // the server or the network may recover: the batch job fails and is retried (the mark stays `pending`,
      // its lease handed back, so the retry sends with the same Message-ID); a permanent refusal (5xx) is this
      // person's failure
      if (typeof code !== 'number' || code < 500) {
        await saveDelivery({
          ...marked,
          email: { status: 'pending', at, leaseUntil: clock().toISOString() },
        });
        throw error;
      }
      logger.warn({ err: error, campaignId: campaign.campaignId }, 'campaign e-mail refused');
      return saveDelivery({
        ...marked,
        email: { status: 'failed', reason: `${EMAIL_FAILED} (${code})`, at },
      });
    }
    return saveDelivery({ ...marked, email: { status: 'sent', at: clock().toISOString() } });
  }

  function countsOf(docs: RecipientDoc[]): Omit<RecordBatch['data'], 'batch'> {
    const apple = { sent: 0, failed: 0 };
    const google = { sent: 0, failed: 0, notified: 0 };
    const email = { sent: 0, failed: 0 };
    let failures: FailureCount[] = [];
    const fail = (channel: FailureCount['channel'], reason: string) =>
      (failures = mergeFailures(failures, [{ channel, reason, count: 1 }]));
    for (const doc of docs) {
      for (const r of doc.wallet ?? []) {
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
    doc.email?.status === 'sent' || (doc.wallet ?? []).some((r) => r.result !== 'failed');

  async function batch(campaignId: string, batchNo: number): Promise<void> {
    const found = await ctx.campaign(campaignId);
    if (!found || found.status !== 'sending' || found.batchesDone.includes(batchNo)) return;
    const campaign: CampaignData = found;
    const companyName = await ctx.companyName(campaign.tenantId);
    const list = await ctx.batches.get(batchDocId(campaignId, batchNo));
    const records = new Map(
      (await ctx.deliveries.find({ campaignId, batch: batchNo })).map((d) => [d._id, d] as const),
    );
    const docs: RecipientDoc[] = (list?.recipients ?? []).map((r) => {
      const id = recipientId(campaignId, r.seq);
      const record = records.get(id);
      return {
        ...r,
        _id: id,
        campaignId,
        tenantId: campaign.tenantId,
        batch: batchNo,
        wallet: record?.wallet ?? null,
        email: record?.email ?? null,
      };
    });
    const walletPending = (doc: RecipientDoc) =>
      campaign.channels.wallet && doc.cards.length > 0 && !doc.wallet;
    const pending = (doc: RecipientDoc) =>
      walletPending(doc) ||
      (campaign.channels.email && !!doc.emailClientId && (!doc.email || doc.email.status === 'pending'));

    // MESSAGE_SEND_CONCURRENCY recipients at a time (the providers' rates are kept by the shared limiters)
    const done: RecipientDoc[] = new Array(docs.length);
    let next = 0;
    let paused = false;
    /** the latest lease of an e-mail another runner of this batch is sending (ISO) */
    let busyUntil: string | null = null;
    let failure: { error: unknown } | null = null;
    async function worker() {
      while (!paused && !failure && next < docs.length) {
        const i = next++;
        const doc = docs[i]!;
        if (campaign.channels.wallet && pending(doc) && inQuietHours(clock())) {
          // the quiet hours began during the campaign: the rest waits for the morning (its e-mails with it,
          // the campaign stays one moment)
          paused = true;
          return;
        }
        let after: RecipientDoc;
        try {
          after = pending(doc) ? await deliverTo(campaign, doc, companyName) : doc;
        } catch (error) {
          if (error instanceof InFlightElsewhere) {
            // another runner of this batch sends this e-mail now: its outcome is recorded by it
            if (!busyUntil || error.until > busyUntil) busyUntil = error.until;
            continue;
          }
          // the other workers finish the person they serve, then the job fails and is retried
          failure ??= { error };
          return;
        }
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
        done[i] = after;
      }
    }
    await Promise.all(Array.from({ length: config.MESSAGE_SEND_CONCURRENCY }, worker));
    if (failure) throw (failure as { error: unknown }).error;
    if (paused) {
      await ctx.scheduler.schedule({
        id: batchJobId(campaignId, batchNo),
        type: MessageJobs.batch,
        runAt: afterQuietHours(clock()),
        payload: { campaignId, batch: batchNo },
      });
      logger.info({ campaignId, batch: batchNo }, 'campaign batch paused for the quiet hours');
      return;
    }
    if (busyUntil) {
      // come back when the other runner's leases end: its records are then final (or taken over)
      await ctx.scheduler.schedule({
        id: batchJobId(campaignId, batchNo),
        type: MessageJobs.batch,
        runAt: new Date(busyUntil),
        payload: { campaignId, batch: batchNo },
      });
      logger.info(
        { campaignId, batch: batchNo, until: busyUntil },
        'campaign batch waits for another runner',
      );
      return;
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
