import { describe, expect, it } from 'vitest';
import { npsFigures, npsResults, type ScoredAnswer } from './nps';

const answers = (scores: number[], visitWeek = '2026-11-16'): ScoredAnswer[] =>
  scores.map((score) => ({ score, comment: null, visitWeek }));

describe('NPS on the 1–10 scale', () => {
  it('all 6s: every answer a detractor, −100', () =>
    expect(npsFigures([6, 6, 6, 6, 6])).toEqual({
      responses: 5,
      nps: -100,
      promoters: 0,
      passives: 0,
      detractors: 5,
    }));

  it('all 9s: every answer a promoter, +100', () => expect(npsFigures([9, 9, 9, 9, 9]).nps).toBe(100));

  it('all 7s and 8s: passives only, 0', () =>
    expect(npsFigures([7, 8, 7, 8, 7])).toMatchObject({ nps: 0, passives: 5 }));

  it('the band edges: 1 and 6 detract, 7 and 8 are passive, 9 and 10 promote', () =>
    expect(npsFigures([1, 6, 7, 8, 9, 10])).toEqual({
      responses: 6,
      nps: 0,
      promoters: 2,
      passives: 2,
      detractors: 2,
    }));

  it('a mix: 3 promoters, 1 passive, 1 detractor of 5 → 40', () =>
    expect(npsFigures([10, 9, 9, 8, 2]).nps).toBe(40));

  it('rounds to a whole number: 2 promoters, 1 detractor of 6 → 17', () =>
    expect(npsFigures([9, 9, 7, 7, 7, 3]).nps).toBe(17));
});

describe('the anonymity threshold of 5 answers', () => {
  it('4 answers: only how many there are, and that one more is needed', () => {
    const results = npsResults([
      { score: 10, comment: 'Świetnie', visitWeek: '2026-11-16' },
      ...answers([9, 3, 7]),
    ]);
    expect(results.total).toEqual({
      responses: 4,
      nps: null,
      promoters: null,
      passives: null,
      detractors: null,
    });
    expect(results.missing).toBe(1);
    expect(results.comments).toEqual([]);
    expect(results.trend).toEqual([]);
  });

  it('5 answers: the score, the comments newest week first, the months (each from 5 answers)', () => {
    const results = npsResults([
      { score: 10, comment: 'Świetnie', visitWeek: '2026-10-26' },
      { score: 2, comment: 'Za długo czekałem', visitWeek: '2026-11-16' },
      ...answers([9, 9], '2026-10-19'),
      ...answers([8], '2026-11-09'),
    ]);
    expect(results.missing).toBe(0);
    expect(results.total.nps).toBe(40);
    expect(results.comments).toEqual([
      { visitWeek: '2026-11-16', score: 2, comment: 'Za długo czekałem' },
      { visitWeek: '2026-10-26', score: 10, comment: 'Świetnie' },
    ]);
    expect(results.trend).toEqual([
      { month: '2026-10', responses: 3, nps: null, promoters: null, passives: null, detractors: null },
      { month: '2026-11', responses: 2, nps: null, promoters: null, passives: null, detractors: null },
    ]);
  });
});
