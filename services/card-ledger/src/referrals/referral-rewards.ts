import { warsawDate } from '@punkto/contracts/warsaw-time';
import type { EventMetadata } from '@punkto/platform/event-store/event-store.port';
import type { Logger } from '@punkto/platform/observability/logger';
import type { CardLedger } from '../cards/card-ledger';
import type { RewardReferral } from './referral.decider';
import type { ReferralDeps } from './referrals';

/** who the bonus adjustments name as their author in the cards' history (no employee gave them) */
export const REFERRAL_AUTHOR = 'system:referral';

export type RewardDeps = ReferralDeps & Pick<CardLedger, 'execute'> & { logger: Logger };

/**
 * A staff award on a card (PointsEarned / StampsAdded from cardledger.cards.v1): if the card was joined with an
 * invite and this is its first real visit, the referral is rewarded once (the Referral stream decides it), and
 * then each bonus is a balance adjustment on its card with a command id made of the friend's card id — so a
 * redelivered award, or a crash between the two cards, gives each bonus exactly once (the card remembers the
 * command ids it took). A bonus of 0 (off, or the referrer's cap reached) adjusts nothing.
 */
export async function rewardFirstVisit(
  deps: RewardDeps,
  award: { cardId: string; commandId: string },
  metadata: EventMetadata,
): Promise<void> {
  const { cardId } = award;
  // most awards: no document, no referral (a claim writes its `pending` document before its append); a pending
  // one is a claim whose read model a crash may have left behind: caught up from the stream here
  const found = await deps.store.referral(cardId);
  const referral = found?.status === 'pending' ? await caughtUp(deps, cardId) : found;
  if (!referral || referral.status === 'pending' || referral.status === 'refused') return;
  // a later visit of a rewarded friend: nothing to give, and no stream to read
  const rewardedBy = referral.status === 'rewarded' ? referral.awardCommandId : null;
  if (rewardedBy && rewardedBy !== award.commandId) return;
  const state =
    referral.status === 'claimed'
      ? (await deps.referrals.execute(cardId, (now) => rewardCommand(deps, referral, award.commandId, now)))
          .after
      : await deps.referrals.state(cardId); // rewarded: the bonuses again (a crash may have come in between)
  // only the award that rewarded it gives the bonuses (again, on its redelivery): a later visit gives nothing
  if (state.status !== 'rewarded' || state.awardCommandId !== award.commandId) return;
  await giveBonus(
    deps,
    state.friendCardId,
    state.friendBonus,
    `referral:${cardId}:friend`,
    metadata,
    'Premia za dołączenie z polecenia',
  );
  await giveBonus(
    deps,
    state.referrerCardId,
    state.referrerBonus,
    `referral:${cardId}:referrer`,
    metadata,
    'Premia za polecenie znajomego',
  );
}

/** the referral as its stream has it (projected on the way), or null: the claim never reached the stream */
async function caughtUp(deps: RewardDeps, cardId: string) {
  const state = await deps.referrals.state(cardId);
  return state.status === 'none' ? null : deps.store.referral(cardId);
}

async function rewardCommand(
  deps: RewardDeps,
  referral: { programId: string; referrerCardId: string },
  awardCommandId: string,
  now: Date,
): Promise<RewardReferral> {
  const month = warsawDate(now).slice(0, 7);
  const rules = await deps.rulesFor(referral.programId);
  return {
    type: 'RewardReferral',
    data: {
      awardCommandId,
      settings: await deps.store.settingsOf(referral.programId),
      unit: rules?.kind === 'stamps' ? 'stamps' : 'points',
      referrerRewardedThisMonth: await deps.store.rewardedIn(referral.referrerCardId, month),
      month,
    },
    metadata: { now },
  };
}

async function giveBonus(
  deps: RewardDeps,
  cardId: string,
  delta: number,
  commandId: string,
  metadata: EventMetadata,
  reason: string,
) {
  if (delta <= 0) return;
  const card = await deps.projection.issued(cardId);
  if (card?.status !== 'active') {
    deps.logger.info({ cardId, commandId }, 'referral bonus not given: the card is closed');
    return;
  }
  const rules = await deps.rulesFor(card.programId);
  await deps.execute(
    cardId,
    async (_card, now) => ({
      command: {
        type: 'AdjustBalance',
        data: { commandId, delta, reason, employeeId: REFERRAL_AUTHOR, rules },
        metadata: { now },
      },
    }),
    { ...metadata, tenantId: card.tenantId },
  );
}
