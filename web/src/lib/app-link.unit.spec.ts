import { describe, expect, it } from 'vitest';
import { isPlainClick, opensInApp } from './app-link';

const click = {
  defaultPrevented: false,
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
};
const ORIGIN = 'https://punkto.pl';
const anchor = (fields: { target?: string; origin?: string; download?: boolean } = {}) => ({
  target: fields.target ?? '',
  origin: fields.origin ?? ORIGIN,
  hasAttribute: (name: string) => name === 'download' && fields.download === true,
});

describe('clicks the app handles itself', () => {
  it('a plain left click is one', () => {
    expect(isPlainClick(click)).toBe(true);
  });

  it('a click already handled, another button, or one with a modifier key is not', () => {
    expect(isPlainClick({ ...click, defaultPrevented: true })).toBe(false);
    expect(isPlainClick({ ...click, button: 1 })).toBe(false);
    for (const key of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const)
      expect(isPlainClick({ ...click, [key]: true }), key).toBe(false);
  });
});

describe('links the app opens itself', () => {
  it('a same-origin link for this tab', () => {
    expect(opensInApp(anchor(), ORIGIN)).toBe(true);
  });

  it('not one for another tab, a download, or another origin', () => {
    expect(opensInApp(anchor({ target: '_blank' }), ORIGIN)).toBe(false);
    expect(opensInApp(anchor({ download: true }), ORIGIN)).toBe(false);
    expect(opensInApp(anchor({ origin: 'https://example.com' }), ORIGIN)).toBe(false);
  });
});
