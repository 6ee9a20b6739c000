import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { mutateDocument, UNCHANGED } from '@punkto/platform/documents/mutate-document';
import type { CardsProjection } from './cards.projection';

/**
 * The per-employee anomaly signal: more awards (points or stamps) or more points by one employee within a
 * sliding window than the thresholds allow. The awards are counted in the card history read model
 * (`card_activity`, whose award entries name the employee), so an award costs a query here, not a write.
 * Only a detected anomaly writes: the employee's flag in `award_monitor`, revision-checked, so that `check`
 * returns the anomaly ONCE per window even when several awards cross the threshold at the same moment (also
 * across processes). The caller records AwardAnomalyDetected and logs a warning. Awards are never blocked.
 */
type FlagDoc = { _id: string; flaggedUntil: string };

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

export function awardMonitor(
  documents: DocumentStore,
  history: Pick<CardsProjection, 'awardsBy'>,
  config: AwardMonitorConfig,
) {
  const flags = documents.collection<FlagDoc>('award_monitor');
  const windowMs = config.windowMinutes * 60_000;

  return {
    /** Call once the award's history entry is written (it counts itself). */
    async check(award: { tenantId: string; employeeId: string; at: Date }): Promise<AwardAnomaly | null> {
      const at = award.at.toISOString();
      const flagId = `${award.tenantId}:${award.employeeId}`;
      // an employee flagged for this moment gets no second anomaly (the flag below would refuse it): one read
      // by id instead of the window's entries. Flags only move later, so a flag seen here still holds there.
      const flagged = await flags.get(flagId);
      if (flagged && flagged.flaggedUntil > at) return null;
      const since = new Date(award.at.getTime() - windowMs).toISOString();
      // at most one entry more than the threshold: beyond it the count alone is unusual, so a busy employee's
      // award does not read their whole window every time (the totals are read in full only to report a flag)
      let awards = await history.awardsBy(award.tenantId, award.employeeId, since, config.maxAwards + 1);
      const sum = (field: 'points' | 'stamps') => awards.reduce((total, e) => total + (e[field] ?? 0), 0);
      if (awards.length <= config.maxAwards && sum('points') <= config.maxPoints) return null;

      let first = false;
      await mutateDocument(flags, flagId, (current) => {
        first = !current || current.flaggedUntil <= at;
        return first
          ? {
              _id: flagId,
              flaggedUntil: new Date(award.at.getTime() + windowMs).toISOString(),
            }
          : UNCHANGED;
      });
      if (!first) return null;
      if (awards.length > config.maxAwards)
        awards = await history.awardsBy(award.tenantId, award.employeeId, since);
      const points = sum('points');
      const stamps = sum('stamps');
      return {
        tenantId: award.tenantId,
        employeeId: award.employeeId,
        windowMinutes: config.windowMinutes,
        awards: awards.length,
        points,
        stamps,
        thresholds: { awards: config.maxAwards, points: config.maxPoints },
      };
    },
  };
}

export type AwardMonitor = ReturnType<typeof awardMonitor>;
