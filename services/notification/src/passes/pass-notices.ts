import type { Logger } from '@punkto/platform/observability/logger';
import type { JobHandler, ScheduledJob, Scheduler } from '@punkto/platform/scheduler/scheduler.port';
import { afterQuietHours, inQuietHours } from '../shared/quiet-hours';
import { birthdayRewardRedeemed, type PassCardEvent } from './pass-card';
import type { PassCopies } from './pass-copies';

/**
 * A notice the pass announces on the lock screen without anyone asking for it — the birthday reward's (ADR 0058),
 * granted by the card ledger's nightly sweep at 00:05 — waits for the end of the quiet hours (21:00–8:00 Warsaw,
 * as every company message does): a job at 08:00 then shows it. A notice the customer causes while awake (giving
 * the birthday in the portal) is granted outside the quiet hours and shown at once, as before. The job asks the
 * card's copy as it is at 08:00: a reward staff gave out before then (a bakery opens at 6) is no news, and its
 * notice — „do odebrania do …” — is not shown at all.
 */
export const PASS_NOTICE_JOB = 'passes.notice';

type Announced = Extract<PassCardEvent, { type: 'BirthdayRewardGranted' }>;

const announces = (event: PassCardEvent): event is Announced => event.type === 'BirthdayRewardGranted';

export function passNotices(
  deps: {
    scheduler: Pick<Scheduler, 'schedule'>;
    clock: () => Date;
    copies: Pick<PassCopies, 'card'>;
    logger: Pick<Logger, 'info'>;
  },
  /** the event applied to the card's copy and its passes (passes.consumer.ts) */
  show: (event: PassCardEvent) => Promise<void>,
) {
  return {
    /** true: the event's notice waits for the morning (a job shows it); false: show it now */
    async deferred(event: PassCardEvent): Promise<boolean> {
      const now = deps.clock();
      if (!announces(event) || !inQuietHours(now)) return false;
      await deps.scheduler.schedule({
        // one per card and birthday year: a redelivery schedules nothing more
        id: `pass-notice:${event.data.cardId}:${event.data.year}`,
        type: PASS_NOTICE_JOB,
        runAt: afterQuietHours(now),
        payload: event,
      });
      return true;
    },
    jobs: {
      [PASS_NOTICE_JOB]: async (job: ScheduledJob) => {
        const event = job.payload as PassCardEvent;
        if (announces(event) && (await noLongerNews(deps, event))) {
          const { cardId, year } = event.data;
          deps.logger.info({ cardId, year }, 'birthday notice not shown: the reward was given out before it');
          return;
        }
        await show(event);
      },
    } satisfies Record<string, JobHandler>,
  };
}

/** the notice's reward was given out while it waited (the copy as it is now) */
async function noLongerNews(deps: { copies: Pick<PassCopies, 'card'> }, event: Announced) {
  const card = await deps.copies.card(event.data.cardId);
  return card !== null && birthdayRewardRedeemed(card, event.data.year);
}
