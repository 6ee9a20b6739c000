import { describe, expect, it } from 'vitest';
import { anActivity, aReward, cardIssued, pointsRules, stampsRules, tiersRules } from '../testing/mothers';
import { evolve, initialState, type IssuedCard } from './card';
import { activityView, customerCardView, staffCardView } from './card-views';
import type { ActivityDoc } from './cards.projection';

const now = new Date('2026-03-02T11:00:00.000Z');
const card = (overrides: Partial<IssuedCard> = {}) =>
  ({ ...evolve(initialState(), cardIssued()), ...overrides }) as IssuedCard;
const context = (rules = pointsRules(), stockUsed = new Map<string, number>()) => ({ rules, now, stockUsed });

describe('staff card view', () => {
  it('formats the number and tells for each reward whether it can be redeemed now, and why not', () => {
    const rules = pointsRules({
      rewards: [
        aReward({ id: 'cheap', cost: 50 }),
        aReward({ id: 'dear', name: 'Tort', cost: 500 }),
        aReward({
          id: 'morning',
          cost: 10,
          schedule: { weekdays: [], hours: { from: '08:00', to: '10:00' }, dateRange: null },
        }),
        aReward({ id: 'stocked', cost: 10, limits: { perCard: {}, stock: { quantity: 2, period: 'day' } } }),
      ],
    });
    const view = staffCardView(
      card({ points: 120 }),
      context(rules, new Map([['stocked', 2]])),
      'Jan Kowalski',
    );
    expect(view).toMatchObject({
      humanReadableId: '1234 5678 97',
      customerName: 'Jan Kowalski',
      kind: 'points',
    });
    expect(view.rewards.map((r) => [r.id, r.redeemable, r.blocker?.code ?? null])).toEqual([
      ['cheap', true, null],
      ['dear', false, 'CARD.INSUFFICIENT_POINTS'],
      ['morning', false, 'CARD.OUTSIDE_HOURS'],
      ['stocked', false, 'CARD.OUT_OF_STOCK'],
    ]);
    expect(view.nextReward).toEqual({ rewardId: 'dear', name: 'Tort', cost: 500, remaining: 380 });
  });

  it('a closed card or an inactive program blocks every reward', () => {
    const closed = staffCardView(
      card({
        status: 'closed',
        points: 999,
        closedAt: now.toISOString(),
        closeReason: 'client_removed',
      } as Partial<IssuedCard>),
      context(),
      null,
    );
    expect(closed).toMatchObject({ status: 'closed', closedAt: now.toISOString() });
    expect(closed.rewards[0]).toMatchObject({ redeemable: false, blocker: { code: 'CARD.CLOSED' } });
    const inactive = staffCardView(card({ points: 999 }), context(pointsRules({ active: false })), null);
    expect(inactive.rewards[0]).toMatchObject({ blocker: { code: 'CARD.PROGRAM_INACTIVE' } });
  });

  it('shows the level, the next one and the points still needed (tiers); stamps against the card size (stamps)', () => {
    const tiers = staffCardView(
      card({ points: 40, lifetimePoints: 140, tier: 'Srebro' }),
      context(tiersRules()),
      null,
    );
    expect(tiers).toMatchObject({
      tier: { name: 'Srebro', multiplier: 1.5 },
      nextTier: { name: 'Złoto', minLifetimePoints: 500, pointsToGo: 360 },
    });
    const stamps = staffCardView(card({ stamps: 7 }), context(stampsRules()), null);
    expect(stamps).toMatchObject({ kind: 'stamps', stamps: 7, stampsRequired: 10, tier: null });
    expect(stamps.rewards[0]).toMatchObject({
      unit: 'stamps',
      blocker: { message: 'Za mało pieczątek: potrzeba 10, na karcie 7.' },
    });
  });

  it('before the program rules arrived: no kind, no rewards', () => {
    expect(staffCardView(card(), context(null as never), null)).toMatchObject({
      kind: null,
      programName: null,
      rewards: [],
    });
  });
});

describe("a reward's cost to the business (valueGrosze, for the analytics)", () => {
  it('is never in the customer’s card view (nor the scanner’s): only the panel’s programs and analytics use it', () => {
    const rules = pointsRules({ rewards: [aReward({ id: 'kawa', cost: 100, valueGrosze: 850 })] });
    const mine = customerCardView(card({ points: 120 }), context(rules), {
      company: { companyName: 'Kawiarnia', branding: {} as never, logoUrl: null },
      qrPayload: null,
    });
    const staff = staffCardView(card({ points: 120 }), context(rules), 'Jan Kowalski');
    expect(mine.rewards[0]).toMatchObject({ id: 'kawa', cost: 100 });
    expect(JSON.stringify(mine)).not.toContain('valueGrosze');
    expect(JSON.stringify(mine)).not.toContain('850');
    expect(JSON.stringify(staff)).not.toContain('valueGrosze');
  });
});

describe('history entries', () => {
  const entry = (overrides: Partial<ActivityDoc>) =>
    anActivity({ occurredAt: now.toISOString(), ...overrides });
  const text = (overrides: Partial<ActivityDoc>) =>
    activityView(entry(overrides), { companyName: 'Kawiarnia', programName: 'Punkty' }).description;

  it.each([
    // Polish grouping starts at 5 digits (1234, 12 345), with no-break spaces
    [
      { type: 'points_earned', points: 12_345, amountGrosze: 1_234_567 },
      'Przyznano 12\u00a0345 pkt za zakupy na 12\u00a0345,67\u00a0zł',
    ],
    [{ type: 'points_earned', points: 1234 }, 'Przyznano 1\u00a0234 pkt'],
    [{ type: 'stamps_added', stamps: 1 }, 'Dodano 1 pieczątkę'],
    [{ type: 'stamps_added', stamps: 3 }, 'Dodano 3 pieczątki'],
    [{ type: 'stamps_added', stamps: 5 }, 'Dodano 5 pieczątek'],
    [{ type: 'stamps_added', stamps: 12 }, 'Dodano 12 pieczątek'],
    [{ type: 'stamps_added', stamps: 22 }, 'Dodano 22 pieczątki'],
    [{ type: 'reward_redeemed', rewardName: 'Kawa', points: -100 }, 'Odebrano nagrodę „Kawa” za 100 pkt'],
    [{ type: 'reward_redeemed', rewardName: 'Kawa', stamps: -10 }, 'Odebrano nagrodę „Kawa” za 10 pieczątek'],
    [{ type: 'tier_changed', tier: 'Złoto' }, 'Nowy poziom: Złoto'],
    [{ type: 'card_issued' }, 'Wydano kartę'],
    [{ type: 'card_regenerated' }, 'Wymieniono kartę: nowy numer i kod QR'],
    [
      { type: 'card_closed', closeReason: 'program_deleted' },
      'Karta zamknięta: program lojalnościowy został zakończony',
    ],
  ] as Array<[Partial<ActivityDoc>, string]>)('%o → %s', (overrides, expected) =>
    expect(text(overrides)).toBe(expected),
  );
});
