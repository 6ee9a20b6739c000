import { CardErrors, formatCardNumber } from '@punkto/contracts/cards';
import type { ProgramDefinedData } from '@punkto/contracts/integration-events';
import type { CardOnPass } from '@punkto/contracts/pass-fields';
import { PassErrors } from '@punkto/contracts/passes';
import { ConflictError, NotFoundError } from '@punkto/platform/errors/errors';
import type { PassCard } from './pass-card';
import type { PassCompany, PassCopies } from './pass-copies';
import { inviteUrlOf } from './pass-invite';

export type { CardOnPass };

/** everything one pass shows, read from the copies */
export interface PassState {
  card: PassCard;
  program: ProgramDefinedData;
  company: PassCompany;
  /** a program or company that was deleted: its passes are void */
  gone: boolean;
}

/**
 * A pass's version: the sum of the versions of the card, program and company copies, each of which only
 * grows, so the sum grows with every change the pass shows and names exactly one content of a serial
 * (the update tag of the PassKit web service and the cache key).
 */
export const versionOf = (state: PassState) =>
  state.card.version + state.program.version + (state.company.version ?? 0) + (state.gone ? 1 : 0);

/** the time of the newest change the pass shows (its Last-Modified) */
export const changedAtOf = (state: PassState) =>
  new Date(
    Math.max(
      Date.parse(state.card.changedAt),
      Date.parse(state.program.definedAt),
      Date.parse(state.company.changedAt),
    ),
  );

/** the copies of a card's pass; null while one of them is still on its way over the bus */
export async function passState(copies: PassCopies, card: PassCard): Promise<PassState | null> {
  const [program, company] = await Promise.all([
    copies.programs.get(card.programId),
    copies.company(card.tenantId),
  ]);
  if (!program.data || !company?.companyName || !card.qrPayload) return null;
  return { card, program: program.data, company, gone: program.deleted || company.deleted };
}

/**
 * The pass state of the caller's own card, or the refusal the customer sees: 404 for any card the caller does
 * not hold (unknown or someone else's: the same bytes, so the answer tells no one which card ids exist; issue 36,
 * finding 3), 409 closed or its program or company gone, 409 PASS.NOT_READY right after joining (the copies may
 * still be on their way over the bus). Shared by the Apple download and the Google save link.
 */
export async function holderPassState(
  copies: PassCopies,
  cardId: string,
  userId: string,
): Promise<{ card: PassCard; state: PassState }> {
  const card = await copies.card(cardId);
  if (!card || card.userId !== userId)
    throw new NotFoundError(CardErrors.notFound.message, CardErrors.notFound.code);
  if (card.status === 'closed')
    throw new ConflictError(PassErrors.cardClosed.message, PassErrors.cardClosed.code);
  const state = await passState(copies, card);
  if (state?.gone) throw new ConflictError(PassErrors.cardClosed.message, PassErrors.cardClosed.code);
  if (!state) throw new ConflictError(PassErrors.notReady.message, PassErrors.notReady.code);
  return { card, state };
}

const addressLine = (company: PassCompany) =>
  company.address ? `${company.address.street}, ${company.address.postalCode} ${company.address.city}` : null;

/** the cheapest reward not yet within reach, else the cheapest one (ready to collect) */
function nextReward(program: ProgramDefinedData, have: number) {
  const rewards = program.rewards.filter((r) => r.active).sort((a, b) => a.cost - b.cost);
  const reward = rewards.find((r) => r.cost > have) ?? rewards[0];
  return reward ? { name: reward.name, cost: reward.cost } : null;
}

/**
 * what a pass of the card shows, for the Apple and Google renderers; `siteUrl` is the product's public address
 * (the portal and invite links)
 */
export function cardOnPass({ card, program, company }: PassState, siteUrl: string): CardOnPass {
  const common = {
    cardNumber: formatCardNumber(card.number),
    programName: program.name,
    companyName: company.companyName,
    companyAddress: addressLine(company),
    terms: program.description.trim() || null,
    portalUrl: `${siteUrl}/klient/karty`,
    inviteUrl: inviteUrlOf(siteUrl, card.inviteCode),
  };
  switch (program.kind) {
    case 'stamps':
      return {
        ...common,
        kind: 'stamps',
        stamps: card.stamps,
        stampsRequired: program.stampsRequired ?? 0,
        nextReward: nextReward(program, card.stamps),
      };
    case 'tiers': {
      const level = program.levels?.find((l) => l.name === card.tier);
      return {
        ...common,
        kind: 'tiers',
        points: card.points,
        tier: card.tier,
        multiplier: level?.multiplier ?? 1,
        nextReward: nextReward(program, card.points),
      };
    }
    default:
      return { ...common, kind: 'points', points: card.points, nextReward: nextReward(program, card.points) };
  }
}
