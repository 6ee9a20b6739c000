import { domainOf } from '@punkto/platform/mail/eml-mailer';
import type { JobHandler } from '@punkto/platform/scheduler/scheduler.port';
import { deliverBatch } from './campaign-batch';
import { tokenBucket } from '../shared/rate-limiter';
import type { DeliveryDeps } from './campaign-delivery';
import { startCampaign } from './campaign-start';
import { MessageJobs, type MessagesContext } from './messages-context';

/** At most `perSecond` e-mails a second, one at a time (no pace when `perSecond` is 0). */
const emailPace = (perSecond: number): (() => Promise<void>) =>
  perSecond > 0 ? tokenBucket({ perSecond, burst: 1 }).take : async () => {};

/**
 * Sending a campaign (ADR 0027), from the durable scheduler only: `messages.start` (campaign-start.ts) resolves
 * the audience once and schedules the batches; `messages.batch` (campaign-batch.ts) delivers one batch, each
 * person on each channel once (campaign-delivery.ts). One pace of e-mails for every batch of the process.
 */
export function campaignSending(ctx: MessagesContext) {
  const deps: DeliveryDeps = {
    ctx,
    paceEmail: emailPace(ctx.config.MESSAGE_EMAILS_PER_SECOND),
    domain: domainOf(ctx.config.MAIL_FROM),
  };
  const start = (campaignId: string) => startCampaign(ctx, campaignId);
  const batch = (campaignId: string, batchNo: number) => deliverBatch(deps, campaignId, batchNo);
  const jobs: Record<string, JobHandler> = {
    [MessageJobs.start]: async (job) => start((job.payload as { campaignId: string }).campaignId),
    [MessageJobs.batch]: async (job) => {
      const { campaignId, batch: n } = job.payload as { campaignId: string; batch: number };
      await batch(campaignId, n);
    },
  };
  return { start, batch, jobs, deps };
}
