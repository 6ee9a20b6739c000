import { CardErrors } from '@punkto/contracts/cards';
import { fold } from '@punkto/platform/es/decider';
import { deciderSpecification } from '@punkto/platform/es/decider-specification';
import { describe, expect, it } from 'vitest';
import type { ProgramRules, RuleReward } from '../programs/program-rules';
import { aReward, cardIssued, pointsRules, stampsRules, tiersRules } from '../testing/mothers';
import { evolve, initialState, REDEMPTION_MEMORY_DAYS, type Card, type CardEvent } from './card';
import {
  cardDecider,
  decide,
  type AddStamps,
  type AdjustBalance,
  type EarnPoints,
  type IssueCard,
  type RedeemReward,
  type RegenerateCard,
  type VoidEntry,
} from './card.decider';
import {
  CardClosedError,
  CardNotFoundError,
  CardRuleError,
  ProgramUnavailableError,
  RewardNotFoundError,
  ScanCooldownError,
} from './card.errors';

const spec = deciderSpecification(cardDecider);
const at = (iso: string) => ({ now: new Date(iso) });
const MONDAY_NOON = '2026-03-02T11:00:00.000Z'; // 12:00 in Warsaw (CET)

/** Builds a card's history with correct balances, by folding each event as it is added. */
function history(issued = cardIssued()) {
  const events: CardEvent[] = [issued];
  let state: Card = evolve(initialState(), issued);
  const active = () => {
    if (state.status !== 'active') throw new Error('history: card not active');
    return state;
  };
  const api = {
    push(event: CardEvent) {
      events.push(event);
      state = evolve(state, event);
      return api;
    },
    earned(points: number, when: string, commandId = `earn-${when}`) {
      const card = active();
      return api.push({
        type: 'PointsEarned',
        data: {
          cardId: card.cardId,
          commandId,
          amountGrosze: points * 100,
          pointsPerPln: 1,
          multiplier: 1,
          fixedPoints: null,
          points,
          serviceId: null,
          employeeId: 'emp1',
          balance: {
            points: card.points + points,
            stamps: card.stamps,
            lifetimePoints: card.lifetimePoints + points,
          },
          earnedAt: when,
        },
      });
    },
    stamped(count: number, when: string) {
      const card = active();
      return api.push({
        type: 'StampsAdded',
        data: {
          cardId: card.cardId,
          commandId: `stamp-${when}`,
          count,
          employeeId: 'emp1',
          balance: { points: card.points, stamps: card.stamps + count, lifetimePoints: card.lifetimePoints },
          addedAt: when,
        },
      });
    },
    redeemed(reward: RuleReward, when: string, unit: 'points' | 'stamps' = 'points') {
      const card = active();
      return api.push({
        type: 'RewardRedeemed',
        data: {
          cardId: card.cardId,
          commandId: `redeem-${when}`,
          rewardId: reward.id,
          rewardName: reward.name,
          cost: reward.cost,
          unit,
          employeeId: 'emp1',
          stockPeriod: null,
          balance: {
            points: unit === 'points' ? card.points - reward.cost : card.points,
            stamps: unit === 'stamps' ? card.stamps - reward.cost : card.stamps,
            lifetimePoints: card.lifetimePoints,
          },
          redeemedAt: when,
        },
      });
    },
    closed() {
      return api.push({
        type: 'CardClosed',
        data: { cardId: 'c1', reason: 'client_removed', closedAt: '2026-02-01T10:00:00.000Z' },
      });
    },
    get events() {
      return events;
    },
    /** the card after these events */
    get state() {
      return state;
    },
  };
  return api;
}

const earn = (
  amountGrosze: number,
  rules: ProgramRules | null = pointsRules(),
  when = MONDAY_NOON,
  overrides: Partial<EarnPoints['data']> = {},
): EarnPoints => ({
  type: 'EarnPoints',
  data: {
    commandId: 'cmd-earn',
    amountGrosze,
    serviceId: null,
    fixedPoints: null,
    employeeId: 'emp1',
    rules,
    cooldownMs: 2000,
    scannedAt: null,
    ...overrides,
  },
  metadata: at(when),
});

const redeem = (
  rules: ProgramRules,
  when: string,
  overrides: Partial<RedeemReward['data']> = {},
): RedeemReward => ({
  type: 'RedeemReward',
  data: {
    commandId: 'cmd-redeem',
    rewardId: rules.rewards[0]!.id,
    employeeId: 'emp2',
    rules,
    stockReservation: null,
    ...overrides,
  },
  metadata: at(when),
});

const expectRule = (code: string, message?: string) => (error: CardRuleError) => {
  expect(error.code).toBe(code);
  expect(error.status).toBe(400);
  if (message) expect(error.localizedMessage).toBe(message);
};

// ─── commands the states below are given ─────────────────────────────────────────────────────────

const issue = (
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
  },
  metadata: at('2026-01-05T09:00:00.000Z'),
});

const addStamps = (count: number, rules: ProgramRules = stampsRules()): AddStamps => ({
  type: 'AddStamps',
  data: { commandId: 'cmd-stamp', count, employeeId: 'emp1', rules, cooldownMs: 2000, scannedAt: null },
  metadata: at(MONDAY_NOON),
});

const coffee = aReward({ id: 'r-coffee', cost: 100 });
const withReward = (overrides: Partial<RuleReward>) => pointsRules({ rewards: [aReward({ ...overrides })] });
const rich = () => history().earned(1000, '2026-02-01T10:00:00.000Z');

const regenerate = (commandId = 'cmd-regen'): RegenerateCard => ({
  type: 'RegenerateCard',
  data: {
    commandId,
    humanReadableId: '5555555553',
    qrPayload: 'P1.c1.2.signature-of-version-2xx',
    actorId: 'u1',
    actorRole: 'customer',
  },
  metadata: at(MONDAY_NOON),
});

const closeCard = {
  type: 'CloseCard' as const,
  data: { reason: 'program_deleted' as const },
  metadata: at(MONDAY_NOON),
};

describe('when the client has no card yet', () => {
  it('IssueCard with a granted seat issues the card with secret version 1', () =>
    spec.given([]).when(issue()).then([cardIssued()]));

  it('IssueCard at the plan limit: the refusal is recorded once and the card is not issued', () => {
    const refused = issue({ granted: false, limit: 100, activeCustomers: 100 });
    spec
      .given([])
      .when(refused)
      .then([
        {
          type: 'CardIssueRefused',
          data: {
            cardId: 'c1',
            tenantId: 't1',
            programId: 'p1',
            clientId: 'cl1',
            userId: 'u1',
            reason: 'customer_limit',
            limit: 100,
            activeCustomers: 100,
            refusedAt: '2026-01-05T09:00:00.000Z',
          },
        },
      ]);
    const [refusal] = decide(refused, initialState());
    spec.given([refusal!]).when(refused).thenNothingHappens();
    // a later attempt with a free seat issues it
    spec.given([refusal!]).when(issue()).then([cardIssued()]);
  });

  it('CloseCard decides nothing', () => spec.given([]).when(closeCard).thenNothingHappens());
});

