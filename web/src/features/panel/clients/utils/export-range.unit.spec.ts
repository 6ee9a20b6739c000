import { describe, expect, it } from 'vitest';
import { defaultExportRange, exportRangeErrors, progressLabel, warsawToday } from './export-range';

describe('the transactions export dialog', () => {
  describe('given the time now', () => {
    it('starts with the last 30 Warsaw days, today included', () => {
      // 23:30 UTC on 31 December is already 1 January in Poland
      expect(warsawToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
      expect(defaultExportRange(new Date('2026-11-25T12:00:00Z'))).toEqual({
        from: '2026-10-27',
        to: '2026-11-25',
      });
    });
  });

  describe('given the dates typed', () => {
    it('accepts a range of up to 366 days', () => {
      expect(exportRangeErrors({ from: '2024-01-01', to: '2024-12-31' })).toBeNull();
      expect(exportRangeErrors({ from: '2026-11-25', to: '2026-11-25' })).toBeNull();
    });

    it('says in Polish what is wrong', () => {
      expect(exportRangeErrors({ from: '', to: '2026-11-25' })).toEqual({
        from: 'Podaj datę w formacie RRRR-MM-DD.',
      });
      expect(exportRangeErrors({ from: '2026-11-26', to: '2026-11-25' })).toEqual({
        from: 'Data początkowa nie może być późniejsza niż końcowa.',
      });
      expect(exportRangeErrors({ from: '2025-01-01', to: '2026-01-02' })).toEqual({
        from: 'Zakres dat może obejmować najwyżej 366 dni.',
      });
      expect(exportRangeErrors({ from: '2026-11-01', to: '2026-02-30' })).toEqual({
        to: 'Podaj datę w formacie RRRR-MM-DD.',
      });
    });
  });

  describe('given the rows received', () => {
    it('counts them against the total in Polish', () => {
      expect(progressLabel({ rows: 1200, total: 10_000 })).toBe('Pobrano 1\u00a0200 z 10\u00a0000 wierszy');
      expect(progressLabel({ rows: 0, total: 1 })).toBe('Pobrano 0 z 1 wiersza');
      expect(progressLabel({ rows: 3, total: null })).toBe('Pobrano 3 wiersze');
      expect(progressLabel({ rows: 12, total: null })).toBe('Pobrano 12 wierszy');
      expect(progressLabel({ rows: 1, total: null })).toBe('Pobrano 1 wiersz');
    });
  });
});
