import { BirthdayErrors, type Birthday } from '@punkto/contracts/birthdays';
import { deciderSpecification } from '@punkto/platform/es/decider-specification';
import { describe, expect, it } from 'vitest';
import type { CardEvent } from '../cards/card';
import { cardDecider } from '../cards/card.decider';
import { CardClosedError, CardRuleError } from '../cards/card.errors';
import { cardIssued } from '../testing/mothers';
import type { GrantBirthdayReward, RedeemBirthdayReward } from './birthday.commands';
import { birthdayIn, windowContaining } from './birthday-window';

const spec = deciderSpecification(cardDecider);
const SETTING = { name: 'Darmowa kawa na urodziny', daysBefore: 7, daysAfter: 7 };

const grant = (
  now: string,
  birthday: Birthday | null = { day: 15, month: 6 },
  setting: GrantBirthdayReward['data']['setting'] = SETTING,
): GrantBirthdayReward => ({
  type: 'GrantBirthdayReward',
  data: { birthday, setting },
  metadata: { now: new Date(now) },
});

const redeem = (now: string, commandId = 'cmd-b1'): RedeemBirthdayReward => ({
  type: 'RedeemBirthdayReward',
  data: { commandId, employeeId: 'emp1' },
  metadata: { now: new Date(now) },
});

const granted = (year: number, validFrom: string, validUntil: string, grantedAt: string): CardEvent => ({
  type: 'BirthdayRewardGranted',
  data: {
    cardId: 'c1',
    tenantId: 't1',
    programId: 'p1',
    year,
    name: SETTING.name,
    validFrom,
    validUntil,
    grantedAt,
  },
});

const redeemed = (year: number, redeemedAt: string, commandId = 'cmd-b0'): CardEvent => ({
  type: 'BirthdayRewardRedeemed',
  data: { cardId: 'c1', commandId, year, name: SETTING.name, employeeId: 'emp1', redeemedAt },
});

describe('birthday reward: the window', () => {
  it('29 February is 28 February in a year without it, and itself in a leap year', () => {
    expect(birthdayIn(2027, { day: 29, month: 2 })).toBe('2027-02-28');
    expect(birthdayIn(2028, { day: 29, month: 2 })).toBe('2028-02-29');
  });

  it('a 31 December birthday: its days after fall in January, still the birthday of the year before', () => {
    const w = windowContaining('2027-01-03', { day: 31, month: 12 }, SETTING);
    expect(w).toEqual({ year: 2026, validFrom: '2026-12-24', validUntil: '2027-01-07' });
  });

  it('a 1 January birthday: its days before fall in December, already the birthday of the next year', () => {
    const w = windowContaining('2026-12-28', { day: 1, month: 1 }, SETTING);
    expect(w).toEqual({ year: 2027, validFrom: '2026-12-25', validUntil: '2027-01-08' });
  });

  it('no window outside the days around the birthday', () =>
    expect(windowContaining('2026-06-23', { day: 15, month: 6 }, SETTING)).toBeNull());
});