describe('when the card was refused by the plan limit', () => {
  it('it cannot be used', () => {
    const [refusal] = decide(issue({ granted: false, limit: 100, activeCustomers: 100 }), initialState());
    spec.given([refusal!]).when(earn(1000)).thenThrows(CardNotFoundError);
  });
});

describe('when the card is active', () => {
  it('IssueCard again decides nothing (redelivered ClientEnrolled / ClientAccountLinked)', () =>
    spec.given([cardIssued()]).when(issue()).thenNothingHappens());

  describe('EarnPoints', () => {
    describe('on a points program (1 pt per zł)', () => {
      it('rounds the points down: 12,99 zł → 12 pkt, and records rate, multiplier and balance', () =>
        spec
          .given([cardIssued()])
          .when(earn(1299, pointsRules(), MONDAY_NOON, { serviceId: 'svc-1' }))
          .then([
            {
              type: 'PointsEarned',
              data: {
                cardId: 'c1',
                commandId: 'cmd-earn',
                amountGrosze: 1299,
                pointsPerPln: 1,
                multiplier: 1,
                fixedPoints: null,
                points: 12,
                serviceId: 'svc-1',
                employeeId: 'emp1',
                balance: { points: 12, stamps: 0, lifetimePoints: 12 },
                earnedAt: MONDAY_NOON,
              },
            },
          ]));

      it('uses fractional rates exactly (2,5 pt per zł: 10,00 zł → 25 pkt; 0,39 zł → 0 → refused)', () => {
        const rules = pointsRules({ pointsPerPln: 2.5 });
        const [event] = decide(earn(1000, rules), evolve(initialState(), cardIssued()));
        expect(event).toMatchObject({ data: { points: 25 } });
        spec
          .given([cardIssued()])
          .when(earn(39, rules))
          .thenThrows(
            CardRuleError,
            expectRule(
              'CARD.AMOUNT_TOO_SMALL',
              'Kwota jest za mała, aby przyznać choć 1 punkt (potrzeba co najmniej 0,40 zł).',
            ),
          );
      });

      it("a catalogue service's fixed points replace the rate (× the level multiplier, rounded down)", () => {
        const state = evolve(initialState(), cardIssued());
        const [event] = decide(
          earn(4900, pointsRules(), MONDAY_NOON, { serviceId: 'svc-cut', fixedPoints: 15 }),
          state,
        );
        expect(event).toMatchObject({
          data: { serviceId: 'svc-cut', fixedPoints: 15, points: 15, amountGrosze: 4900 },
        });
        const silver = history(cardIssued({ tier: 'Srebro' })).earned(150, '2026-03-01T10:00:00.000Z');
        const [tiered] = decide(earn(4900, tiersRules(), MONDAY_NOON, { fixedPoints: 15 }), silver.state);
        expect(tiered).toMatchObject({ data: { multiplier: 1.5, points: 22 } });
      });

      it('a stamps program refuses points', () =>
        spec
          .given([cardIssued()])
          .when(earn(1000, stampsRules()))
          .thenThrows(
            CardRuleError,
            expectRule('CARD.NOT_POINTS_PROGRAM', CardErrors.notPointsProgram.message),
          ));

      it('an inactive program refuses, unknown rules are a retryable 409', () => {
        spec
          .given([cardIssued()])
          .when(earn(1000, pointsRules({ active: false })))
          .thenThrows(CardRuleError, expectRule('CARD.PROGRAM_INACTIVE'));
        spec
          .given([cardIssued()])
          .when(earn(1000, null))
          .thenThrows(ProgramUnavailableError, (e) => expect(e.status).toBe(409));
      });
    });

    describe('scan cooldown (2 s between awards on one card)', () => {
      const last = '2026-03-02T11:00:00.000Z';
      const given = () => history().earned(10, last).events;

      it('refuses a second award 1,5 s later with 429 and the seconds to wait', () =>
        spec
          .given(given())
          .when(earn(1000, pointsRules(), '2026-03-02T11:00:01.500Z', { commandId: 'other' }))
          .thenThrows(ScanCooldownError, (e) => {
            expect(e.status).toBe(429);
            expect(e.code).toBe('CARD.SCAN_COOLDOWN');
            expect(e.localizedMessage).toBe(
              'Ta karta została przed chwilą zeskanowana. Odczekaj 1 s i spróbuj ponownie.',
            );
          }));

      it('allows it once the cooldown has passed', () => {
        const events = decide(
          earn(1000, pointsRules(), '2026-03-02T11:00:02.000Z', { commandId: 'other' }),
          fold(cardDecider, given()),
        );
        expect(events).toMatchObject([{ type: 'PointsEarned', data: { balance: { points: 20 } } }]);
      });

      it('applies to stamps too, and a cooldown of 0 turns it off', () => {
        const stamped = history(cardIssued()).stamped(1, last).events;
        spec
          .given(stamped)
          .when({
            type: 'AddStamps',
            data: {
              commandId: 'x',
              count: 1,
              employeeId: 'emp1',
              rules: stampsRules(),
              cooldownMs: 2000,
              scannedAt: null,
            },
            metadata: at('2026-03-02T11:00:00.100Z'),
          })
          .thenThrows(ScanCooldownError);
        const events = decide(
          earn(1000, pointsRules(), '2026-03-02T11:00:00.100Z', { commandId: 'x', cooldownMs: 0 }),
          fold(cardDecider, given()),
        );
        expect(events).toHaveLength(1);
      });
    });

    describe('an award the scanner queued offline (scannedAt, ADR 0048)', () => {
      const last = '2026-03-02T11:00:00.000Z';
      const given = () => history().earned(10, last).events;
      const replayed = (scannedAt: string, now = '2026-03-02T11:00:00.800Z') =>
        earn(1000, pointsRules(), now, { commandId: 'queued', scannedAt });

      it('is booked inside the cooldown: staff made it, its own key guards against a double send', () => {
        const events = decide(replayed('2026-03-02T10:59:59.000Z'), fold(cardDecider, given()));
        expect(events).toMatchObject([{ type: 'PointsEarned', data: { balance: { points: 20 } } }]);
      });

      it('is refused when it waited longer than 12 hours, or comes from the future', () => {
        for (const scannedAt of ['2026-03-01T22:59:00.000Z', '2026-03-02T11:02:00.000Z'])
          spec
            .given(given())
            .when(replayed(scannedAt))
            .thenThrows(CardRuleError, (e) => {
              expect(e.status).toBe(400);
              expect(e.code).toBe('CARD.SCAN_TIME_INVALID');
              expect(e.localizedMessage).toContain('dłużej niż 12 godzin');
            });
      });

      it('is still at most one booking per command (a replayed replay decides nothing)', () =>
        spec
          .given(history().earned(10, last, 'queued').events)
          .when(replayed('2026-03-02T10:59:59.000Z'))
          .thenNothingHappens());
    });

    describe('a retried command (same commandId)', () => {
      it('decides nothing, even inside the cooldown', () =>
        spec
          .given(history().earned(12, MONDAY_NOON, 'cmd-earn').events)
          .when(earn(1299, pointsRules(), '2026-03-02T11:00:00.500Z'))
          .thenNothingHappens());
    });

    describe('on a tiers program (Brąz 0 ×1, Srebro 100 ×1,5, Złoto 500 ×2)', () => {
      const issued = cardIssued({ tier: 'Brąz' });

      it('promotes when lifetime points cross a level; the earning used the old multiplier', () =>
        spec
          .given(history(issued).earned(90, '2026-03-01T10:00:00.000Z').events)
          .when(earn(2000, tiersRules()))
          .then([
            {
              type: 'PointsEarned',
              data: {
                cardId: 'c1',
                commandId: 'cmd-earn',
                amountGrosze: 2000,
                pointsPerPln: 1,
                multiplier: 1,
                fixedPoints: null,
                points: 20,
                serviceId: null,
                employeeId: 'emp1',
                balance: { points: 110, stamps: 0, lifetimePoints: 110 },
                earnedAt: MONDAY_NOON,
              },
            },
            {
              type: 'TierChanged',
              data: { cardId: 'c1', from: 'Brąz', to: 'Srebro', lifetimePoints: 110, changedAt: MONDAY_NOON },
            },
          ]));

      it('applies the current level multiplier (Srebro ×1,5: 33,33 zł → 49 pkt, rounded down)', () => {
        const state = history(issued)
          .earned(150, '2026-03-01T10:00:00.000Z')
          .push({
            type: 'TierChanged',
            data: {
              cardId: 'c1',
              from: 'Brąz',
              to: 'Srebro',
              lifetimePoints: 150,
              changedAt: '2026-03-01T10:00:00.000Z',
            },
          }).state;
        const events = decide(earn(3333, tiersRules()), state);
        expect(events).toEqual([
          expect.objectContaining({
            type: 'PointsEarned',
            data: expect.objectContaining({ multiplier: 1.5, points: 49 }),
          }),
        ]);
      });

      it('jumps straight to the level reached (Brąz → Złoto in one purchase)', () => {
        const events = decide(earn(60_000, tiersRules()), evolve(initialState(), issued));
        expect(events.map((e) => e.type)).toEqual(['PointsEarned', 'TierChanged']);
        expect(events[1]).toMatchObject({ data: { from: 'Brąz', to: 'Złoto', lifetimePoints: 600 } });
      });

      it('redemptions never lower the level: lifetime points stay', () => {
        const reward = aReward({ cost: 100 });
        const state = history(issued)
          .earned(150, '2026-03-01T10:00:00.000Z')
          .redeemed(reward, '2026-03-01T11:00:00.000Z').state;
        expect(state).toMatchObject({ points: 50, lifetimePoints: 150 });
      });
    });
  });

  describe('AddStamps', () => {
    it('when the card has 9 stamps, adding one makes 10', () =>
      spec
        .given(history().stamped(9, '2026-03-01T10:00:00.000Z').events)
        .when(addStamps(1))
        .then([
          {
            type: 'StampsAdded',
            data: {
              cardId: 'c1',
              commandId: 'cmd-stamp',
              count: 1,
              employeeId: 'emp1',
              balance: { points: 0, stamps: 10, lifetimePoints: 0 },
              addedAt: MONDAY_NOON,
            },
          },
        ]));

    it('a points program refuses stamps', () =>
      spec
        .given([cardIssued()])
        .when(addStamps(1, pointsRules()))
        .thenThrows(CardRuleError, expectRule('CARD.NOT_STAMPS_PROGRAM')));
  });

  describe('RedeemReward', () => {
    it('spends the cost from the balance and records the redemption', () =>
      spec
        .given(history().earned(150, '2026-03-01T10:00:00.000Z').events)
        .when(redeem(pointsRules({ rewards: [coffee] }), MONDAY_NOON))
        .then([
          {
            type: 'RewardRedeemed',
            data: {
              cardId: 'c1',
              commandId: 'cmd-redeem',
              rewardId: 'r-coffee',
              rewardName: 'Kawa gratis',
              cost: 100,
              unit: 'points',
              employeeId: 'emp2',
              stockPeriod: null,
              balance: { points: 50, stamps: 0, lifetimePoints: 150 },
              redeemedAt: MONDAY_NOON,
            },
          },
        ]));

    it('with too few points: CARD.INSUFFICIENT_POINTS with both numbers', () =>
      spec
        .given(history().earned(40, '2026-03-01T10:00:00.000Z').events)
        .when(redeem(pointsRules({ rewards: [coffee] }), MONDAY_NOON))
        .thenThrows(
          CardRuleError,
          expectRule('CARD.INSUFFICIENT_POINTS', 'Za mało punktów: potrzeba 100, na karcie 40.'),
        ));

    it('on a stamps card: spends stamps; too few → CARD.INSUFFICIENT_STAMPS', () => {
      const rules = stampsRules();
      const reward = rules.rewards[0]!;
      spec
        .given(history().stamped(4, '2026-03-01T10:00:00.000Z').events)
        .when(redeem(rules, MONDAY_NOON))
        .thenThrows(
          CardRuleError,
          expectRule('CARD.INSUFFICIENT_STAMPS', 'Za mało pieczątek: potrzeba 10, na karcie 4.'),
        );
      const events = decide(
        redeem(rules, MONDAY_NOON),
        history().stamped(12, '2026-03-01T10:00:00.000Z').state,
      );
      expect(events[0]).toMatchObject({
        data: { rewardId: reward.id, unit: 'stamps', cost: 10, balance: { stamps: 2, points: 0 } },
      });
    });

    it('an inactive reward or an unknown reward is refused', () => {
      spec
        .given(rich().events)
        .when(redeem(withReward({ active: false }), MONDAY_NOON))
        .thenThrows(
          CardRuleError,
          expectRule('CARD.REWARD_INACTIVE', 'Ta nagroda jest obecnie niedostępna.'),
        );
      spec
        .given(rich().events)
        .when(redeem(pointsRules(), MONDAY_NOON, { rewardId: 'nope' }))
        .thenThrows(RewardNotFoundError, (e) => expect(e.code).toBe('CARD.REWARD_NOT_FOUND'));
    });

    it('a retried redemption (same commandId) decides nothing: no double spending', () => {
      const rules = pointsRules({ rewards: [coffee] });
      const state = rich().state;
      const first = decide(redeem(rules, MONDAY_NOON), state);
      spec
        .given([...rich().events, ...first])
        .when(redeem(rules, MONDAY_NOON))
        .thenNothingHappens();
    });

    describe('hours 08:00–12:00 (Warsaw local time)', () => {
      const rules = withReward({
        schedule: { weekdays: [], hours: { from: '08:00', to: '12:00' }, dateRange: null },
      });
      const outside = expectRule('CARD.OUTSIDE_HOURS', 'Tę nagrodę można odebrać w godz. 08:00–12:00.');

      it.each([
        ['2026-03-02T07:00:00.000Z', 'winter 08:00 CET (from is inclusive)'],
        ['2026-03-02T10:59:00.000Z', 'winter 11:59 CET'],
        ['2026-06-01T06:30:00.000Z', 'summer 08:30 CEST'],
      ])('allows %s (%s)', (when) => expect(decide(redeem(rules, when), rich().state)).toHaveLength(1));

      it.each([
        ['2026-03-02T06:59:00.000Z', 'winter 07:59 CET'],
        ['2026-03-02T11:00:00.000Z', 'winter 12:00 CET (to is exclusive)'],
        ['2026-06-01T10:00:00.000Z', 'summer 12:00 CEST although 10:00 UTC'],
        ['2026-06-01T05:30:00.000Z', 'summer 07:30 CEST'],
      ])('refuses %s (%s)', (when) =>
        spec.given(rich().events).when(redeem(rules, when)).thenThrows(CardRuleError, outside),
      );
    });

    describe('weekdays (ISO: 1 = Monday), local date', () => {
      const rules = withReward({ schedule: { weekdays: [1, 3], hours: null, dateRange: null } });

      it('Sunday 23:30 UTC is already Monday in Warsaw: allowed', () =>
        expect(decide(redeem(rules, '2026-03-01T23:30:00.000Z'), rich().state)).toHaveLength(1));

      it('Monday 22:30 UTC in summer is Tuesday 00:30 in Warsaw: refused with the allowed days', () =>
        spec
          .given(rich().events)
          .when(redeem(rules, '2026-06-01T22:30:00.000Z'))
          .thenThrows(
            CardRuleError,
            expectRule('CARD.WRONG_DAY', 'Tę nagrodę można odebrać tylko w poniedziałki i w środy.'),
          ));
    });

    describe('date range (inclusive local dates)', () => {
      const rules = withReward({
        schedule: { weekdays: [], hours: null, dateRange: { from: '2026-03-01', to: '2026-03-31' } },
      });

      it('allows the last local minute of the range', () =>
        expect(decide(redeem(rules, '2026-03-31T21:59:00.000Z'), rich().state)).toHaveLength(1));

      it('refuses from local midnight after it (22:00 UTC, CEST)', () =>
        spec
          .given(rich().events)
          .when(redeem(rules, '2026-03-31T22:00:00.000Z'))
          .thenThrows(
            CardRuleError,
            expectRule('CARD.OUTSIDE_DATES', 'Tę nagrodę można odebrać od 01.03.2026 do 31.03.2026.'),
          ));
    });

    describe('per-card limits come from the card’s own redemptions, by Warsaw calendar', () => {
      const cheap = (perCard: RuleReward['limits']['perCard']) =>
        aReward({ id: 'r-cheap', cost: 10, limits: { perCard, stock: null } });

      it('1 per day: counted per LOCAL day, not per UTC day', () => {
        const reward = cheap({ day: 1 });
        const rules = pointsRules({ rewards: [reward] });
        // 23:30 local on 2 March; 00:10 local on 3 March is a new day although the UTC date is the same
        const late = rich().redeemed(reward, '2026-03-02T22:30:00.000Z');
        expect(decide(redeem(rules, '2026-03-02T23:10:00.000Z'), late.state)).toHaveLength(1);
        // 00:10 local on 3 March and 23:50 local on 3 March: same local day, different UTC dates
        spec
          .given(rich().redeemed(reward, '2026-03-02T23:10:00.000Z').events)
          .when(redeem(rules, '2026-03-03T22:50:00.000Z'))
          .thenThrows(
            CardRuleError,
            expectRule('CARD.DAILY_LIMIT', 'Limit tej nagrody na dziś został wykorzystany.'),
          );
      });

      it('1 per day counts only this reward', () => {
        const reward = cheap({ day: 1 });
        const other = aReward({ id: 'r-other', cost: 10 });
        const rules = pointsRules({ rewards: [reward, other] });
        const state = rich().redeemed(other, '2026-03-02T08:00:00.000Z').state;
        expect(decide(redeem(rules, MONDAY_NOON, { rewardId: 'r-cheap' }), state)).toHaveLength(1);
      });

      it('1 per ISO week: Monday opens a new week; Sunday still counts the Monday before', () => {
        const reward = cheap({ week: 1 });
        const rules = pointsRules({ rewards: [reward] });
        const sunday = rich().redeemed(reward, '2026-03-08T20:00:00.000Z'); // Sunday 21:00 local, 2026-W10
        expect(decide(redeem(rules, '2026-03-08T23:30:00.000Z'), sunday.state)).toHaveLength(1); // Monday 00:30 local, 2026-W11
        spec
          .given(rich().redeemed(reward, '2026-03-02T08:00:00.000Z').events)
          .when(redeem(rules, '2026-03-08T21:00:00.000Z')) // Sunday 22:00 local, same week
          .thenThrows(
            CardRuleError,
            expectRule('CARD.WEEKLY_LIMIT', 'Limit tej nagrody na ten tydzień został wykorzystany.'),
          );
      });

      it('1 per ISO week across New Year: 31 Dec 2026 and 3 Jan 2027 share 2026-W53', () => {
        const reward = cheap({ week: 1 });
        const rules = pointsRules({ rewards: [reward] });
        const events = rich().redeemed(reward, '2026-12-31T10:00:00.000Z').events;
        spec
          .given(events)
          .when(redeem(rules, '2027-01-03T10:00:00.000Z'))
          .thenThrows(CardRuleError, expectRule('CARD.WEEKLY_LIMIT'));
        expect(decide(redeem(rules, '2027-01-04T10:00:00.000Z'), fold(cardDecider, events))).toHaveLength(1);
      });

      it('2 per month: the local month ends at local midnight', () => {
        const reward = cheap({ month: 2 });
        const rules = pointsRules({ rewards: [reward] });
        const twice = rich()
          .redeemed(reward, '2026-03-01T09:00:00.000Z')
          .redeemed(reward, '2026-03-15T09:00:00.000Z').events;
        spec
          .given(twice)
          .when(redeem(rules, '2026-03-31T21:30:00.000Z')) // 23:30 local on 31 March
          .thenThrows(
            CardRuleError,
            expectRule('CARD.MONTHLY_LIMIT', 'Limit tej nagrody na ten miesiąc został wykorzystany.'),
          );
        expect(decide(redeem(rules, '2026-03-31T22:30:00.000Z'), fold(cardDecider, twice))).toHaveLength(1); // 00:30 local on 1 April
      });

      it('1 per month: a redemption late on the last day of February (UTC) is already March in Warsaw', () => {
        const reward = cheap({ month: 1 });
        const rules = pointsRules({ rewards: [reward] });
        spec
          .given(rich().redeemed(reward, '2026-02-28T23:30:00.000Z').events) // 00:30 local on 1 March
          .when(redeem(rules, '2026-03-10T10:00:00.000Z'))
          .thenThrows(CardRuleError, expectRule('CARD.MONTHLY_LIMIT'));
      });

      it('limits are checked before the balance ("come back tomorrow" beats "too few points")', () => {
        const reward = aReward({ id: 'r-cheap', cost: 990, limits: { perCard: { day: 1 }, stock: null } });
        const rules = pointsRules({ rewards: [reward] });
        spec
          .given(rich().redeemed(reward, '2026-03-02T08:00:00.000Z').events) // 10 points left
          .when(redeem(rules, MONDAY_NOON))
          .thenThrows(CardRuleError, expectRule('CARD.DAILY_LIMIT'));
      });
    });

    describe('total stock (reserved across all cards before the command)', () => {
      const stocked = pointsRules({
        rewards: [aReward({ limits: { perCard: {}, stock: { quantity: 20, period: 'day' } } })],
      });

      it('records the stock period the unit was reserved in', () => {
        const [event] = decide(
          redeem(stocked, MONDAY_NOON, { stockReservation: '2026-03-02' }),
          rich().state,
        );
        expect(event).toMatchObject({ type: 'RewardRedeemed', data: { stockPeriod: '2026-03-02' } });
      });

      it('without a reservation for the current period: CARD.OUT_OF_STOCK', () => {
        spec
          .given(rich().events)
          .when(redeem(stocked, MONDAY_NOON))
          .thenThrows(
            CardRuleError,
            expectRule(
              'CARD.OUT_OF_STOCK',
              'Pula tej nagrody została wyczerpana. Zapraszamy w kolejnym okresie.',
            ),
          );
        spec
          .given(rich().events)
          .when(redeem(stocked, MONDAY_NOON, { stockReservation: '2026-03-01' }))
          .thenThrows(CardRuleError, expectRule('CARD.OUT_OF_STOCK'));
      });

      it('a stock that is never renewed uses the period "all"', () => {
        const once = pointsRules({
          rewards: [aReward({ limits: { perCard: {}, stock: { quantity: 5, period: null } } })],
        });
        const [event] = decide(redeem(once, MONDAY_NOON, { stockReservation: 'all' }), rich().state);
        expect(event).toMatchObject({ data: { stockPeriod: 'all' } });
      });
    });
  });

  describe('RegenerateCard', () => {
    it('gives a new number and bumps the QR secret version', () =>
      spec
        .given([cardIssued()])
        .when(regenerate())
        .then([
          {
            type: 'CardRegenerated',
            data: {
              cardId: 'c1',
              commandId: 'cmd-regen',
              humanReadableId: '5555555553',
              secretVersion: 2,
              qrPayload: 'P1.c1.2.signature-of-version-2xx',
              actorId: 'u1',
              actorRole: 'customer',
              regeneratedAt: MONDAY_NOON,
            },
          },
        ]));

    it('keeps the balance; a retry decides nothing', () => {
      const [regenerated] = decide(regenerate(), history().earned(30, '2026-03-01T10:00:00.000Z').state);
      const events = [...history().earned(30, '2026-03-01T10:00:00.000Z').events, regenerated!];
      expect(fold(cardDecider, events)).toMatchObject({
        points: 30,
        humanReadableId: '5555555553',
        secretVersion: 2,
      });
      spec.given(events).when(regenerate()).thenNothingHappens();
    });
  });

  it('CloseCard closes it once', () =>
    spec
      .given([cardIssued()])
      .when(closeCard)
      .then([
        { type: 'CardClosed', data: { cardId: 'c1', reason: 'program_deleted', closedAt: MONDAY_NOON } },
      ]));

  it('RecordAwardAnomaly records the signal on the card without changing it', () => {
    const data = {
      tenantId: 't1',
      employeeId: 'emp1',
      windowMinutes: 10,
      awards: 61,
      points: 900,
      stamps: 0,
      thresholds: { awards: 60, points: 5000 },
    };
    spec
      .given([cardIssued()])
      .when({ type: 'RecordAwardAnomaly', data, metadata: at(MONDAY_NOON) })
      .then([{ type: 'AwardAnomalyDetected', data: { ...data, cardId: 'c1', detectedAt: MONDAY_NOON } }]);
    const before = evolve(initialState(), cardIssued());
    expect(
      evolve(before, {
        type: 'AwardAnomalyDetected',
        data: { ...data, cardId: 'c1', detectedAt: MONDAY_NOON },
      }),
    ).toBe(before);
  });
});

