import type { Logger } from '@punkto/platform/observability/logger';
import type { PassHealthResponse } from '@punkto/contracts/passes';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { mutateDocument } from '@punkto/platform/documents/mutate-document';

interface HealthDoc {
  /** the tenant */
  _id: string;
  appleAdded: number;
  appleRemoved: number;
  googleAdded: number;
  googleRemoved: number;
  failedUpdates: number;
  lastFailure: { reason: string; at: string } | null;
}

const empty = (tenantId: string): HealthDoc => ({
  _id: tenantId,
  appleAdded: 0,
  appleRemoved: 0,
  googleAdded: 0,
  googleRemoved: 0,
  failedUpdates: 0,
  lastFailure: null,
});

/**
 * Pass health per company (beyond what competitors show): how many passes phones hold now, how many were
 * added and removed (Apple registrations, Google save/delete callbacks), and the updates that could not reach
 * a phone, with the last reason. Counters are one document per company; "installed" is counted live.
 */
export function passHealth(deps: {
  documents: DocumentStore;
  clock: () => Date;
  appleInstalled: (tenantId: string) => Promise<number>;
  googleInstalled: (tenantId: string) => Promise<number>;
  /** a failed update is also an error in the log: an operator may have to act (certificate, key, topic) */
  logger: Logger;
}) {
  const health = deps.documents.collection<HealthDoc>('pass_health');
  const change = (tenantId: string, apply: (doc: HealthDoc) => Partial<HealthDoc>) =>
    mutateDocument(health, tenantId, (current) => {
      const doc = current ?? empty(tenantId);
      return { ...doc, ...apply(doc) };
    });

  return {
    async added(tenantId: string, wallet: 'apple' | 'google'): Promise<void> {
      await change(tenantId, (doc) =>
        wallet === 'apple' ? { appleAdded: doc.appleAdded + 1 } : { googleAdded: doc.googleAdded + 1 },
      );
    },

    async removed(tenantId: string, wallet: 'apple' | 'google'): Promise<void> {
      await change(tenantId, (doc) =>
        wallet === 'apple'
          ? { appleRemoved: doc.appleRemoved + 1 }
          : { googleRemoved: doc.googleRemoved + 1 },
      );
    },

    async failed(tenantIds: string[], reason: string): Promise<void> {
      deps.logger.error({ tenantIds, reason }, 'a pass update did not reach a phone');
      const at = deps.clock().toISOString();
      for (const tenantId of tenantIds)
        await change(tenantId, (doc) => ({
          failedUpdates: doc.failedUpdates + 1,
          lastFailure: { reason, at },
        }));
    },

    async of(tenantId: string): Promise<PassHealthResponse> {
      const [doc, appleInstalled, googleInstalled] = await Promise.all([
        health.get(tenantId),
        deps.appleInstalled(tenantId),
        deps.googleInstalled(tenantId),
      ]);
      const counts = doc ?? empty(tenantId);
      return {
        apple: { installed: appleInstalled, added: counts.appleAdded, removed: counts.appleRemoved },
        google: { installed: googleInstalled, added: counts.googleAdded, removed: counts.googleRemoved },
        failedUpdates: counts.failedUpdates,
        lastFailure: counts.lastFailure,
      };
    },
  };
}

export type PassHealth = ReturnType<typeof passHealth>;