describe('birthday reward: GrantBirthdayReward', () => {
  it('given an active card, when today (Warsaw) is the first day of the window, then the reward is granted', () =>
    spec
      .given([cardIssued()])
      .when(grant('2026-06-08T08:00:00.000Z'))
      .then([granted(2026, '2026-06-08', '2026-06-22', '2026-06-08T08:00:00.000Z')]));

  it('the Warsaw day counts, not UTC: 22:30 UTC on 7 June is already 8 June in Warsaw (summer time)', () =>
    spec
      .given([cardIssued()])
      .when(grant('2026-06-07T22:30:00.000Z'))
      .then([granted(2026, '2026-06-08', '2026-06-22', '2026-06-07T22:30:00.000Z')]));

  it('the day after the window (Warsaw) grants nothing', () =>
    spec.given([cardIssued()]).when(grant('2026-06-22T22:00:00.000Z')).thenNothingHappens());

  it('on the spring DST night (29 March 2026) the Warsaw day starts at 23:00 UTC the day before', () => {
    const birthday = { day: 5, month: 4 }; // window 29 March – 12 April
    spec.given([cardIssued()]).when(grant('2026-03-28T22:59:00.000Z', birthday)).thenNothingHappens();
    spec
      .given([cardIssued()])
      .when(grant('2026-03-28T23:00:00.000Z', birthday))
      .then([granted(2026, '2026-03-29', '2026-04-12', '2026-03-28T23:00:00.000Z')]);
  });

  it('on the autumn DST day (25 October 2026, 25 hours) the window ends at Warsaw midnight, 23:00 UTC', () => {
    const birthday = { day: 18, month: 10 }; // window 11 – 25 October
    spec
      .given([cardIssued()])
      .when(grant('2026-10-25T22:59:00.000Z', birthday))
      .then([granted(2026, '2026-10-11', '2026-10-25', '2026-10-25T22:59:00.000Z')]);
    spec.given([cardIssued()]).when(grant('2026-10-25T23:00:00.000Z', birthday)).thenNothingHappens();
  });

  it('given the reward of this birthday year, when the sweep runs again, then nothing (once a year)', () =>
    spec
      .given([cardIssued(), granted(2026, '2026-06-08', '2026-06-22', '2026-06-08T08:00:00.000Z')])
      .when(grant('2026-06-09T08:00:00.000Z'))
      .thenNothingHappens());

  it('given a reward in June, when the birthday is changed to September, then no second reward this year', () =>
    spec
      .given([cardIssued(), granted(2026, '2026-06-08', '2026-06-22', '2026-06-08T08:00:00.000Z')])
      .when(grant('2026-09-10T08:00:00.000Z', { day: 12, month: 9 }))
      .thenNothingHappens());

  it('given a 31 December reward, when the birthday is changed to 2 January, then none again days later', () =>
    spec
      .given([cardIssued(), granted(2026, '2026-12-24', '2027-01-07', '2026-12-24T08:00:00.000Z')])
      .when(grant('2027-01-02T08:00:00.000Z', { day: 2, month: 1 }))
      .thenNothingHappens());

  it('given last year’s reward, when the next birthday comes, then it is granted again', () =>
    spec
      .given([cardIssued(), granted(2026, '2026-06-08', '2026-06-22', '2026-06-08T08:00:00.000Z')])
      .when(grant('2027-06-08T08:00:00.000Z'))
      .then([granted(2027, '2027-06-08', '2027-06-22', '2027-06-08T08:00:00.000Z')]));

  it('given a 29 February birthday granted in a leap year, the next year’s (28 February) is granted', () =>
    spec
      .given([cardIssued(), granted(2028, '2028-02-22', '2028-03-07', '2028-02-22T08:00:00.000Z')])
      .when(grant('2029-02-21T08:00:00.000Z', { day: 29, month: 2 }))
      .then([granted(2029, '2029-02-21', '2029-03-07', '2029-02-21T08:00:00.000Z')]));

  it('no birthday, no setting, or a closed card: nothing', () => {
    spec.given([cardIssued()]).when(grant('2026-06-15T08:00:00.000Z', null)).thenNothingHappens();
    spec
      .given([cardIssued()])
      .when(grant('2026-06-15T08:00:00.000Z', undefined, null))
      .thenNothingHappens();
    spec
      .given([
        cardIssued(),
        {
          type: 'CardClosed',
          data: { cardId: 'c1', reason: 'client_removed', closedAt: '2026-06-01T00:00:00.000Z' },
        },
      ])
      .when(grant('2026-06-15T08:00:00.000Z'))
      .thenNothingHappens();
  });
});

describe('birthday reward: RedeemBirthdayReward', () => {
  const withReward = [cardIssued(), granted(2026, '2026-06-08', '2026-06-22', '2026-06-08T08:00:00.000Z')];

  it('given a granted reward, when staff give it out within the window, then it is redeemed (no points)', () =>
    spec
      .given(withReward)
      .when(redeem('2026-06-15T10:00:00.000Z', 'cmd-b0'))
      .then([redeemed(2026, '2026-06-15T10:00:00.000Z')]));

  it('given it was given out, when staff try again, then refused; the same request again decides nothing', () => {
    const given = [...withReward, redeemed(2026, '2026-06-15T10:00:00.000Z')];
    spec
      .given(given)
      .when(redeem('2026-06-16T10:00:00.000Z', 'cmd-b2'))
      .thenThrows(CardRuleError, (e) => expect(e.code).toBe(BirthdayErrors.alreadyRedeemed.code));
    spec.given(given).when(redeem('2026-06-15T10:00:01.000Z', 'cmd-b0')).thenNothingHappens();
  });

  it('outside the window (the Warsaw day after it) staff are refused', () =>
    spec
      .given(withReward)
      .when(redeem('2026-06-22T22:00:00.000Z'))
      .thenThrows(CardRuleError, (e) => expect(e.code).toBe(BirthdayErrors.outsideWindow.code)));

  it('a card without a birthday reward: refused; a closed card: closed', () => {
    spec
      .given([cardIssued()])
      .when(redeem('2026-06-15T10:00:00.000Z'))
      .thenThrows(CardRuleError, (e) => expect(e.code).toBe(BirthdayErrors.none.code));
    spec
      .given([
        ...withReward,
        {
          type: 'CardClosed',
          data: { cardId: 'c1', reason: 'client_removed', closedAt: '2026-06-10T00:00:00.000Z' },
        },
      ])
      .when(redeem('2026-06-15T10:00:00.000Z'))
      .thenThrows(CardClosedError);
  });
});