describe('VoidEntry (corrections, ADR 0016)', () => {
  const EARNED_AT = '2026-03-01T10:00:00.000Z';
  const REDEEMED_AT = '2026-03-01T12:00:00.000Z';
  const voidEntry = (
    voidedCommandId: string,
    when = MONDAY_NOON,
    overrides: Partial<VoidEntry['data']> = {},
  ): VoidEntry => ({
    type: 'VoidEntry',
    data: {
      commandId: 'cmd-void',
      voidedCommandId,
      reason: 'Pomyłka w kwocie',
      employeeId: 'owner1',
      rules: pointsRules(),
      adjustRest: false,
      ...overrides,
    },
    metadata: at(when),
  });
  const correction = {
    commandId: 'cmd-void',
    reason: 'Pomyłka w kwocie',
    employeeId: 'owner1',
    voidedAt: MONDAY_NOON,
  };

  it('takes back a mistaken award: balance and lifetime points drop by its points', () =>
    spec
      .given(history().earned(30, '2026-02-20T10:00:00.000Z').earned(4250, EARNED_AT, 'typo').events)
      .when(voidEntry('typo'))
      .then([
        {
          type: 'AwardVoided',
          data: {
            cardId: 'c1',
            points: 4250,
            stamps: 0,
            voidedCommandId: 'typo',
            ...correction,
            balance: { points: 30, stamps: 0, lifetimePoints: 30 },
          },
        },
      ]));

  it('takes back stamps', () =>
    spec
      .given(history(cardIssued()).stamped(3, EARNED_AT).events)
      .when(voidEntry(`stamp-${EARNED_AT}`, MONDAY_NOON, { rules: stampsRules() }))
      .then([
        {
          type: 'AwardVoided',
          data: {
            cardId: 'c1',
            points: 0,
            stamps: 3,
            voidedCommandId: `stamp-${EARNED_AT}`,
            ...correction,
            balance: { points: 0, stamps: 0, lifetimePoints: 0 },
          },
        },
      ]));

  it('refuses to take the balance below zero: the redemption that spent the points is voided first', () =>
    spec
      .given(
        history()
          .earned(300, EARNED_AT, 'award')
          .redeemed(aReward({ cost: 200 }), REDEEMED_AT).events,
      )
      .when(voidEntry('award'))
      .thenThrows(
        CardRuleError,
        expectRule(
          'CARD.VOID_BELOW_ZERO',
          'Nie można anulować w całości: klient wykorzystał już część tych punktów (do odjęcia 300 pkt, na karcie 100 pkt). Anuluj i skoryguj resztę albo najpierw anuluj wydaną za nie nagrodę.',
        ),
      ));

  it('gives a voided redemption’s cost back, and the reward no longer counts against its per-card limit', () => {
    const reward = aReward({ id: 'r-daily', cost: 100, limits: { perCard: { day: 1 }, stock: null } });
    const rules = pointsRules({ rewards: [reward] });
    const given = history().earned(300, EARNED_AT).redeemed(reward, REDEEMED_AT);
    spec
      .given(given.events)
      .when(voidEntry(`redeem-${REDEEMED_AT}`, '2026-03-01T12:05:00.000Z', { rules }))
      .then([
        {
          type: 'RedemptionVoided',
          data: {
            cardId: 'c1',
            rewardId: 'r-daily',
            rewardName: reward.name,
            cost: 100,
            unit: 'points',
            stockPeriod: null,
            redeemedAt: REDEEMED_AT,
            voidedCommandId: `redeem-${REDEEMED_AT}`,
            ...correction,
            voidedAt: '2026-03-01T12:05:00.000Z',
            balance: { points: 300, stamps: 0, lifetimePoints: 300 },
          },
        },
      ]);
    const [voided] = decide(
      voidEntry(`redeem-${REDEEMED_AT}`, '2026-03-01T12:05:00.000Z', { rules }),
      given.state,
    );
    const after = evolve(given.state, voided!);
    expect(after).toMatchObject({ points: 300, redemptions: [] });
    // the same reward may be redeemed again the same day (before the correction, the daily limit refused it)
    expect(() =>
      decide(redeem(rules, '2026-03-01T12:10:00.000Z', { commandId: 'again' }), given.state),
    ).toThrow(CardRuleError);
    expect(decide(redeem(rules, '2026-03-01T12:10:00.000Z', { commandId: 'again' }), after)).toHaveLength(1);
  });

  it('voids an entry once: a second correction is refused, a retried one decides nothing', () => {
    const given = history().earned(50, EARNED_AT, 'award');
    const [voided] = decide(voidEntry('award'), given.state);
    const events = [...given.events, voided!];
    spec.given(events).when(voidEntry('award')).thenNothingHappens();
    spec
      .given(events)
      .when(voidEntry('award', MONDAY_NOON, { commandId: 'another-void' }))
      .thenThrows(CardRuleError, expectRule('CARD.ALREADY_VOIDED', 'Ten wpis został już anulowany.'));
  });

  it('refuses entries older than 30 days and entries the card does not remember', () => {
    const given = history().earned(50, '2026-01-20T10:00:00.000Z', 'old').events;
    spec
      .given(given)
      .when(voidEntry('old', '2026-02-20T10:00:01.000Z'))
      .thenThrows(CardRuleError, expectRule('CARD.CORRECTION_TOO_LATE'));
    spec
      .given(given)
      .when(voidEntry('never-happened'))
      .thenThrows(CardRuleError, expectRule('CARD.CORRECTION_TOO_LATE'));
  });

  it('remembers the last 100 awards and redemptions: an older one within the 30 days is refused too', () => {
    let given = history();
    for (let i = 0; i < 101; i++)
      given = given.earned(1, new Date(Date.parse(EARNED_AT) + i * 60_000).toISOString(), `award-${i}`);
    spec
      .given(given.events)
      .when(voidEntry('award-0', '2026-03-01T12:00:00.000Z'))
      .thenThrows(
        CardRuleError,
        expectRule(
          'CARD.CORRECTION_TOO_LATE',
          'Tego wpisu nie można już anulować: korekta jest możliwa przez 30 dni i tylko dla 100 ostatnich przyznań i nagród na karcie.',
        ),
      );
    expect(decide(voidEntry('award-1', '2026-03-01T12:00:00.000Z'), given.state)).toHaveLength(1);
  });

  it('on a tiers program, a level no longer reached follows the voided award', () =>
    spec
      .given(
        history(cardIssued({ tier: 'Brąz' }))
          .earned(90, '2026-02-28T10:00:00.000Z')
          .earned(20, EARNED_AT, 'promoted')
          .push({
            type: 'TierChanged',
            data: { cardId: 'c1', from: 'Brąz', to: 'Srebro', lifetimePoints: 110, changedAt: EARNED_AT },
          }).events,
      )
      .when(voidEntry('promoted', MONDAY_NOON, { rules: tiersRules() }))
      .then([
        {
          type: 'AwardVoided',
          data: {
            cardId: 'c1',
            points: 20,
            stamps: 0,
            voidedCommandId: 'promoted',
            ...correction,
            balance: { points: 90, stamps: 0, lifetimePoints: 90 },
          },
        },
        {
          type: 'TierChanged',
          data: { cardId: 'c1', from: 'Srebro', to: 'Brąz', lifetimePoints: 90, changedAt: MONDAY_NOON },
        },
      ]));

  it('is refused on a closed card', () =>
    spec
      .given(history().earned(50, EARNED_AT, 'award').closed().events)
      .when(voidEntry('award'))
      .thenThrows(CardClosedError));
});

