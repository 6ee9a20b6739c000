import { describe, expect, it } from 'vitest';
import { posterFileName, slugify } from './download';

describe('poster file names', () => {
  it.each([
    ['Kawa & Ciasto — Łódź', 'kawa-ciasto-lodz'],
    ['Zażółć gęślą jaźń', 'zazolc-gesla-jazn'],
    ['  Program 10+1  ', 'program-10-1'],
    ['!!!', 'program'],
    ['x'.repeat(100), 'x'.repeat(60)],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('names the PDF after the program', () => {
    expect(posterFileName('Pieczątki za kawę')).toBe('plakat-pieczatki-za-kawe.pdf');
  });
});
