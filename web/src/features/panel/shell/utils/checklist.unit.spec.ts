import { describe, expect, it } from 'vitest';
import { checklistOf } from './checklist';

const image = { url: '/a.png', renditions: {}, contentHash: 'a', uploadedAt: '2026-01-01T00:00:00.000Z' };

describe('the start page checklist', () => {
  it("shows the tenant service's missing steps with its Polish hints and where to fix them", () => {
    const items = checklistOf(
      {
        configured: false,
        missing: [
          { key: 'activeProgram', message: 'Utwórz co najmniej jeden aktywny program lojalnościowy.' },
        ],
      },
      { logo: image, heroImage: null },
    );
    expect(items.map((i) => [i.key, i.done])).toEqual([
      ['companyData', true],
      ['address', true],
      ['activeProgram', false],
      ['logo', true],
      ['heroImage', false],
    ]);
    expect(items[2]).toMatchObject({
      hint: 'Utwórz co najmniej jeden aktywny program lojalnościowy.',
      link: { to: '/panel/programy/nowy' },
    });
  });

  it('a configured company without branding still has the recommended steps open', () => {
    const items = checklistOf({ configured: true, missing: [] }, undefined);
    expect(items.filter((i) => !i.done).map((i) => i.key)).toEqual(['logo', 'heroImage']);
  });
});
