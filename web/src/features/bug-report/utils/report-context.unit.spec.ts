import { describe, expect, it } from 'vitest';
import { collectReportContext, widgetSide } from './report-context';

describe('the bug-report widget', () => {
  it.each([
    ['/', 'left'],
    ['/klient', 'right'],
    ['/panel/programy', 'right'],
    ['/blog', 'right'],
  ] as const)('on %s sits bottom-%s', (path, side) => {
    expect(widgetSide(path)).toBe(side);
  });

  it('collects the page, the browser and the window size', () => {
    expect(
      collectReportContext({
        location: { href: 'https://punkto.pl/klient?x=1' },
        navigator: { userAgent: 'Chrome/131', language: 'pl-PL' },
        innerWidth: 390.4,
        innerHeight: 844,
      }),
    ).toEqual({
      page: 'https://punkto.pl/klient?x=1',
      userAgent: 'Chrome/131',
      viewport: { width: 390, height: 844 },
      language: 'pl-PL',
    });
  });
});