describe('void and adjust the rest (ADR 0050)', () => {
  const EARNED_AT = '2026-03-01T10:00:00.000Z';
  const REDEEMED_AT = '2026-03-01T12:00:00.000Z';
  const voidRest = (voidedCommandId: string, rules: ProgramRules = pointsRules()): VoidEntry => ({
    type: 'VoidEntry',
    data: {
      commandId: 'cmd-void',
      voidedCommandId,
      reason: 'Pomyłka: 425 zamiast 4250',
      employeeId: 'owner1',
      rules,
      adjustRest: true,
    },
    metadata: at(MONDAY_NOON),
  });
  const partlySpent = () =>
    history()
      .earned(4250, EARNED_AT, 'typo')
      .redeemed(aReward({ cost: 1000 }), REDEEMED_AT);

  it('keeps the spent part as an adjustment, then voids the award: the card holds nothing of it', () =>
    spec
      .given(partlySpent().events)
      .when(voidRest('typo'))
      .then([
        {
          type: 'BalanceAdjusted',
          data: {
            cardId: 'c1',
            commandId: 'cmd-void',
            unit: 'points',
            delta: 1000,
            reason: 'Pomyłka: 425 zamiast 4250',
            employeeId: 'owner1',
            correctionOf: 'typo',
            balance: { points: 4250, stamps: 0, lifetimePoints: 5250 },
            adjustedAt: MONDAY_NOON,
          },
        },
        {
          type: 'AwardVoided',
          data: {
            cardId: 'c1',
            points: 4250,
            stamps: 0,
            commandId: 'cmd-void',
            voidedCommandId: 'typo',
            reason: 'Pomyłka: 425 zamiast 4250',
            employeeId: 'owner1',
            balance: { points: 0, stamps: 0, lifetimePoints: 1000 },
            voidedAt: MONDAY_NOON,
          },
        },
      ]));

  it('leaves the card folded to zero, the award voided and the redemption standing', () => {
    const given = partlySpent();
    const after = fold(cardDecider, [...given.events, ...decide(voidRest('typo'), given.state)]);
    expect(after).toMatchObject({ points: 0, lifetimePoints: 1000 });
    const entries = after.status === 'active' ? (after.correctable ?? []) : [];
    expect(entries.map((e) => [e.commandId, e.voided])).toEqual([
      ['typo', true],
      [`redeem-${REDEEMED_AT}`, false],
    ]);
  });

  it('is a plain void when nothing of the award was spent', () =>
    spec
      .given(history().earned(4250, EARNED_AT, 'typo').events)
      .when(voidRest('typo'))
      .then([
        {
          type: 'AwardVoided',
          data: {
            cardId: 'c1',
            points: 4250,
            stamps: 0,
            commandId: 'cmd-void',
            voidedCommandId: 'typo',
            reason: 'Pomyłka: 425 zamiast 4250',
            employeeId: 'owner1',
            balance: { points: 0, stamps: 0, lifetimePoints: 0 },
            voidedAt: MONDAY_NOON,
          },
        },
      ]));

  it('decides nothing when retried with the same command', () => {
    const given = partlySpent();
    const events = [...given.events, ...decide(voidRest('typo'), given.state)];
    spec.given(events).when(voidRest('typo')).thenNothingHappens();
  });
});

