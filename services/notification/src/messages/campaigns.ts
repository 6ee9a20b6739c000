import type {
  Campaign as CampaignView,
  CampaignDraft,
  CampaignList,
  MessageAudience,
} from '@punkto/contracts/messages';
import { randomUUID } from 'node:crypto';
import type { CampaignData } from './campaign';
import { campaignCommand } from './campaign-start';
import { CampaignNotFoundError } from './campaign.errors';
import { campaignsAround, nextSlot, type OtherCampaign } from './campaign-limits';
import { MessageJobs, startJobId, type MessagesContext } from './messages-context';

export const toView = (c: CampaignData): CampaignView => ({
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

/** One campaign of the company. */
export async function getCampaign(
  ctx: MessagesContext,
  tenantId: string,
  campaignId: string,
): Promise<CampaignView> {
  const campaign = await ctx.campaign(campaignId);
  if (!campaign || campaign.tenantId !== tenantId) throw new CampaignNotFoundError();
  return toView(campaign);
}

/** Cancels a campaign that has not started, with its start job. */
export async function cancelCampaign(
  ctx: MessagesContext,
  tenantId: string,
  campaignId: string,
): Promise<CampaignView> {
  const known = await ctx.campaign(campaignId);
  if (!known || known.tenantId !== tenantId) throw new CampaignNotFoundError();
  const { newState } = await ctx.campaigns.run(
    campaignId,
    campaignCommand(ctx, 'CancelCampaign', { tenantId }),
    {
      tenantId,
    },
  );
  if (newState.status === 'none') throw new CampaignNotFoundError();
  await ctx.scheduler.cancel(startJobId(campaignId));
  return toView(newState);
}

/** The company's side of campaigns as the routes take it: create (limits, quiet hours), list, read, cancel, audience size. */
export function campaignsOf(ctx: MessagesContext) {
  return {
    toView,
    create: (tenantId: string, draft: CampaignDraft) => createCampaign(ctx, tenantId, draft),
    list: (tenantId: string) => listCampaigns(ctx, tenantId),
    get: (tenantId: string, campaignId: string) => getCampaign(ctx, tenantId, campaignId),
    cancel: (tenantId: string, campaignId: string) => cancelCampaign(ctx, tenantId, campaignId),
    audienceSize: (tenantId: string, audience: MessageAudience) => ctx.audience.size(tenantId, audience),
  };
}
export type Campaigns = ReturnType<typeof campaignsOf>;
