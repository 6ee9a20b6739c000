import { describe, expect, it } from 'vitest';
import { scrollToUncover } from './bottom-banner-space';

// a 390×844 phone with a 140 px cookie banner: its top edge at 704 px
const BANNER_TOP = 704;
const WINDOW = 844;

describe('bringing a primary control out from under the cookie banner', () => {
  it('given a submit button under the banner, when the banner appears, then the page scrolls it just above', () => {
    expect(scrollToUncover(BANNER_TOP, WINDOW, [{ top: 720, bottom: 756 }])).toBe(756 - 704 + 8);
  });

  it('given controls above the banner or below the window, then nothing moves', () => {
    expect(scrollToUncover(BANNER_TOP, WINDOW, [{ top: 600, bottom: 636 }])).toBe(0);
    expect(scrollToUncover(BANNER_TOP, WINDOW, [{ top: 900, bottom: 936 }])).toBe(0);
    expect(scrollToUncover(BANNER_TOP, WINDOW, [{ top: 700, bottom: 700 }])).toBe(0); // no height: not shown
  });

  it('given two covered controls, then the page scrolls enough for the lower one', () => {
    expect(
      scrollToUncover(BANNER_TOP, WINDOW, [
        { top: 690, bottom: 726 },
        { top: 780, bottom: 816 },
      ]),
    ).toBe(816 - 704 + 8);
  });

  it('given a control that would end under the header once moved, then it is left where it is', () => {
    expect(scrollToUncover(BANNER_TOP, WINDOW, [{ top: 100, bottom: 800 }])).toBe(0);
  });
});
