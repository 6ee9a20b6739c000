import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { mutateDocument } from '../shared/mutate-document';

/**
 * The per-employee anomaly signal: awards (points or stamps) one employee made within a sliding window,
 * kept in one document per employee. When the count or the points go above the thresholds, `record`
 * returns the anomaly ONCE per window (then the employee is flagged until the window has passed); the
 * caller records AwardAnomalyDetected and logs a warning. Awards are never blocked by it.
 */
type MonitorDoc = {
  _id: string;
  entries: Array<{ at: string; points: number; stamps: number }>;
  flaggedUntil: string | null;
};

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

export function awardMonitor(documents: DocumentStore, config: AwardMonitorConfig) {
  const monitors = documents.collection<MonitorDoc>('award_monitor');
  const windowMs = config.windowMinutes * 60_000;

  return {
    async record(award: {
      tenantId: string;
      employeeId: string;
      points: number;
      stamps: number;
      at: Date;
    }): Promise<AwardAnomaly | null> {
      let anomaly: AwardAnomaly | null = null;
      const since = new Date(award.at.getTime() - windowMs).toISOString();
      const at = award.at.toISOString();
      await mutateDocument(monitors, `${award.tenantId}:${award.employeeId}`, (current) => {
        const entries = [
          ...(current?.entries ?? []).filter((e) => e.at > since),
          { at, points: award.points, stamps: award.stamps },
        ];
        const points = entries.reduce((sum, e) => sum + e.points, 0);
        const stamps = entries.reduce((sum, e) => sum + e.stamps, 0);
        const unusual = entries.length > config.maxAwards || points > config.maxPoints;
        const flagged = current?.flaggedUntil != null && current.flaggedUntil > at;
        anomaly =
          unusual && !flagged
            ? {
                tenantId: award.tenantId,
                employeeId: award.employeeId,
                windowMinutes: config.windowMinutes,
                awards: entries.length,
                points,
                stamps,
                thresholds: { awards: config.maxAwards, points: config.maxPoints },
              }
            : null;
        return {
          _id: `${award.tenantId}:${award.employeeId}`,
          entries,
          flaggedUntil: anomaly
            ? new Date(award.at.getTime() + windowMs).toISOString()
            : (current?.flaggedUntil ?? null),
        };
      });
      return anomaly;
    },
  };
}

export type AwardMonitor = ReturnType<typeof awardMonitor>;
