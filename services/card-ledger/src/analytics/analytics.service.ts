import { analyticsRange, type AnalyticsQuery, type AnalyticsResponse } from '@punkto/contracts/analytics';
import type { ProgramDefinedData } from '@punkto/contracts/integration-events';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import type { Logger } from '@punkto/platform/observability/logger';
import type { CheckpointStore } from '@punkto/platform/relay/checkpoint-store.port';
import { warsawLocal } from '../cards/warsaw-time';
import { valuationRewardOf, type ProgramInfo } from './analytics-liability';
import { computeAnalytics } from './analytics-metrics';
import { mondayOf } from './analytics-scales';
import { analyticsProjection, startAnalyticsProjector } from './analytics.projection';

/** The analytics of the card ledger: its read models, their projector, and the query over them. */
export async function createAnalytics(deps: {
  eventStore: EventStore;
  documents: DocumentStore;
  checkpoints: CheckpointStore;
  clock: () => Date;
  logger: Logger;
}) {
  const projection = analyticsProjection(deps.documents, deps.eventStore);
  await projection.ensureIndexes();
  const programCopies = deps.documents.collection<{
    _id: string;
    tenantId: string;
    deleted: boolean;
    data: ProgramDefinedData | null;
  }>('programs');
  const projector = startAnalyticsProjector({
    eventStore: deps.eventStore,
    checkpoints: deps.checkpoints,
    projection,
    onError: (error) =>
      deps.logger.error({ err: error }, 'analytics projector failed; restarting from its checkpoint'),
  });

  async function programsOf(tenantId: string): Promise<ProgramInfo[]> {
    const copies = await programCopies.find({ tenantId });
    return copies.flatMap((copy) => {
      if (!copy.data) return [];
      const costs = copy.data.rewards.filter((r) => r.active).map((r) => r.cost);
      return [
        {
          programId: copy._id,
          name: copy.data.name,
          kind: copy.data.kind,
          cheapestRewardCost: costs.length ? Math.min(...costs) : null,
          valuation: valuationRewardOf(copy.data.rewards),
        },
      ];
    });
  }

  return {
    projection,

    async query(tenantId: string, query: AnalyticsQuery): Promise<AnalyticsResponse> {
      const range = analyticsRange(query, warsawLocal(deps.clock()).date);
      const [cards, answers, programs] = await Promise.all([
        projection.cardsOf(tenantId),
        projection.answersOf(tenantId, mondayOf(range.startDate), range.endDate),
        programsOf(tenantId),
      ]);
      return computeAnalytics({
        tenantId,
        ...range,
        segment: query.customerSegment ?? null,
        programId: query.loyaltyProgramId ?? null,
        cards,
        answers,
        programs,
      });
    },

    async close() {
      await projector.stop();
    },
  };
}

export type Analytics = Awaited<ReturnType<typeof createAnalytics>>;
