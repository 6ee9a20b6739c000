import { phoneOnlyHolder } from '@punkto/contracts/clients';
import type { CampaignData, FailureCount } from './campaign';
import { mergeFailures } from './campaign';
import type { RecordBatch } from './campaign.decider';
import {
  EMAIL_FAILED,
  InFlightElsewhere,
  WALLET_FAILED,
  deliverTo,
  type DeliveryDeps,
} from './campaign-delivery';
import {
  batchDocId,
  batchJobId,
  campaignCommand,
  MessageJobs,
  recipientId,
  type RecipientDoc,
} from './messages-context';
import { afterQuietHours, inQuietHours } from '../shared/quiet-hours';
import { settleClientInbox } from './client-inbox';

/** What the workers of one batch came to. */
interface BatchRun {
  done: RecipientDoc[];
  /** the quiet hours began: the rest waits for the morning */
  paused: boolean;
  /** the latest lease of an e-mail another runner of this batch is sending (ISO) */
  busyUntil: string | null;
  failure: { error: unknown } | null;
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

/** The batch's recipients with what is recorded of each (a rerun skips whatever is). */
async function loadBatch(
  deps: DeliveryDeps,
  campaign: CampaignData,
  batchNo: number,
): Promise<RecipientDoc[]> {
  const { ctx } = deps;
  const { campaignId } = campaign;
  const list = await ctx.batches.get(batchDocId(campaignId, batchNo));
  const records = new Map(
    (await ctx.deliveries.find({ campaignId, batch: batchNo })).map((d) => [d._id, d] as const),
  );
  return (list?.recipients ?? []).map((r) => {
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
}

/** MESSAGE_SEND_CONCURRENCY recipients at a time (the providers' rates are kept by the shared limiters). */
async function runWorkers(
  deps: DeliveryDeps,
  campaign: CampaignData,
  docs: RecipientDoc[],
  companyName: string,
): Promise<BatchRun> {
  const { ctx } = deps;
  const run: BatchRun = {
    done: new Array<RecipientDoc>(docs.length),
    paused: false,
    busyUntil: null,
    failure: null,
  };
  const walletPending = (doc: RecipientDoc) =>
    campaign.channels.wallet && doc.cards.length > 0 && !doc.wallet;
  const pending = (doc: RecipientDoc) =>
    walletPending(doc) ||
    (campaign.channels.email && !!doc.emailClientId && (!doc.email || doc.email.status === 'pending'));
  let next = 0;
  async function worker() {
    while (!run.paused && !run.failure && next < docs.length) {
      const i = next++;
      const doc = docs[i]!;
      if (campaign.channels.wallet && pending(doc) && inQuietHours(ctx.clock())) {
        // the quiet hours began during the campaign: the rest waits for the morning (its e-mails with it,
        // the campaign stays one moment)
        run.paused = true;
        return;
      }
      let after: RecipientDoc;
      try {
        after = pending(doc) ? await deliverTo(deps, campaign, doc, companyName) : doc;
      } catch (error) {
        if (error instanceof InFlightElsewhere) {
          // another runner of this batch sends this e-mail now: its outcome is recorded by it
          if (!run.busyUntil || error.until > run.busyUntil) run.busyUntil = error.until;
          continue;
        }
        // the other workers finish the person they serve, then the job fails and is retried
        run.failure ??= { error };
        return;
      }
      if (reached(after)) await toInbox(deps, campaign, after, companyName);
      run.done[i] = after;
    }
  }
  await Promise.all(Array.from({ length: ctx.config.MESSAGE_SEND_CONCURRENCY }, worker));
  return run;
}

/**
 * The message in the customer's inbox of the app, once they were reached on some channel. A client without an
 * account yet (enrolled by staff, reached by e-mail) keeps it under the client (`client:<id>`, no account's key);
 * the account linked later takes it over (messages.consumer.ts) — also when the link was already recorded by the
 * tenant service but not yet here as the campaign started, or was handled here between the start and this write
 * (client-inbox.ts `settleClientInbox`).
 */
async function toInbox(deps: DeliveryDeps, campaign: CampaignData, doc: RecipientDoc, companyName: string) {
  const { campaignId } = campaign;
  const owner = doc.userId ?? doc.personKey;
  await deps.ctx.inbox.upsert({
    _id: `${campaignId}:${owner}`,
    userId: owner,
    tenantId: campaign.tenantId,
    campaignId,
    companyName,
    title: campaign.title,
    body: campaign.body,
    sentAt: campaign.startedAt ?? deps.ctx.clock().toISOString(),
  });
  const client = doc.userId ? undefined : doc.clientIds.find((id) => phoneOnlyHolder(id) === doc.personKey);
  if (client) await settleClientInbox(deps.ctx, client);
}

/**
 * `messages.batch`: per recipient a delivery record (`message_deliveries`) — the wallet through the idempotent
 * WalletMessenger, the e-mail marked `pending` before the send and `sent`/`failed` after it, with a Message-ID
 * fixed per campaign and person; a rerun of a batch skips whatever is recorded, so a restart sends nobody
 * anything twice. Then CampaignBatchDelivered with the batch's counts (once per batch). A wallet batch that
 * would run within the quiet hours (21:00–08:00 Warsaw) waits for 08:00.
 */
export async function deliverBatch(deps: DeliveryDeps, campaignId: string, batchNo: number): Promise<void> {
  const { ctx } = deps;
  const { clock, logger } = ctx;
  const found = await ctx.campaign(campaignId);
  if (!found || found.status !== 'sending' || found.batchesDone.includes(batchNo)) return;
  const campaign: CampaignData = found;
  const companyName = await ctx.companyName(campaign.tenantId);
  const sender = await ctx.companySender(campaign.tenantId);
  const docs = await loadBatch(deps, campaign, batchNo);
  const { done, paused, busyUntil, failure } = await runWorkers(
    { ...deps, sender },
    campaign,
    docs,
    companyName,
  );
  if (failure) throw failure.error;
  const again = (runAt: Date) =>
    ctx.scheduler.schedule({
      id: batchJobId(campaignId, batchNo),
      type: MessageJobs.batch,
      runAt,
      payload: { campaignId, batch: batchNo },
    });
  if (paused) {
    await again(afterQuietHours(clock()));
    logger.info({ campaignId, batch: batchNo }, 'campaign batch paused for the quiet hours');
    return;
  }
  if (busyUntil) {
    // come back when the other runner's leases end: its records are then final (or taken over)
    await again(new Date(busyUntil));
    logger.info({ campaignId, batch: batchNo, until: busyUntil }, 'campaign batch waits for another runner');
    return;
  }
  await ctx.campaigns.run(
    campaignId,
    campaignCommand(ctx, 'RecordBatch', { batch: batchNo, ...countsOf(done) }),
    { tenantId: campaign.tenantId },
  );
}
