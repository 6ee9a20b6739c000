import type { Command, Decider } from '@punkto/platform/es/decider';
import type { CampaignDraft } from '@punkto/contracts/messages';
import {
  evolve,
  initialState,
  type Campaign,
  type CampaignBatchDelivered,
  type CampaignEvent,
} from './campaign';
import {
  AlreadyStartedError,
  CampaignNotFoundError,
  DuplicateCampaignError,
  NoRecipientsError,
  SendAtInPastError,
  WeeklyLimitError,
} from './campaign.errors';
import { isDuplicate, withinWeeklyLimit, type OtherCampaign } from './campaign-limits';
import { afterQuietHours } from '../shared/quiet-hours';

/**
 * Commands of the Campaign aggregate. Time arrives in `metadata.now`. What spans campaigns or needs the
 * read models (the company's other campaigns, how many customers the audience reaches now) is read by the
 * service and handed over in the command; the decision stays here.
 */
export type ScheduleCampaign = Command<
  'ScheduleCampaign',
  Omit<CampaignDraft, 'sendAt'> & {
    campaignId: string;
    tenantId: string;
    requestedSendAt: string | null;
    /** the company's other campaigns (limits, duplicates) */
    others: OtherCampaign[];
    campaignsPerWeek: number;
    /** customers the audience reaches now by at least one chosen channel */
    reachable: number;
  }
>;
export type CancelCampaign = Command<'CancelCampaign', { tenantId: string }>;
export type StartCampaign = Command<
  'StartCampaign',
  { targeted: number; unreachable: number; batches: number }
>;
export type RecordBatch = Command<
  'RecordBatch',
  Omit<CampaignBatchDelivered['data'], 'campaignId' | 'tenantId' | 'deliveredAt'>
>;
export type WithdrawConsent = Command<'WithdrawConsent', { clientIds: string[] }>;

export type CampaignCommand =
  ScheduleCampaign | CancelCampaign | StartCampaign | RecordBatch | WithdrawConsent;

function schedule(command: ScheduleCampaign, state: Campaign): CampaignEvent[] {
  if (state.status !== 'none') return []; // a retried request decides nothing
  const now = command.metadata.now;
  const { others, campaignsPerWeek, reachable, requestedSendAt, ...draft } = command.data;
  const requested = requestedSendAt ? new Date(requestedSendAt) : now;
  if (requestedSendAt && requested.getTime() < now.getTime()) throw new SendAtInPastError();
  // lock-screen notices wait for the morning (the whole campaign with them: it stays one moment); an
  // e-mail-only campaign puts nothing on a lock screen and goes when asked
  const startsAt = draft.channels.wallet ? afterQuietHours(requested) : requested;
  if (isDuplicate(now, draft, others)) throw new DuplicateCampaignError();
  if (!withinWeeklyLimit(startsAt, others, campaignsPerWeek)) throw new WeeklyLimitError();
  if (reachable <= 0) throw new NoRecipientsError();
  return [
    {
      type: 'CampaignScheduled',
      data: {
        campaignId: draft.campaignId,
        tenantId: draft.tenantId,
        title: draft.title,
        body: draft.body,
        audience: draft.audience,
        channels: draft.channels,
        createdAt: now.toISOString(),
        requestedSendAt,
        startsAt: startsAt.toISOString(),
        movedByQuietHours: startsAt.getTime() !== requested.getTime(),
      },
    },
  ];
}

function cancel(command: CancelCampaign, state: Campaign): CampaignEvent[] {
  if (state.status === 'none' || state.tenantId !== command.data.tenantId) throw new CampaignNotFoundError();
  if (state.status === 'cancelled') return [];
  if (state.status !== 'scheduled') throw new AlreadyStartedError();
  return [
    {
      type: 'CampaignCancelled',
      data: {
        campaignId: state.campaignId,
        tenantId: state.tenantId,
        cancelledAt: command.metadata.now.toISOString(),
      },
    },
  ];
}

function start(command: StartCampaign, state: Campaign): CampaignEvent[] {
  if (state.status !== 'scheduled') return []; // cancelled, or started by an earlier run of the job
  const at = command.metadata.now.toISOString();
  return [
    {
      type: 'CampaignStarted',
      data: { campaignId: state.campaignId, tenantId: state.tenantId, startedAt: at, ...command.data },
    },
    ...(command.data.batches === 0
      ? [
          {
            type: 'CampaignFinished' as const,
            data: { campaignId: state.campaignId, tenantId: state.tenantId, finishedAt: at },
          },
        ]
      : []),
  ];
}

function recordBatch(command: RecordBatch, state: Campaign): CampaignEvent[] {
  if (state.status !== 'sending' || state.batchesDone.includes(command.data.batch)) return [];
  const at = command.metadata.now.toISOString();
  const delivered: CampaignEvent = {
    type: 'CampaignBatchDelivered',
    data: { campaignId: state.campaignId, tenantId: state.tenantId, ...command.data, deliveredAt: at },
  };
  const last = state.batchesDone.length + 1 >= state.batches;
  return last
    ? [
        delivered,
        {
          type: 'CampaignFinished',
          data: { campaignId: state.campaignId, tenantId: state.tenantId, finishedAt: at },
        },
      ]
    : [delivered];
}

function withdrawConsent(command: WithdrawConsent, state: Campaign): CampaignEvent[] {
  if (state.status === 'none') return [];
  const clientIds = command.data.clientIds.filter((id) => !state.withdrawnClientIds.includes(id));
  if (clientIds.length === 0) return []; // the same link again, or a retry after a crash
  return [
    {
      type: 'MarketingConsentWithdrawn',
      data: {
        campaignId: state.campaignId,
        tenantId: state.tenantId,
        clientIds,
        withdrawnAt: command.metadata.now.toISOString(),
      },
    },
  ];
}

export function decide(command: CampaignCommand, state: Campaign): CampaignEvent[] {
  switch (command.type) {
    case 'ScheduleCampaign':
      return schedule(command, state);
    case 'CancelCampaign':
      return cancel(command, state);
    case 'StartCampaign':
      return start(command, state);
    case 'RecordBatch':
      return recordBatch(command, state);
    case 'WithdrawConsent':
      return withdrawConsent(command, state);
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const campaignDecider: Decider<Campaign, CampaignCommand, CampaignEvent> = {
  decide,
  evolve,
  initialState,
};
