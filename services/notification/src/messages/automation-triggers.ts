import type { CardLedgerEvent } from '@punkto/contracts/card-visits';
import type { ExpiryWarningDueData } from '@punkto/contracts/integration-events';
import { addDays, warsawAt, warsawDate } from '@punkto/contracts/warsaw-time';
import type { MessageCard } from './message-copies';
import type { MessagesContext } from './messages-context';
import type { AutomationData } from './automation';
import { triggerAutomation } from './automation-sending';
import {
  balanceOf,
  expiryStillAhead,
  expiryWarningOccurrence,
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
 * - win-back: the daily sweep (`messages.automation-sweep`);
 * - expiry warning: the card ledger's ExpiryWarningDue (recorded once per card, expiry date and days before it).
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
  if (event.type === 'ExpiryWarningDue') return expiryWarning(ctx, event.data, after);
  if (!before || before === after || !after.open) return;
  // only a balance that grew can cross a reward's cost: a redemption, a pass or a holder change reads nothing
  if (after.points <= before.points && after.stamps <= before.stamps) return;
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

/**
 * expiry warning: one occurrence per card, expiry date and days before it (a redelivered ExpiryWarningDue is the
 * same occurrence); the person is the card copy's holder (a phone-only client's card may have moved to an
 * account since); about that card only — its pass, not the person's other cards', gets the message
 */
async function expiryWarning(ctx: MessagesContext, warning: ExpiryWarningDueData, card: MessageCard) {
  if (!card.open || !expiryStillAhead(warning.on, warsawDate(ctx.clock()))) return;
  await triggerAutomation(ctx, {
    tenantId: card.tenantId,
    kind: 'expiry_warning',
    personKey: card.userId,
    occurrence: expiryWarningOccurrence(warning),
    cardIds: [warning.cardId],
    expiry: { amount: warning.amount, unit: warning.unit, on: warning.on },
  });
}

/** The win-back sweep: every company with it on, every person whose last visit was exactly N days ago. */
export async function winBackSweep(ctx: MessagesContext): Promise<void> {
  const today = warsawDate(ctx.clock());
  const on = (await ctx.automationsView.find({ kind: 'win_back', enabled: true })) as AutomationData[];
  for (const automation of on) {
    const company = await ctx.passCopies.company(automation.tenantId);
    if (!company || company.deleted) continue;
    for (const { personKey, lastVisit } of await absentFor(
      ctx,
      automation.tenantId,
      today,
      automation.days ?? 0,
    ))
      await triggerAutomation(ctx, {
        tenantId: automation.tenantId,
        kind: 'win_back',
        personKey,
        occurrence: lastVisit,
      });
  }
}

/**
 * the people of the company whose last visit was exactly `days` Warsaw days before `today` and who still hold a
 * card; the cards are read a batch at a time, a person's together (sorted by person), never the whole company's
 */
async function absentFor(ctx: MessagesContext, tenantId: string, today: string, days: number) {
  const due: { personKey: string; lastVisit: string }[] = [];
  let person: MessageCard[] = [];
  const settle = () => {
    const lastVisit = lastVisitDay(person);
    // no card left open: nothing to come back to
    if (person.some((c) => c.open) && winBackDue(lastVisit, today, days))
      due.push({ personKey: person[0]!.userId, lastVisit: lastVisit! });
  };
  for await (const batch of ctx.copies.scanCardsByPerson(tenantId))
    for (const card of batch) {
      if (person.length && person[0]!.userId !== card.userId) {
        settle();
        person = [];
      }
      person.push(card);
    }
  if (person.length) settle();
  return due;
}

/** the next daily sweep after `now`: today's AUTOMATION_SWEEP_TIME when still ahead, else tomorrow's */
export function nextSweepAt(now: Date): Date {
  const today = warsawDate(now);
  const at = warsawAt(today, AUTOMATION_SWEEP_TIME);
  return at.getTime() > now.getTime() ? at : warsawAt(addDays(today, 1), AUTOMATION_SWEEP_TIME);
}
