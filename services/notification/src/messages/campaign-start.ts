import { mutateDocument, UNCHANGED } from '@punkto/platform/documents/mutate-document';
import type { CampaignData } from './campaign';
import {
  batchDocId,
  batchJobId,
  campaignCommand,
  MessageJobs,
  startJobId,
  type MessagesContext,
} from './messages-context';
import { afterQuietHours } from '../shared/quiet-hours';

/**
 * How long a runner of `messages.start` owns the campaign's start (resolving the audience and writing the
 * recipient list take seconds): a second runner (another replica's sweep) waits for it instead of writing a
 * list of its own under the first one's batches.
 */
const START_LEASE_MS = 5 * 60_000;

/** One `messages.batch` job per batch not yet delivered; a wallet campaign's wait for the quiet hours' end. */
async function scheduleBatches(ctx: MessagesContext, campaign: CampaignData): Promise<void> {
  const at = campaign.channels.wallet ? afterQuietHours(ctx.clock()) : ctx.clock();
  for (let batch = 0; batch < campaign.batches; batch++)
    if (!campaign.batchesDone.includes(batch))
      await ctx.scheduler.schedule({
        id: batchJobId(campaign.campaignId, batch),
        type: MessageJobs.batch,
        runAt: at,
        payload: { campaignId: campaign.campaignId, batch },
      });
}

/**
 * `messages.start` (at `startsAt`): resolves the audience ONCE, writes the recipient list as documents
 * (`message_batches`, one per MESSAGE_BATCH_SIZE recipients: ids only; the targeted count fixed then), records
 * CampaignStarted and schedules one `messages.batch` job per batch. A rerun (crash) before CampaignStarted
 * rewrites the same list; after it, it only schedules the batches not yet delivered.
 */
export async function startCampaign(ctx: MessagesContext, campaignId: string): Promise<void> {
  const { clock } = ctx;
  const campaign = await ctx.campaign(campaignId);
  if (!campaign) return; // never recorded (the request failed after scheduling the job)
  if (campaign.status === 'sending') return scheduleBatches(ctx, campaign); // a rerun after CampaignStarted
  if (campaign.status !== 'scheduled') return;
  if (Date.parse(campaign.startsAt) > clock().getTime()) {
    // woken early (a clock moved back): wait for the time
    await ctx.scheduler.schedule({
      id: startJobId(campaignId),
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
    if (current?.status === 'sending') return await scheduleBatches(ctx, current);
    if (current?.status === 'scheduled') await startClaimed(ctx, current);
  } catch (error) {
    // hand the start back for the scheduler's retry
    await mutateDocument(ctx.startClaims, campaignId, () => ({
      _id: campaignId,
      leaseUntil: clock().toISOString(),
    })).catch(() => undefined);
    throw error;
  }
}

/** The start under this runner's claim: the recipient list written, then CampaignStarted and the batches. */
async function startClaimed(ctx: MessagesContext, campaign: CampaignData): Promise<void> {
  const { campaignId } = campaign;
  if ((await ctx.passCopies.company(campaign.tenantId))?.deleted) {
    // the company was deleted before its campaign started: nothing goes out
    await ctx.campaigns.run(
      campaignId,
      campaignCommand(ctx, 'CancelCampaign', { tenantId: campaign.tenantId }),
      { tenantId: campaign.tenantId },
    );
    return;
  }
  const { recipients, unreachable } = await ctx.audience.resolve(
    campaign.tenantId,
    campaign.audience,
    campaign.channels,
  );
  const size = ctx.config.MESSAGE_BATCH_SIZE;
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
    campaignCommand(ctx, 'StartCampaign', {
      targeted: recipients.length + unreachable,
      unreachable,
      batches: count,
    }),
    { tenantId: campaign.tenantId },
  );
  if (newState.status === 'sending') await scheduleBatches(ctx, newState);
}
