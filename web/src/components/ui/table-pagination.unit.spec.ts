import { describe, expect, it } from 'vitest';
import { nextSort } from './sortable-th';
import { resultsLabel } from './table-pagination';

describe('table helpers', () => {
  it.each([
    [0, '0 wyników'],
    [1, '1 wynik'],
    [2, '2 wyniki'],
    [4, '4 wyniki'],
    [5, '5 wyników'],
    [12, '12 wyników'],
    [22, '22 wyniki'],
    [114, '114 wyników'],
  ])('%i → %s', (count, label) => {
    expect(resultsLabel(count)).toBe(label);
  });

  it('sorting: the same column flips, another column starts ascending', () => {
    expect(nextSort({ by: 'name', descending: false }, 'name')).toEqual({ by: 'name', descending: true });
    expect(nextSort({ by: 'name', descending: true }, 'name')).toEqual({ by: 'name', descending: false });
    expect(nextSort({ by: 'name', descending: true }, 'email')).toEqual({ by: 'email', descending: false });
  });
});
