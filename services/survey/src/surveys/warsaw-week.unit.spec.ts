import { describe, expect, it } from 'vitest';
import { warsawWeekOf } from './warsaw-week';

describe('the Monday of the visit week in Warsaw', () => {
  it('Monday morning is its own week', () =>
    expect(warsawWeekOf(new Date('2026-11-23T06:00:00.000Z'))).toBe('2026-11-23'));
  it('Sunday 23:30 in Warsaw (22:30 UTC) belongs to the week before', () =>
    expect(warsawWeekOf(new Date('2026-11-29T22:30:00.000Z'))).toBe('2026-11-23'));
  it('Monday 00:30 in Warsaw (Sunday 23:30 UTC) starts the new week', () =>
    expect(warsawWeekOf(new Date('2026-11-29T23:30:00.000Z'))).toBe('2026-11-30'));
  it('in summer time too (UTC+2)', () =>
    expect(warsawWeekOf(new Date('2026-07-12T22:30:00.000Z'))).toBe('2026-07-13'));
});
