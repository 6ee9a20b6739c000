import { phoneOnlyHolder } from '@punkto/contracts/clients';
import { deciderSpecification } from '@punkto/platform/es/decider-specification';
import { describe, expect, it } from 'vitest';
import { cardIssued } from '../testing/mothers';
import { evolve, initialState, type CardEvent } from './card';
import { cardDecider, type LinkCardHolder } from './card.decider';
import { CardClosedError, CardHeldByAnotherAccountError, CardNotFoundError } from './card.errors';

/** ADR 0056: a phone-only client's card (held by `client:<clientId>`) moves to the account linked later. */
const spec = deciderSpecification(cardDecider);
const LINKED_AT = '2026-03-02T11:00:00.000Z';
const CLIENT_HOLDER = phoneOnlyHolder('cl1');

const link = (userId = 'u-anna'): LinkCardHolder => ({
  type: 'LinkCardHolder',
  data: { userId },
  metadata: { now: new Date(LINKED_AT) },
});

const phoneOnlyCard = () => cardIssued({ userId: CLIENT_HOLDER });
const earned: CardEvent = {
  type: 'PointsEarned',
  data: {
    cardId: 'c1',
    commandId: 'earn-1',
    amountGrosze: 2500,
    pointsPerPln: 1,
    multiplier: 1,
    fixedPoints: null,
    points: 25,
    serviceId: null,
    employeeId: 'emp1',
    balance: { points: 25, stamps: 0, lifetimePoints: 25 },
    earnedAt: '2026-02-01T10:00:00.000Z',
  },
};
const holderLinked: CardEvent = {
  type: 'CardHolderLinked',
  data: {
    cardId: 'c1',
    tenantId: 't1',
    programId: 'p1',
    clientId: 'cl1',
    userId: 'u-anna',
    previousHolder: CLIENT_HOLDER,
    linkedAt: LINKED_AT,
  },
};

describe('given a phone-only client’s active card', () => {
  it('when its client is linked to an account, then the card moves to it (CardHolderLinked)', () =>
    spec.given([phoneOnlyCard(), earned]).when(link()).then([holderLinked]));

  it('then the card keeps its number, QR version, balance and memory; only the holder changes', () => {
    const before = [phoneOnlyCard(), earned].reduce(evolve, initialState());
    const after = evolve(before, holderLinked);
    expect(after).toEqual({ ...before, userId: 'u-anna', updatedAt: LINKED_AT });
  });
});

describe('given the card already moved to the account', () => {
  it('when the link is delivered again, then nothing happens', () =>
    spec.given([phoneOnlyCard(), earned, holderLinked]).when(link()).thenNothingHappens());

  it('when another account is linked, then it is refused: a card never changes hands', () =>
    spec
      .given([phoneOnlyCard(), holderLinked])
      .when(link('u-other'))
      .thenThrows(CardHeldByAnotherAccountError, (e) => {
        expect(e.code).toBe('CARD.HELD_BY_ANOTHER_ACCOUNT');
        expect(e.status).toBe(409);
      }));
});

describe('given a card issued to an account from the start', () => {
  it('when the same account is linked (a normal client’s ClientAccountLinked), then nothing happens', () =>
    spec.given([cardIssued()]).when(link('u1')).thenNothingHappens());

  it('when another account is linked, then it is refused', () =>
    spec.given([cardIssued()]).when(link('u-other')).thenThrows(CardHeldByAnotherAccountError));
});

describe('given a card that is not active', () => {
  it('when none was issued, then there is no card to move', () =>
    spec.given([]).when(link()).thenThrows(CardNotFoundError));

  it('when it is closed, then it stays with its holder', () =>
    spec
      .given([
        phoneOnlyCard(),
        { type: 'CardClosed', data: { cardId: 'c1', reason: 'client_removed', closedAt: LINKED_AT } },
      ])
      .when(link())
      .thenThrows(CardClosedError));
});
