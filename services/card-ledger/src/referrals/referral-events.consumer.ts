import { CardIssuedData, PointsEarnedData, StampsAddedData } from '@punkto/contracts/integration-events';
import { Topics } from '@punkto/contracts/topics';
import type { EventMetadata } from '@punkto/platform/event-store/event-store.port';
import { eventConsumer, payloadParser, type ConsumerContext } from '@punkto/platform/runtime/event-consumer';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import { z } from 'zod';
import { showInviteOf } from './invite-publishing';
import { rewardFirstVisit, type RewardDeps } from './referral-rewards';

const Envelope = z.object({
  id: z.string(),
  type: z.enum(['PointsEarned', 'StampsAdded', 'CardIssued']),
  correlationId: z.string().optional(),
  data: z.unknown(),
});

/**
 * The card ledger's own cardledger.cards.v1, for referrals (ADR 0061): a staff award (PointsEarned /
 * StampsAdded — not the join, not an adjustment, import or correction) on a card joined with an invite is the
 * friend's first real visit, and rewards the referral (referral-rewards.ts). Idempotent by itself (the Referral
 * and Card streams remember the command ids, the invite stream publishes a code only when it changes), so it keeps
 * no inbox: most awards are no friend's first visit, and a read and a write of the inbox per award would buy
 * nothing; a failure is thrown and redelivered.
 */
export function referralEventsConsumer(deps: RewardDeps, context: ConsumerContext): ConsumerSpec {
  return eventConsumer({
    groupId: 'card-ledger.referrals',
    topics: [Topics.cardLedgerCards],
    schema: Envelope,
    ...context,
    idempotent: true,
    handle: async (envelope) => {
      const parse = payloadParser(context.logger, envelope);
      if (envelope.type === 'CardIssued') {
        // a card issued while the company runs referrals gets its invite link on its passes
        const issued = parse(CardIssuedData);
        if (issued) await showInviteOf(deps, issued);
        return;
      }
      const award = envelope.type === 'PointsEarned' ? parse(PointsEarnedData) : parse(StampsAddedData);
      if (!award) return;
      const metadata: EventMetadata = {
        correlationId: envelope.correlationId ?? envelope.id,
        causationId: envelope.id,
      };
      await rewardFirstVisit(deps, award, metadata);
    },
  });
}
