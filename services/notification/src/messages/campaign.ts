import { toStreamId } from '@punkto/contracts/events';
import type {
  CampaignReport,
  CampaignStatus,
  MessageAudience,
  MessageChannels,
} from '@punkto/contracts/messages';
import type { MarketingConsentWithdrawnData } from '@punkto/contracts/integration-events';

/**
 * The Campaign aggregate (stream `message-<campaignId>`): one message of a company to a group of its
 * customers. Pure. Its events are relayed to `notification.messages.v1` (app.ts): they carry the company's
 * text and counts, never a person — recipients live in the service's documents (ADR 0027).
 */
export const CAMPAIGN_STREAM_PREFIX = 'message-';
export const toCampaignStreamId = (campaignId: string) => toStreamId('message', campaignId);

export type FailureCount = CampaignReport['failures'][number];

export type CampaignScheduled = {
  type: 'CampaignScheduled';
  data: {
    campaignId: string;
    tenantId: string;
    title: string;
    body: string;
    audience: MessageAudience;
    channels: MessageChannels;
    createdAt: string;
    requestedSendAt: string | null;
    startsAt: string;
    movedByQuietHours: boolean;
  };
};
export type CampaignCancelled = {
  type: 'CampaignCancelled';
  data: { campaignId: string; tenantId: string; cancelledAt: string };
};
/** the audience was resolved once: `targeted` people in `batches` batches, `unreachable` of them by no channel */
export type CampaignStarted = {
  type: 'CampaignStarted';
  data: {
    campaignId: string;
    tenantId: string;
    startedAt: string;
    targeted: number;
    unreachable: number;
    batches: number;
  };
};
/** one batch of recipients went through every channel (counts only) */
export type CampaignBatchDelivered = {
  type: 'CampaignBatchDelivered';
  data: {
    campaignId: string;
    tenantId: string;
    batch: number;
    apple: { sent: number; failed: number };
    google: { sent: number; failed: number; notified: number };
    email: { sent: number; failed: number };
    failures: FailureCount[];
    deliveredAt: string;
  };
};
export type CampaignFinished = {
  type: 'CampaignFinished';
  data: { campaignId: string; tenantId: string; finishedAt: string };
};
export type MarketingConsentWithdrawn = {
  type: 'MarketingConsentWithdrawn';
  data: MarketingConsentWithdrawnData;
};

export type CampaignEvent =
  | CampaignScheduled
  | CampaignCancelled
  | CampaignStarted
  | CampaignBatchDelivered
  | CampaignFinished
  | MarketingConsentWithdrawn;

export type CampaignData = CampaignScheduled['data'] & {
  status: CampaignStatus;
  startedAt: string | null;
  finishedAt: string | null;
  cancelledAt: string | null;
  batches: number;
  /** the batch numbers already delivered (a redelivered batch records nothing) */
  batchesDone: number[];
  /** clients whose consent this campaign's unsubscribe link withdrew (each counted once) */
  withdrawnClientIds: string[];
  report: CampaignReport;
};

export type Campaign = { status: 'none' } | CampaignData;

export const emptyReport = (): CampaignReport => ({
  targeted: 0,
  apple: { sent: 0, failed: 0 },
  google: { sent: 0, failed: 0, notified: 0 },
  email: { sent: 0, failed: 0 },
  unreachable: 0,
  failures: [],
  unsubscribed: 0,
});

export const initialState = (): Campaign => ({ status: 'none' });

/** failures grouped by channel and reason, most frequent first */
export function mergeFailures(a: readonly FailureCount[], b: readonly FailureCount[]): FailureCount[] {
  const byKey = new Map<string, FailureCount>();
  for (const f of [...a, ...b]) {
    const key = `${f.channel}\u0000${f.reason}`;
    const known = byKey.get(key);
    byKey.set(key, known ? { ...known, count: known.count + f.count } : { ...f });
  }
  return [...byKey.values()].sort((x, y) => y.count - x.count || x.reason.localeCompare(y.reason, 'pl'));
}

export function evolve(state: Campaign, event: CampaignEvent): Campaign {
  if (event.type === 'CampaignScheduled')
    return state.status === 'none'
      ? {
          ...event.data,
          status: 'scheduled',
          startedAt: null,
          finishedAt: null,
          cancelledAt: null,
          batches: 0,
          batchesDone: [],
          withdrawnClientIds: [],
          report: emptyReport(),
        }
      : state;
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'CampaignCancelled':
      return { ...state, status: 'cancelled', cancelledAt: event.data.cancelledAt };
    case 'CampaignStarted':
      return {
        ...state,
        status: 'sending',
        startedAt: event.data.startedAt,
        batches: event.data.batches,
        report: { ...state.report, targeted: event.data.targeted, unreachable: event.data.unreachable },
      };
    case 'CampaignBatchDelivered': {
      const d = event.data;
      const r = state.report;
      return {
        ...state,
        batchesDone: [...state.batchesDone, d.batch],
        report: {
          ...r,
          apple: { sent: r.apple.sent + d.apple.sent, failed: r.apple.failed + d.apple.failed },
          google: {
            sent: r.google.sent + d.google.sent,
            failed: r.google.failed + d.google.failed,
            notified: r.google.notified + d.google.notified,
          },
          email: { sent: r.email.sent + d.email.sent, failed: r.email.failed + d.email.failed },
          failures: mergeFailures(r.failures, d.failures),
        },
      };
    }
    case 'CampaignFinished':
      return { ...state, status: 'sent', finishedAt: event.data.finishedAt };
    case 'MarketingConsentWithdrawn':
      return {
        ...state,
        withdrawnClientIds: [...state.withdrawnClientIds, ...event.data.clientIds],
        report: { ...state.report, unsubscribed: state.report.unsubscribed + 1 },
      };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
