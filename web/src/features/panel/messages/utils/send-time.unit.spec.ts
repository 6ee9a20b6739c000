import { describe, expect, it } from 'vitest';
import { isQuietHour, warsawInputs, warsawToIso } from './send-time';

describe('a send time typed in Warsaw time', () => {
  it('carries Warsaw’s winter and summer offsets', () => {
    expect(warsawToIso('2026-12-05', '09:30')).toBe('2026-12-05T09:30:00+01:00');
    expect(warsawToIso('2026-07-01', '18:00')).toBe('2026-07-01T18:00:00+02:00');
  });

  it('is the same instant whatever the browser’s zone', () => {
    expect(new Date(warsawToIso('2026-12-05', '00:15')!).toISOString()).toBe('2026-12-04T23:15:00.000Z');
  });

  it('resolves a time skipped by the spring clock change to a real instant', () => {
    const iso = warsawToIso('2026-03-29', '02:30')!;
    expect(warsawInputs(new Date(iso))).toEqual({ date: '2026-03-29', time: '03:30' });
  });

  it('refuses an incomplete or impossible date', () => {
    expect(warsawToIso('', '10:00')).toBeNull();
    expect(warsawToIso('2026-02-30', '10:00')).toBeNull();
    expect(warsawToIso('2026-02-10', '24:00')).toBeNull();
  });

  it('gives the fields’ values of an instant in Warsaw', () => {
    expect(warsawInputs(new Date('2026-11-26T23:05:00Z'))).toEqual({ date: '2026-11-27', time: '00:05' });
  });
});

describe('the quiet hours (21:00–8:00 Warsaw)', () => {
  it.each([
    ['2026-11-26T19:59:00Z', false], // 20:59
    ['2026-11-26T20:00:00Z', true], // 21:00
    ['2026-11-27T06:59:00Z', true], // 7:59
    ['2026-11-27T07:00:00Z', false], // 8:00
    ['2026-07-01T06:30:00Z', false], // 8:30 in summer
    ['2026-07-01T19:00:00Z', true], // 21:00 in summer
  ])('%s → %s', (iso, quiet) => {
    expect(isQuietHour(new Date(iso))).toBe(quiet);
  });
});
