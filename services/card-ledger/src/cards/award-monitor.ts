import type { DocumentWrite } from '@punkto/platform/es/unit-of-work';

/**
 * The per-employee anomaly signal: more awards (points or stamps) or more points by one employee within a
 * sliding window than the thresholds allow. Awards are never blocked.
 *
 * Its cost per award does not depend on its settings nor on how many awards the window holds: each employee has
 * ONE counter document in `award_monitor` (id `tenant:employee`), whose window is cut into BUCKETS fixed buckets
 * of window / BUCKETS each (awards, points, stamps per bucket). An award adds itself to its bucket, drops the
 * buckets that left the window and sums the ones left — at most BUCKETS + 1 small sums, never a read of the
 * history. The counter is durable: it is a write of the award's own unit of work (`countAward`: the event, the
 * read model and the counter in one savepoint of the group commit, ADR 0029), so it is exact after a restart or a
 * crash and shared by every process of the service. The window is sliding to the bucket: a bucket counts while
 * its start is within the window, so the oldest up to 1/BUCKETS of the window is left out (10 s of 10 minutes).
 *
 * The flag lives in the same document: the award that finds the window unusual while the employee is not
 * flagged flags them until the end of a window from now and is the one that reports the anomaly — ONCE per
 * window even when several awards cross the threshold at the same moment (the counter's write is serialised
 * with the append, also across processes). The caller records AwardAnomalyDetected and logs a warning.
 */
export const BUCKETS = 60;

export interface AwardMonitorConfig {
  windowMinutes: number;
  maxAwards: number;
  maxPoints: number;
}

export interface AwardAnomaly {
  tenantId: string;
  employeeId: string;
  windowMinutes: number;
  awards: number;
  points: number;
  stamps: number;
  thresholds: { awards: number; points: number };
}

/** one employee's counts in one bucket of the window */
interface Bucket {
  awards: number;
  points: number;
  stamps: number;
}

export type CounterDoc = {
  _id: string;
  /** the employee is not reported again before this instant (ISO) */
  flaggedUntil: string;
  /** bucket number (time / bucket length) → that bucket's counts; only buckets still in the window */
  buckets?: Record<string, Bucket>;
};

export interface CountedAward {
  tenantId: string;
  employeeId: string;
  at: Date;
  points: number;
  stamps: number;
}

const AWARD_MONITOR_COLLECTION = 'award_monitor';

/**
 * Pure: the employee's counter after one more award, and the anomaly this award reports (null when the window
 * is usual or the employee is flagged already). Touches at most BUCKETS + 1 buckets whatever the settings.
 */
export function countAward(
  current: CounterDoc | null,
  award: CountedAward,
  config: AwardMonitorConfig,
): { doc: CounterDoc; anomaly: AwardAnomaly | null } {
  const windowMs = config.windowMinutes * 60_000;
  const bucketMs = windowMs / BUCKETS;
  const time = award.at.getTime();
  const now = Math.floor(time / bucketMs);
  // a bucket is in the window while its start is later than a window ago
  const oldest = Math.floor((time - windowMs) / bucketMs) + 1;
  const buckets: Record<string, Bucket> = {};
  const total: Bucket = { awards: 0, points: 0, stamps: 0 };
  for (const [key, counts] of Object.entries(current?.buckets ?? {})) {
    const number = Number(key);
    if (number < oldest || number > now) continue;
    buckets[key] = counts;
    add(total, counts);
  }
  const mine = { awards: 1, points: award.points, stamps: award.stamps };
  buckets[now] = add({ ...(buckets[now] ?? { awards: 0, points: 0, stamps: 0 }) }, mine);
  add(total, mine);

  const at = award.at.toISOString();
  const flagged = current !== null && current.flaggedUntil > at;
  const unusual = total.awards > config.maxAwards || total.points > config.maxPoints;
  const reports = unusual && !flagged;
  const doc: CounterDoc = {
    _id: counterId(award),
    flaggedUntil: reports ? new Date(time + windowMs).toISOString() : (current?.flaggedUntil ?? ''),
    buckets,
  };
  if (!reports) return { doc, anomaly: null };
  return {
    doc,
    anomaly: {
      tenantId: award.tenantId,
      employeeId: award.employeeId,
      windowMinutes: config.windowMinutes,
      ...total,
      thresholds: { awards: config.maxAwards, points: config.maxPoints },
    },
  };
}

function add(into: Bucket, counts: Bucket): Bucket {
  into.awards += counts.awards;
  into.points += counts.points;
  into.stamps += counts.stamps;
  return into;
}

const counterId = (award: { tenantId: string; employeeId: string }) =>
  `${award.tenantId}:${award.employeeId}`;

/**
 * The award counted as a write of its unit of work. `anomaly()`, once that unit is written, tells whether this
 * award reported the anomaly (the write's last run is the one that was stored).
 */
export function awardCounting(
  award: CountedAward,
  config: AwardMonitorConfig,
): { write: DocumentWrite; anomaly: () => AwardAnomaly | null } {
  let anomaly: AwardAnomaly | null = null;
  return {
    write: {
      collection: AWARD_MONITOR_COLLECTION,
      id: counterId(award),
      mutate: (current) => {
        const counted = countAward(current as CounterDoc | null, award, config);
        anomaly = counted.anomaly;
        return counted.doc;
      },
    },
    anomaly: () => anomaly,
  };
}
