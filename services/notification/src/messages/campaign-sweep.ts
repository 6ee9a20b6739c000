import type { CampaignData } from './campaign';
import { toCampaignStreamId } from './campaign';
import { batchJobId, MessageJobs, startJobId, type MessagesContext } from './messages-context';
import { afterQuietHours, inQuietHours } from '../shared/quiet-hours';

/**
 * The sweep of company messages (ADR 0027, "The sweep"). The scheduler is SQLite per process (ADR 0002): in
 * the distributed mode a replaced pod (its data dir gone) takes its campaigns' start and batch jobs with it, and
 * "is there a job?" can only be asked of one's own scheduler. The sweep looks at every campaign that should be
 * moving and is not, and schedules the missing job(s) in THIS replica's scheduler. Running a job twice (here
 * and on a replica that was only slow) sends nobody anything twice: the start appends CampaignStarted once, a
 * batch goes per recipient and channel through the delivery records (e-mail: a `pending` mark with a lease;
 * wallet: the messenger's own records with a lease), and the decider records each batch once.
 */
export const MESSAGE_SWEEP_JOB = 'messages.sweep';
export const MESSAGE_SWEEP_JOB_ID = 'messages-sweep';

export interface SweepTimes {
  /** a start due this long ago that did not happen is lost */
  graceMs: number;
  /** a sending campaign with no progress (start, delivered batch) for this long has lost a batch */
  staleMs: number;
}

export type MissingWork = { kind: 'start' } | { kind: 'batches'; batches: number[] } | null;

/**
 * The most recent end of the quiet hours (08:00 Warsaw) at or before `now`; `now` itself within them. A wallet
 * campaign's batches wait (rescheduled) for it, so the time before it is no sign of a lost job.
 */
export function lastQuietHoursEnd(now: Date): Date {
  if (inQuietHours(now)) return now;
  // the non-quiet part of a day is 13 h: going back by hours meets the previous night within 14 steps
  for (let back = 1; back <= 14; back++) {
    const at = new Date(now.getTime() - back * 3_600_000);
    if (inQuietHours(at)) return afterQuietHours(at);
  }
  return now;
}

/**
 * What a campaign lacks, if anything (pure): `scheduled` past its start by more than the grace → its start;
 * `sending` with no progress for the staleness period → its batches not yet recorded as delivered. For a
 * campaign with the wallet channel the quiet hours do not count (its batches are paused until 08:00, and no
 * batch runs then): nothing is stale within them, and the staleness is measured from their end. Cancelled and
 * finished campaigns lack nothing.
 */
export function missingWork(
  campaign: Pick<CampaignData, 'status' | 'startsAt' | 'startedAt' | 'channels' | 'batches' | 'batchesDone'>,
  lastProgressAt: Date | null,
  now: Date,
  times: SweepTimes,
): MissingWork {
  if (campaign.status === 'scheduled')
    return now.getTime() - Date.parse(campaign.startsAt) > times.graceMs ? { kind: 'start' } : null;
  if (campaign.status !== 'sending') return null;
  if (campaign.channels.wallet && inQuietHours(now)) return null;
  let progress = Math.max(
    lastProgressAt?.getTime() ?? 0,
    campaign.startedAt ? Date.parse(campaign.startedAt) : 0,
  );
  if (campaign.channels.wallet) progress = Math.max(progress, lastQuietHoursEnd(now).getTime());
  if (now.getTime() - progress <= times.staleMs) return null;
  const batches: number[] = [];
  for (let batch = 0; batch < campaign.batches; batch++)
    if (!campaign.batchesDone.includes(batch)) batches.push(batch);
  return batches.length ? { kind: 'batches', batches } : null;
}

export function campaignSweep(ctx: MessagesContext) {
  const { clock, logger, scheduler } = ctx;
  const times = (): SweepTimes => ({
    graceMs: ctx.config.MESSAGE_START_GRACE_MINUTES * 60_000,
    staleMs: ctx.config.MESSAGE_STALE_MINUTES * 60_000,
  });

  /** the campaign's last progress: its start or its latest delivered batch (from its stream) */
  async function lastProgress(campaignId: string): Promise<Date | null> {
    let latest = 0;
    for (const event of await ctx.eventStore.readStream(toCampaignStreamId(campaignId))) {
      const data = event.data as { startedAt?: string; deliveredAt?: string };
      const at =
        event.type === 'CampaignStarted'
          ? data.startedAt
          : event.type === 'CampaignBatchDelivered'
            ? data.deliveredAt
            : undefined;
      if (at) latest = Math.max(latest, Date.parse(at));
    }
    return latest ? new Date(latest) : null;
  }

  /** a job this replica's scheduler will still run (a failed one, out of retries, counts as lost) */
  const pendingHere = async (id: string) => (await scheduler.get(id))?.status === 'pending';

  /** schedules what is missing; returns the job ids it scheduled */
  async function sweep(): Promise<string[]> {
    const scheduled: string[] = [];
    const now = clock();
    const live = await ctx.campaignsView.find({ status: { $in: ['scheduled', 'sending'] } });
    for (const doc of live) {
      if ('_deleted' in doc) continue;
      // re-read: the campaign may have moved on while the sweep ran
      const campaign = await ctx.campaign((doc as CampaignData).campaignId);
      if (!campaign) continue;
      const missing = missingWork(
        campaign,
        campaign.status === 'sending' ? await lastProgress(campaign.campaignId) : null,
        now,
        times(),
      );
      if (!missing) continue;
      const { campaignId } = campaign;
      if (missing.kind === 'start') {
        const id = startJobId(campaignId);
        if (await pendingHere(id)) continue; // ours, only late (the scheduler runs one job at a time)
        await scheduler.schedule({ id, type: MessageJobs.start, runAt: now, payload: { campaignId } });
        scheduled.push(id);
        continue;
      }
      // a batch with the wallet waits for the morning, as the batches the start schedules do
      const runAt = campaign.channels.wallet ? afterQuietHours(now) : now;
      for (const batch of missing.batches) {
        const id = batchJobId(campaignId, batch);
        // a pending job here may be a batch paused for the night: it is not moved
        if (await pendingHere(id)) continue;
        await scheduler.schedule({ id, type: MessageJobs.batch, runAt, payload: { campaignId, batch } });
        scheduled.push(id);
      }
    }
    if (scheduled.length)
      logger.warn({ jobs: scheduled }, 'messages sweep: campaign jobs were missing and are scheduled again');
    return scheduled;
  }

  return { sweep };
}
export type CampaignSweep = ReturnType<typeof campaignSweep>;
