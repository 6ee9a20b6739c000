import type {
  Campaign as CampaignView,
  CampaignDraft,
  CampaignList,
  MessageAudience,
} from '@punkto/contracts/messages';
import { randomUUID } from 'node:crypto';
import type { CampaignData } from './campaign';
import { CampaignNotFoundError } from './campaign.errors';
import { campaignsAround, nextSlot, type OtherCampaign } from './campaign-limits';
import { campaignCommand, MessageJobs, startJobId, type MessagesContext } from './messages-context';

const toView = (c: CampaignData): CampaignView => ({
  id: c.campaignId,
  tenantId: c.tenantId,
  title: c.title,
  body: c.body,
  audience: c.audience,
  channels: c.channels,
  status: c.status,
  createdAt: c.createdAt,
  requestedSendAt: c.requestedSendAt,
  startsAt: c.startsAt,
  movedByQuietHours: c.movedByQuietHours,
  startedAt: c.startedAt,
  finishedAt: c.finishedAt,
  cancelledAt: c.cancelledAt,
  report: c.report,
});

async function ofTenant(ctx: MessagesContext, tenantId: string): Promise<CampaignData[]> {
  const docs = await ctx.campaignsView.find({ tenantId }, { sort: { createdAt: -1 } });
  return docs.filter((d): d is typeof d & CampaignData => !('_deleted' in d));
}

const asOthers = (list: CampaignData[]): OtherCampaign[] =>
  list.map((c) => ({
    status: c.status,
    startsAt: c.startsAt,
    createdAt: c.createdAt,
    title: c.title,
    body: c.body,
    audience: c.audience,
  }));

async function reachable(
  ctx: MessagesContext,
  tenantId: string,
  audience: MessageAudience,
  channels: CampaignDraft['channels'],
) {
  const { recipients } = await ctx.audience.resolve(tenantId, audience, channels);
  return recipients.length;
}

/** A new campaign: its start job first, then ScheduleCampaign (limits, quiet hours); the job follows the start. */
export async function createCampaign(
  ctx: MessagesContext,
  tenantId: string,
  draft: CampaignDraft,
): Promise<CampaignView> {
  const campaignId = randomUUID();
  const others = asOthers(await ofTenant(ctx, tenantId));
  // the start job first: a crash right after the append cannot leave an accepted campaign without its start
  // (a job whose campaign was never recorded finds nothing to do)
  const provisionalStart = draft.sendAt ? new Date(draft.sendAt) : ctx.clock();
  await ctx.scheduler.schedule({
    id: startJobId(campaignId),
    type: MessageJobs.start,
    runAt: provisionalStart,
    payload: { campaignId },
  });
  try {
    const { newState } = await ctx.campaigns.run(
      campaignId,
      campaignCommand(ctx, 'ScheduleCampaign', {
        campaignId,
        tenantId,
        title: draft.title,
        body: draft.body,
        audience: draft.audience,
        channels: draft.channels,
        requestedSendAt: draft.sendAt ? new Date(draft.sendAt).toISOString() : null,
        others,
        campaignsPerWeek: ctx.campaignsPerWeek(tenantId),
        reachable: await reachable(ctx, tenantId, draft.audience, draft.channels),
      }),
      { tenantId },
    );
    if (newState.status === 'none') throw new CampaignNotFoundError();
    if (newState.startsAt !== provisionalStart.toISOString())
      await ctx.scheduler.schedule({
        id: startJobId(campaignId),
        type: MessageJobs.start,
        runAt: new Date(newState.startsAt),
        payload: { campaignId },
      });
    return toView(newState);
  } catch (error) {
    await ctx.scheduler.cancel(startJobId(campaignId));
    throw error;
  }
}

/** The company's campaigns, newest first, with the weekly limit and when the next one may start. */
export async function listCampaigns(ctx: MessagesContext, tenantId: string): Promise<CampaignList> {
  const list = await ofTenant(ctx, tenantId);
  const now = ctx.clock();
  const others = asOthers(list);
  const limit = ctx.campaignsPerWeek(tenantId);
  const next = nextSlot(now, others, limit);
  return {
    campaigns: list.map(toView),
    limits: {
      campaignsPerWeek: limit,
      used: campaignsAround(now, others),
      nextSlotAt: next ? next.toISOString() : null,
    },
  };
}

/** The campaign if it is the company's; another company's answers as an unknown one does. */
async function campaignOf(ctx: MessagesContext, tenantId: string, campaignId: string): Promise<CampaignData> {
  const campaign = await ctx.campaign(campaignId);
  if (!campaign || campaign.tenantId !== tenantId) throw new CampaignNotFoundError();
  return campaign;
}

/** One campaign of the company. */
export async function getCampaign(
  ctx: MessagesContext,
  tenantId: string,
  campaignId: string,
): Promise<CampaignView> {
  return toView(await campaignOf(ctx, tenantId, campaignId));
}

/** Cancels a campaign that has not started, with its start job. */
export async function cancelCampaign(
  ctx: MessagesContext,
  tenantId: string,
  campaignId: string,
): Promise<CampaignView> {
  await campaignOf(ctx, tenantId, campaignId);
  const { newState } = await ctx.campaigns.run(
    campaignId,
    campaignCommand(ctx, 'CancelCampaign', { tenantId }),
    { tenantId },
  );
  if (newState.status === 'none') throw new CampaignNotFoundError();
  await ctx.scheduler.cancel(startJobId(campaignId));
  return toView(newState);
}
