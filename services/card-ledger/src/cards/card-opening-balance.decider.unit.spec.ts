import { applyVisitEvent, type CardLedgerEvent, type CardVisits } from '@punkto/contracts/card-visits';
import { fold } from '@punkto/platform/es/decider';
import { deciderSpecification } from '@punkto/platform/es/decider-specification';
import { describe, expect, it } from 'vitest';
import { liabilityOf } from '../analytics/analytics-liability';
import { cardIssued } from '../testing/mothers';
import { activityOf } from './card-activity';
import { initialState, type CardEvent, type IssuedCard } from './card';
import { cardDecider, type IssueCard } from './card.decider';

/** An imported client's paper-card balance (ADR 0059): OpeningBalanceImported, once, with the card. */

const spec = deciderSpecification(cardDecider);
const ISSUED_AT = '2026-01-05T09:00:00.000Z';

const issue = (
  openingBalance: IssueCard['data']['openingBalance'],
  seat: IssueCard['data']['seat'] = { granted: true, limit: 500, activeCustomers: 3 },
): IssueCard => ({
  type: 'IssueCard',
  data: {
    cardId: 'c1',
    tenantId: 't1',
    programId: 'p1',
    clientId: 'cl1',
    userId: 'u1',
    humanReadableId: '1234567897',
    tier: null,
    seat,
    qrPayload: 'P1.c1.1.signature-of-version-1xx',
    openingBalance,
  },
  metadata: { now: new Date(ISSUED_AT) },
});

const imported = (points: number, stamps: number): CardEvent => ({
  type: 'OpeningBalanceImported',
  data: {
    cardId: 'c1',
    importId: 'imp-1',
    points,
    stamps,
    balance: { points, stamps, lifetimePoints: points },
    importedAt: ISSUED_AT,
  },
});

describe('when an imported client has no card yet', () => {
  it('IssueCard with a paper-card balance of 120 points issues the card and records the balance', () =>
    spec
      .given([])
      .when(issue({ points: 120, stamps: 0, importId: 'imp-1' }))
      .then([cardIssued(), imported(120, 0)]));

  it('the card says it was imported, so it is no joining', () => {
    const [issued] = cardDecider.decide(
      {
        ...issue({ points: 0, stamps: 0, importId: 'imp-1' }),
        data: { ...issue(null).data, imported: true },
      },
      initialState(),
    );
    expect(issued).toEqual(cardIssued({ imported: true }));
    expect(cardDecider.decide(issue(null), initialState())).toEqual([cardIssued()]);
  });

  it('a stamp card brings its 7 stamps', () =>
    spec
      .given([])
      .when(issue({ points: 0, stamps: 7, importId: 'imp-1' }))
      .then([cardIssued(), imported(0, 7)]));

  it('a balance of zero records nothing but the card', () =>
    spec
      .given([])
      .when(issue({ points: 0, stamps: 0, importId: 'imp-1' }))
      .then([cardIssued()]));

  it('no seat on the plan: the refusal only, the balance waits for the card', () => {
    const events = cardDecider.decide(
      issue({ points: 120, stamps: 0, importId: 'imp-1' }, { granted: false, limit: 1, activeCustomers: 1 }),
      initialState(),
    );
    expect(events.map((e) => e.type)).toEqual(['CardIssueRefused']);
  });
});

describe('when the card was issued with its paper-card balance', () => {
  it('IssueCard again (a redelivered ClientEnrolled / ClientAccountLinked) records the balance no second time', () =>
    spec
      .given([cardIssued(), imported(120, 0)])
      .when(issue({ points: 120, stamps: 0, importId: 'imp-1' }))
      .thenNothingHappens());

  it('the card holds the balance, counted in the lifetime points', () => {
    const card = fold(cardDecider, [cardIssued(), imported(120, 0)]) as IssuedCard;
    expect(card).toMatchObject({ points: 120, stamps: 0, lifetimePoints: 120 });
  });

  it('the history shows it as the paper card’s balance', () => {
    const card = fold(cardDecider, [cardIssued()]) as IssuedCard;
    expect(activityOf(card, imported(0, 7))).toMatchObject({
      type: 'opening_balance',
      stamps: 7,
      points: null,
    });
  });
});

describe('the analytics of a card with a paper-card balance', () => {
  it('count the balance in the liability, and not as a visit', () => {
    const visits = [cardIssued(), imported(120, 0)].reduce<CardVisits | null>(
      (current, event) => applyVisitEvent(current, event as CardLedgerEvent),
      null,
    )!;
    expect(visits).toMatchObject({ points: 120, days: [], kinds: '' });
    const program = {
      programId: 'p1',
      name: 'Kawa',
      kind: 'points' as const,
      cheapestRewardCost: 100,
      valuation: null,
    };
    expect(liabilityOf([visits], [program])).toMatchObject({ outstandingPoints: 120, rewardsClaimable: 1 });
  });
});
