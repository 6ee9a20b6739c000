import { phoneOnlyHolder } from '@punkto/contracts/clients';
import type { Decider } from '@punkto/platform/es/decider';
import { evolve, initialState, type Card, type CardEvent } from './card';
import { activeCard, addStamps, earnPoints, redeemReward } from './card-balance.decider';
import { adjustBalance, voidEntry } from './card-corrections.decider';
import { CardHeldByAnotherAccountError } from './card.errors';
import { grantBirthdayReward, redeemBirthdayReward } from '../birthdays/birthday.decider';
import { expireBalance } from '../expiry/expiry.decider';
import type {
  CardCommand,
  CloseCard,
  IssueCard,
  LinkCardHolder,
  RecordAwardAnomaly,
  RegenerateCard,
} from './card.commands';

export type * from './card.commands';

/** Commands of the Card aggregate, one function each (their types and rules: card.commands.ts). */
function issue(command: IssueCard, state: Card): CardEvent[] {
  if (state.status === 'active' || state.status === 'closed') return []; // one card per client
  const { seat, humanReadableId, tier, qrPayload, openingBalance, imported, ...ids } = command.data;
  const at = command.metadata.now.toISOString();
  if (!seat.granted) {
    if (state.status === 'refused') return []; // already recorded
    return [
      {
        type: 'CardIssueRefused',
        data: {
          ...ids,
          reason: 'customer_limit',
          limit: seat.limit,
          activeCustomers: seat.activeCustomers,
          refusedAt: at,
        },
      },
    ];
  }
  const issued: CardEvent = {
    type: 'CardIssued',
    data: {
      ...ids,
      humanReadableId,
      secretVersion: 1,
      qrPayload,
      tier,
      issuedAt: at,
      ...(imported ? { imported: true } : {}),
    },
  };
  return openingBalance && openingBalance.points + openingBalance.stamps > 0
    ? [issued, openingBalanceImported(ids.cardId, openingBalance, at)]
    : [issued];
}

/**
 * An imported client's paper-card balance (ADR 0059) comes with the card: recorded once, as the card is issued
 * once; nothing for a balance of zero. Its points count in the lifetime points (the level the card starts at).
 */
function openingBalanceImported(
  cardId: string,
  { points, stamps, importId }: { points: number; stamps: number; importId: string },
  at: string,
): CardEvent {
  return {
    type: 'OpeningBalanceImported',
    data: {
      cardId,
      importId,
      points,
      stamps,
      balance: { points, stamps, lifetimePoints: points },
      importedAt: at,
    },
  };
}

function regenerate(command: RegenerateCard, state: Card): CardEvent[] {
  const card = activeCard(state);
  const { commandId, humanReadableId, qrPayload, actorId, actorRole } = command.data;
  if (card.recentCommandIds.includes(commandId)) return [];
  return [
    {
      type: 'CardRegenerated',
      data: {
        cardId: card.cardId,
        commandId,
        humanReadableId,
        secretVersion: card.secretVersion + 1,
        qrPayload,
        actorId,
        actorRole,
        regeneratedAt: command.metadata.now.toISOString(),
      },
    },
  ];
}

/**
 * The card of a phone-only client moves to the account the client was linked to (ADR 0056): number, QR, balance
 * and history stay. Already held by that account: nothing (a redelivery). Held by another account: refused, a
 * card never changes hands between people.
 */
function linkHolder(command: LinkCardHolder, state: Card): CardEvent[] {
  const card = activeCard(state);
  const { userId } = command.data;
  if (card.userId === userId) return [];
  const previousHolder = card.userId;
  if (previousHolder !== phoneOnlyHolder(card.clientId)) throw new CardHeldByAnotherAccountError();
  const { cardId, tenantId, programId, clientId } = card;
  return [
    {
      type: 'CardHolderLinked',
      data: {
        cardId,
        tenantId,
        programId,
        clientId,
        userId,
        previousHolder,
        linkedAt: command.metadata.now.toISOString(),
      },
    },
  ];
}

function close(command: CloseCard, state: Card): CardEvent[] {
  if (state.status !== 'active') return []; // closing twice, or a card that never existed
  return [
    {
      type: 'CardClosed',
      data: {
        cardId: state.cardId,
        reason: command.data.reason,
        closedAt: command.metadata.now.toISOString(),
      },
    },
  ];
}

function recordAnomaly(command: RecordAwardAnomaly, state: Card): CardEvent[] {
  if (state.status !== 'active' && state.status !== 'closed') return [];
  return [
    {
      type: 'AwardAnomalyDetected',
      data: { ...command.data, cardId: state.cardId, detectedAt: command.metadata.now.toISOString() },
    },
  ];
}

export function decide(command: CardCommand, state: Card): CardEvent[] {
  switch (command.type) {
    case 'IssueCard':
      return issue(command, state);
    case 'EarnPoints':
      return earnPoints(command, state);
    case 'AddStamps':
      return addStamps(command, state);
    case 'RedeemReward':
      return redeemReward(command, state);
    case 'VoidEntry':
      return voidEntry(command, state);
    case 'AdjustBalance':
      return adjustBalance(command, state);
    case 'RegenerateCard':
      return regenerate(command, state);
    case 'LinkCardHolder':
      return linkHolder(command, state);
    case 'CloseCard':
      return close(command, state);
    case 'RecordAwardAnomaly':
      return recordAnomaly(command, state);
    case 'GrantBirthdayReward':
      return grantBirthdayReward(command, state);
    case 'RedeemBirthdayReward':
      return redeemBirthdayReward(command, state);
    case 'ExpireBalance':
      return expireBalance(command, state);
    default: {
      const _exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(_exhaustive)}`);
    }
  }
}

export const cardDecider: Decider<Card, CardCommand, CardEvent> = { decide, evolve, initialState };