describe('AdjustBalance (manual adjustment, ADR 0050)', () => {
  const adjust = (
    delta: number,
    rules: ProgramRules | null = pointsRules(),
    commandId = 'cmd-adj',
  ): AdjustBalance => ({
    type: 'AdjustBalance',
    data: { commandId, delta, reason: 'Punkty z papierowej karty', employeeId: 'owner1', rules },
    metadata: at(MONDAY_NOON),
  });
  const adjusted = (delta: number, balance: { points: number; stamps: number; lifetimePoints: number }) => ({
    type: 'BalanceAdjusted' as const,
    data: {
      cardId: 'c1',
      commandId: 'cmd-adj',
      unit: 'points' as const,
      delta,
      reason: 'Punkty z papierowej karty',
      employeeId: 'owner1',
      correctionOf: null,
      balance,
      adjustedAt: MONDAY_NOON,
    },
  });

  it('adds points: balance and lifetime points grow', () =>
    spec
      .given(history().earned(30, '2026-02-20T10:00:00.000Z').events)
      .when(adjust(120))
      .then([adjusted(120, { points: 150, stamps: 0, lifetimePoints: 150 })]));

  it('takes points away: balance and lifetime points drop', () =>
    spec
      .given(history().earned(300, '2026-02-20T10:00:00.000Z').events)
      .when(adjust(-100))
      .then([adjusted(-100, { points: 200, stamps: 0, lifetimePoints: 200 })]));

  it('never takes the balance below zero', () =>
    spec
      .given(history().earned(30, '2026-02-20T10:00:00.000Z').events)
      .when(adjust(-31))
      .thenThrows(
        CardRuleError,
        expectRule('CARD.ADJUST_BELOW_ZERO', 'Nie można odjąć 31 pkt: na karcie jest 30 pkt.'),
      ));

  it('adjusts stamps on a stamp card, lifetime points untouched', () =>
    spec
      .given(history().stamped(4, '2026-02-20T10:00:00.000Z').events)
      .when(adjust(-2, stampsRules()))
      .then([
        {
          ...adjusted(-2, { points: 0, stamps: 2, lifetimePoints: 0 }),
          data: {
            ...adjusted(-2, { points: 0, stamps: 2, lifetimePoints: 0 }).data,
            unit: 'stamps' as const,
          },
        },
      ]));

  it('moves a tiers card to the level its lifetime points now reach', () =>
    spec
      .given(history().earned(90, '2026-02-20T10:00:00.000Z').events)
      .when(adjust(20, tiersRules()))
      .then([
        adjusted(20, { points: 110, stamps: 0, lifetimePoints: 110 }),
        {
          type: 'TierChanged',
          data: { cardId: 'c1', from: null, to: 'Srebro', lifetimePoints: 110, changedAt: MONDAY_NOON },
        },
      ]));

  it('decides nothing when retried with the same command', () => {
    const given = history().earned(30, '2026-02-20T10:00:00.000Z');
    const events = [...given.events, ...decide(adjust(5), given.state)];
    spec.given(events).when(adjust(5)).thenNothingHappens();
  });

  it('is refused on a closed card and without the program', () => {
    const given = history().earned(30, '2026-02-20T10:00:00.000Z');
    expect(() => decide(adjust(5, null), given.state)).toThrow(ProgramUnavailableError);
    const closed = evolve(given.state, {
      type: 'CardClosed',
      data: { cardId: 'c1', reason: 'client_removed', closedAt: MONDAY_NOON },
    });
    expect(() => decide(adjust(5), closed)).toThrow(CardClosedError);
  });
});

