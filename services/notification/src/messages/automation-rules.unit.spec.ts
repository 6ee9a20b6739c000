import { describe, expect, it } from 'vitest';
import { warsawDate } from '@punkto/contracts/warsaw-time';
import {
  balanceOf,
  expiryStillAhead,
  expiryWarningOccurrence,
  lastVisitDay,
  returnedAfter,
  rewardCrossed,
  waitsForMorning,
  welcomeDue,
  winBackDue,
} from './automation-rules';
import { nextSweepAt } from './automation-triggers';
import { afterQuietHours } from '../shared/quiet-hours';

const rewards = [
  { name: 'Kawa', cost: 10, active: true },
  { name: 'Ciasto', cost: 20, active: true },
  { name: 'Stara nagroda', cost: 5, active: false },
];

describe('welcome', () => {
  it('is due for the person’s first card in the company only', () => {
    expect(welcomeDue('c1', [{ cardId: 'c1' }])).toBe(true);
    // a second program's card: the person joined earlier
    expect(welcomeDue('c2', [{ cardId: 'c1' }, { cardId: 'c2' }])).toBe(false);
  });
});

describe('reward ready', () => {
  it('is due when the balance crosses a reward’s cost upwards, naming the dearest crossed', () => {
    expect(rewardCrossed(9, 10, rewards)).toEqual({ name: 'Kawa', cost: 10 });
    expect(rewardCrossed(8, 25, rewards)).toEqual({ name: 'Ciasto', cost: 20 });
  });

  it('is not due again while the balance stays above the cost, nor for inactive rewards or a drop', () => {
    expect(rewardCrossed(10, 11, rewards)).toBeNull();
    expect(rewardCrossed(12, 2, rewards)).toBeNull();
    expect(rewardCrossed(3, 6, rewards)).toBeNull();
  });

  it('is due again after the balance dropped below the cost and climbs back', () => {
    expect(rewardCrossed(0, 10, rewards)).toEqual({ name: 'Kawa', cost: 10 });
  });

  it('reads stamps on a stamp card and points otherwise', () => {
    expect(balanceOf({ points: 3, stamps: 7 }, 'stamps')).toBe(7);
    expect(balanceOf({ points: 3, stamps: 7 }, 'points')).toBe(3);
    expect(balanceOf({ points: 3, stamps: 7 }, 'tiers')).toBe(3);
  });
});

describe('win-back', () => {
  const card = (days: string[], kinds = 'a'.repeat(days.length)) => ({ days, kinds });

  it('takes the last visit over all the person’s cards, voided entries not counted', () => {
    expect(lastVisitDay([card(['2026-01-01', '2026-02-01']), card(['2026-03-01'], 'x')])).toBe('2026-02-01');
    expect(lastVisitDay([card([])])).toBeNull();
  });

  it('is due exactly N Warsaw days after the last visit', () => {
    expect(winBackDue('2026-10-01', '2026-10-31', 30)).toBe(true);
    expect(winBackDue('2026-10-01', '2026-10-30', 30)).toBe(false);
    expect(winBackDue('2026-10-01', '2026-11-01', 30)).toBe(false);
    expect(winBackDue(null, '2026-11-01', 30)).toBe(false);
  });

  it('counts calendar days across the daylight-saving changes', () => {
    // 2026-03-29 (CEST from 02:00) and 2026-10-25 (CET from 03:00) have 23 and 25 hours
    expect(winBackDue('2026-03-15', '2026-04-14', 30)).toBe(true);
    expect(winBackDue('2026-10-10', '2026-11-09', 30)).toBe(true);
    // a visit at 00:30 Warsaw on the day after the change is that day, not the UTC one before
    expect(warsawDate(new Date('2026-03-29T22:30:00Z'))).toBe('2026-03-30');
    expect(warsawDate(new Date('2026-10-25T23:30:00Z'))).toBe('2026-10-26');
  });

  it('counts across the year boundary and a leap day', () => {
    expect(winBackDue('2026-12-15', '2027-01-14', 30)).toBe(true);
    expect(winBackDue('2027-12-31', '2028-03-01', 61)).toBe(true);
  });

  it('sweeps daily at 10:00 Warsaw, in winter and summer time', () => {
    expect(nextSweepAt(new Date('2026-11-29T08:00:00Z')).toISOString()).toBe('2026-11-29T09:00:00.000Z');
    expect(nextSweepAt(new Date('2026-11-29T09:00:00Z')).toISOString()).toBe('2026-11-30T09:00:00.000Z');
    expect(nextSweepAt(new Date('2026-06-30T12:00:00Z')).toISOString()).toBe('2026-07-01T08:00:00.000Z');
    // the night of the spring change: the next morning is in summer time
    expect(nextSweepAt(new Date('2026-03-28T20:00:00Z')).toISOString()).toBe('2026-03-29T08:00:00.000Z');
  });
});

describe('quiet hours for an automatic message', () => {
  it('defers one triggered at night to 08:00 Warsaw, across the new year', () => {
    expect(afterQuietHours(new Date('2026-12-31T21:30:00Z')).toISOString()).toBe('2027-01-01T07:00:00.000Z');
    expect(afterQuietHours(new Date('2026-07-01T05:00:00Z')).toISOString()).toBe('2026-07-01T06:00:00.000Z');
    const day = new Date('2026-07-01T10:00:00Z');
    expect(afterQuietHours(day)).toBe(day);
  });
});

describe('the effect', () => {
  const card = (days: string[], kinds = 'a'.repeat(days.length)) => ({ days, kinds });

  it('counts a visit on one of the 14 days after the message', () => {
    expect(returnedAfter('2026-12-25', [card(['2026-12-20', '2027-01-08'])])).toBe(true);
    expect(returnedAfter('2026-12-25', [card(['2027-01-09'])])).toBe(false);
    // the message’s own day may hold the visit before it; a voided one is no visit
    expect(returnedAfter('2026-12-25', [card(['2026-12-25'])])).toBe(false);
    expect(returnedAfter('2026-12-25', [card(['2026-12-26'], 'x')])).toBe(false);
  });
});

describe('the expiry warning', () => {
  const warning = { cardId: 'c1', on: '2026-12-13', daysBefore: 30 };

  it('is one message per card, expiry date and days before it', () => {
    // the same warning recorded or delivered again: the same occurrence, nothing more is sent
    expect(expiryWarningOccurrence({ ...warning })).toBe(expiryWarningOccurrence(warning));
    const others = [
      { ...warning, daysBefore: 3 },
      { ...warning, on: '2027-01-13' },
      { ...warning, cardId: 'c2' },
    ].map(expiryWarningOccurrence);
    expect(new Set([expiryWarningOccurrence(warning), ...others]).size).toBe(4);
  });

  it('is not sent once the expiry day has come (a warning delivered late announces nothing)', () => {
    expect(expiryStillAhead('2026-12-13', '2026-12-12')).toBe(true);
    expect(expiryStillAhead('2026-12-13', '2026-12-13')).toBe(false);
    expect(expiryStillAhead('2027-01-01', '2026-12-31')).toBe(true);
  });
});

describe('the quiet hours', () => {
  it('hold back the wallet of every kind, and the expiry warning on every channel', () => {
    expect(waitsForMorning('welcome', { wallet: true })).toBe(true);
    expect(waitsForMorning('welcome', { wallet: false })).toBe(false);
    expect(waitsForMorning('expiry_warning', { wallet: false })).toBe(true);
  });
});
