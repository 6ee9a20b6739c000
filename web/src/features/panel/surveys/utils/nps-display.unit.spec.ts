import { describe, expect, it } from 'vitest';
import { answersNeeded, formatNps, monthLabel, percent, weekLabel } from './nps-display';

describe('NPS in the panel', () => {
  it('signs the score', () => {
    expect(formatNps(40)).toBe('+40');
    expect(formatNps(0)).toBe('0');
    expect(formatNps(-100)).toBe('−100');
  });
  it('names months and weeks in Polish', () => {
    expect(monthLabel('2026-11')).toBe('listopad 2026');
    expect(weekLabel('2026-11-16')).toBe('tydzień od 16.11.2026');
  });
  it('says how many answers are missing', () =>
    expect(answersNeeded(5, 2)).toContain('brakuje jeszcze 2 odpowiedzi'));
  it('rounds shares', () => expect(percent(1, 3)).toBe(33));
});