describe('when the card is closed', () => {
  it('IssueCard again decides nothing (a redelivered event)', () =>
    spec.given(history().closed().events).when(issue()).thenNothingHappens());

  it('EarnPoints is refused with CARD.CLOSED', () =>
    spec
      .given(history().closed().events)
      .when(earn(1000))
      .thenThrows(CardClosedError, (e) => {
        expect(e.code).toBe('CARD.CLOSED');
        expect(e.localizedMessage).toBe('Ta karta jest zamknięta.');
      }));

  it('RedeemReward and RegenerateCard are refused', () => {
    spec.given(rich().closed().events).when(redeem(pointsRules(), MONDAY_NOON)).thenThrows(CardClosedError);
    spec.given(history().closed().events).when(regenerate('other')).thenThrows(CardClosedError);
  });

  it('CloseCard again decides nothing', () =>
    spec.given(history().closed().events).when(closeCard).thenNothingHappens());
});

describe('evolve', () => {
  it(`forgets redemptions older than ${REDEMPTION_MEMORY_DAYS} days before the newest one`, () => {
    const reward = aReward({ cost: 1 });
    const state = history()
      .earned(10, '2026-01-01T09:00:00.000Z')
      .redeemed(reward, '2026-01-01T10:00:00.000Z')
      .redeemed(reward, '2026-02-05T10:00:00.000Z')
      .redeemed(reward, '2026-02-15T10:00:00.000Z').state;
    expect(state).toMatchObject({
      points: 7,
      redemptions: [
        { rewardId: reward.id, at: '2026-02-05T10:00:00.000Z' },
        { rewardId: reward.id, at: '2026-02-15T10:00:00.000Z' },
      ],
    });
  });
});

