import { describe, expect, it } from 'vitest';
import { imageOpacity, statusOfElement } from './image-status';

describe('blog image state (SPEC §2)', () => {
  it('is invisible while loading, fully visible once loaded and at half opacity after an error', () => {
    expect(imageOpacity('loading')).toBe(0);
    expect(imageOpacity('loaded')).toBe(1);
    expect(imageOpacity('error')).toBe(0.5);
  });

  it('reads the state of an image that finished before its events were seen', () => {
    expect(statusOfElement({ complete: false, naturalWidth: 0 })).toBe('loading');
    expect(statusOfElement({ complete: true, naturalWidth: 1200 })).toBe('loaded');
    expect(statusOfElement({ complete: true, naturalWidth: 0 })).toBe('error');
  });
});
