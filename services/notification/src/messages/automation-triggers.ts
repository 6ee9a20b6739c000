import type { CardLedgerEvent } from '@punkto/contracts/card-visits';
import { addDays, warsawAt, warsawDate } from '@punkto/contracts/warsaw-time';
import type { MessageCard } from './message-copies';
import type { MessagesContext } from './messages-context';
import type { AutomationData } from './automation';
import { triggerAutomation } from './automation-sending';
import {
  balanceOf,
  cardsByPerson,
  lastVisitDay,
  rewardCrossed,
  welcomeDue,
  winBackDue,
} from './automation-rules';

/**
 * What starts an automatic message (ADR 0060), from what the messages module already learns from the bus:
 * - welcome: CardIssued of the person's first card in the company (CardHolderLinked — a phone-only client's
 *   card moving to the account — is no joining, nor is an imported client's card, ADR 0059);
 * - reward ready: a card event after which the balance crossed the cost of a reward of its program;
 * - win-back: the daily sweep (`messages.automation-sweep`).
 */
export const AUTOMATION_SWEEP_JOB = 'messages.automation-sweep';
export const AUTOMATION_SWEEP_JOB_ID = 'automation-sweep';
/** the sweep runs daily at this Warsaw time (outside the quiet hours) */
export const AUTOMATION_SWEEP_TIME = '10:00';

/** one card event of `cardledger.cards.v1` with the card's copy before and after it */
export async function automationsOnCardEvent(
  ctx: MessagesContext,
  eventId: string,
  event: CardLedgerEvent,
  change: { before: MessageCard | null; after: MessageCard | null },
): Promise<void> {
  const { before, after } = change;
  if (!after) return;
  if (event.type === 'CardIssued') {
    // a redelivery; or a customer imported from a file (ADR 0059), who joined long ago on paper
    if (before || event.data.imported) return;
    const cards = await ctx.copies.cardsOfPerson(after.tenantId, after.userId);
    if (welcomeDue(after.cardId, cards))
      await triggerAutomation(ctx, {
        tenantId: after.tenantId,
        kind: 'welcome',
        personKey: after.userId,
        occurrence: 'joined',
      });
    return;
  }
  if (!before || before === after || !after.open) return;
  const program = (await ctx.passCopies.programs.get(after.programId)).data;
  if (!program) return;
  const reward = rewardCrossed(
    balanceOf(before, program.kind),
    balanceOf(after, program.kind),
    program.rewards,
  );
  if (reward)
    await triggerAutomation(ctx, {
      tenantId: after.tenantId,
      kind: 'reward_ready',
      personKey: after.userId,
      // the event that crossed: a redelivery finds the same occurrence, the next crossing is another
      occurrence: `${after.cardId}:${eventId}`,
      cardIds: [after.cardId],
      reward: reward.name,
    });
}

/** The win-back sweep: every company with it on, every person whose last visit was exactly N days ago. */
export async function winBackSweep(ctx: MessagesContext): Promise<void> {
  const today = warsawDate(ctx.clock());
  const on = (await ctx.automationsView.find({ kind: 'win_back', enabled: true })) as AutomationData[];
  for (const automation of on) {
    const company = await ctx.passCopies.company(automation.tenantId);
    if (!company || company.deleted) continue;
    for (const [personKey, cards] of cardsByPerson(await ctx.copies.cardsOfTenant(automation.tenantId))) {
      if (!cards.some((c) => c.open)) continue; // no card left: nothing to come back to
      const last = lastVisitDay(cards);
      if (!winBackDue(last, today, automation.days ?? 0)) continue;
      await triggerAutomation(ctx, {
        tenantId: automation.tenantId,
        kind: 'win_back',
        personKey,
        occurrence: last!,
      });
    }
  }
}

/** the next daily sweep after `now`: today's AUTOMATION_SWEEP_TIME when still ahead, else tomorrow's */
export function nextSweepAt(now: Date): Date {
  const today = warsawDate(now);
  const at = warsawAt(today, AUTOMATION_SWEEP_TIME);
  return at.getTime() > now.getTime() ? at : warsawAt(addDays(today, 1), AUTOMATION_SWEEP_TIME);
}