// Issue 36, finding 4: balances were unbounded (three awards of 100 000 zł at 100 pt per zł gave 300 000 000 points).
// Limits: MAX_POINTS_PER_AWARD, MAX_STAMPS_PER_AWARD, MAX_POINTS_BALANCE, MAX_STAMPS_BALANCE (contracts/card-limits).
describe('award and balance limits', () => {
  const nb = (text: string) => text.replace(/(\d) (\d)/g, '$1\u00a0$2'); // pl-PL groups digits with a no-break space
  const lavish = pointsRules({ pointsPerPln: 100 });

  describe('when the card is new', () => {
    it('one award of more than 100 000 points is refused (100 000 zł at 100 pt per zł would give 10 000 000)', () =>
      spec
        .given([cardIssued()])
        .when(earn(10_000_000, lavish))
        .thenThrows(
          CardRuleError,
          expectRule(
            'CARD.AWARD_TOO_LARGE',
            nb(
              'Jednorazowo można przyznać najwyżej 100 000 pkt, a to przyznanie dałoby 10 000 000 pkt. Sprawdź kwotę.',
            ),
          ),
        ));

    it('exactly 100 000 points in one award is fine', () => {
      const [event] = decide(earn(100_000, lavish), evolve(initialState(), cardIssued()));
      expect(event).toMatchObject({ type: 'PointsEarned', data: { points: 100_000 } });
    });

    it('the limit counts the points after the level multiplier (a service of 100 000 fixed points at ×1,5)', () => {
      const silver = history(cardIssued({ tier: 'Srebro' })).earned(150, '2026-03-01T10:00:00.000Z');
      spec
        .given(silver.events)
        .when(earn(100, tiersRules(), MONDAY_NOON, { fixedPoints: 100_000 }))
        .thenThrows(CardRuleError, expectRule('CARD.AWARD_TOO_LARGE'));
    });

    it('more than 20 stamps in one award is refused, whatever the request let through', () =>
      spec
        .given([cardIssued()])
        .when(addStamps(21))
        .thenThrows(
          CardRuleError,
          expectRule('CARD.AWARD_TOO_LARGE', 'Jednorazowo można dodać najwyżej 20 pieczątek.'),
        ));
  });

  describe('when the card holds 9 950 000 points', () => {
    const near = () => history().earned(9_950_000, '2026-02-01T10:00:00.000Z').events;

    it('an award up to 10 000 000 on the card is booked', () =>
      spec
        .given(near())
        .when(earn(50_000, lavish))
        .then([
          expect.objectContaining({
            type: 'PointsEarned',
            data: expect.objectContaining({
              points: 50_000,
              balance: expect.objectContaining({ points: 10_000_000 }),
            }),
          }) as CardEvent,
        ]));

    it('an award that would take it over 10 000 000 is refused, naming the limit', () =>
      spec
        .given(near())
        .when(earn(50_001, lavish))
        .thenThrows(
          CardRuleError,
          expectRule(
            'CARD.BALANCE_LIMIT',
            nb(
              'Na karcie może być najwyżej 10 000 000 pkt: jest 9 950 000 pkt, a to przyznanie dodałoby 50 001 pkt.',
            ),
          ),
        ));
  });

  describe('when the card holds 9 995 stamps', () => {
    const near = () => history().stamped(9_995, '2026-02-01T10:00:00.000Z').events;

    it('5 more make 10 000 and are booked; 6 more are refused, naming the limit', () => {
      spec
        .given(near())
        .when(addStamps(5))
        .then([
          expect.objectContaining({
            type: 'StampsAdded',
            data: expect.objectContaining({ balance: expect.objectContaining({ stamps: 10_000 }) }),
          }) as CardEvent,
        ]);
      spec
        .given(near())
        .when(addStamps(6))
        .thenThrows(
          CardRuleError,
          expectRule(
            'CARD.BALANCE_LIMIT',
            nb('Na karcie może być najwyżej 10 000 pieczątek: jest 9\u00a0995, a to przyznanie dodałoby 6.'),
          ),
        );
    });
  });
});
