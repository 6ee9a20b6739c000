import { describe, expect, it } from 'vitest';
import {
  cellsOf,
  fileSizeProblem,
  foldHeader,
  guessColumns,
  previewRows,
  toTable,
  unansweredRows,
  unusedColumns,
} from './client-import';

const SAMPLE_HEADERS = [
  'Imię i nazwisko',
  'E-mail',
  'Telefon',
  'Punkty',
  'Pieczątki',
  'Urodziny DD.MM',
  'Zgoda na wiadomości tak/nie',
];

describe('the import file in the panel', () => {
  it('recognises the sample’s Polish headers, the birthday column too', () => {
    const map = guessColumns(SAMPLE_HEADERS);
    expect(map).toEqual({
      name: [0],
      email: [1],
      phone: [2],
      points: [3],
      stamps: [4],
      birthday: [5],
      consent: [6],
    });
    expect(unusedColumns(SAMPLE_HEADERS, map)).toEqual([]);
    expect(foldHeader('  Pieczątki ')).toBe('pieczatki');
  });

  it.each([
    'Urodziny',
    'Data urodzenia',
    'Dzień urodzin',
    'data urodzin (DD.MM)',
    'Birthday',
    'Date of birth',
  ])('recognises %j as the birthday column', (header) => {
    expect(guessColumns(['Imię i nazwisko', 'Telefon', header]).birthday).toEqual([2]);
  });

  it('reads an XLSX date cell as the birthday, the year dropped', () => {
    const table = toTable([
      ['Imię i nazwisko', 'Telefon', 'Data urodzenia'],
      ['Łucja Żak', 600100200, new Date(Date.UTC(1985, 2, 14))],
    ]);
    const cells = cellsOf(table, guessColumns(table.headers), 0);
    expect(cells.birthday).toBe('1985-03-14');
    expect(previewRows([cells])[0]!.errors).toEqual([]);
  });

  it('joins a first-name and a surname column', () => {
    const table = toTable([
      ['Imię', 'Nazwisko', 'Tel.'],
      ['Łucja', 'Żak', 600100200],
    ]);
    const map = guessColumns(table.headers);
    expect(map.name).toEqual([0, 1]);
    expect(cellsOf(table, map, 0)).toMatchObject({ row: 2, name: 'Łucja Żak', phone: '600100200' });
  });

  it('validates each row with the server’s rules and marks a repeated client with the row it repeats', () => {
    const table = toTable([
      SAMPLE_HEADERS,
      ['Anna Kowalska', 'anna@example.com', '', '10', '', '', 'tak'],
      ['', '', '', '', '', '', ''],
      ['Anna K.', 'ANNA@example.com', '', '5', '', '', ''],
      ['Jan', 'zly-adres', '', 'dużo', '', '', ''],
    ]);
    expect(table.rows).toHaveLength(3); // the empty row is no row, and the others keep their lines
    expect(table.lines).toEqual([2, 4, 5]);
    const map = guessColumns(table.headers);
    const preview = previewRows(table.rows.map((_, i) => cellsOf(table, map, i)));
    expect(preview[0]!.errors).toEqual([]);
    expect(preview[1]!.errors).toEqual([
      { field: null, message: 'Ten sam klient jest już w wierszu 2 pliku.' },
    ]);
    expect(preview[2]!.errors.map((e) => e.field)).toEqual(['email', 'points']);
    expect(preview[2]!.cells.row).toBe(5);
  });

  it('a retry sends only the rows no batch answered yet', () => {
    const rows = [2, 3, 4, 5].map((row) => ({ row, name: `Klient ${row}`, email: `k${row}@example.pl` }));
    expect(unansweredRows(rows, [{ row: 2 }, { row: 3 }]).map((r) => r.row)).toEqual([4, 5]);
    expect(unansweredRows(rows, []).map((r) => r.row)).toEqual([2, 3, 4, 5]);
  });

  it('reads no file over 20 MB, and says why in Polish', () => {
    expect(fileSizeProblem(5 * 1024 * 1024)).toBeNull();
    expect(fileSizeProblem(20 * 1024 * 1024)).toBeNull();
    expect(fileSizeProblem(31.5 * 1024 * 1024)).toBe(
      'Plik ma 31,5 MB. Jednorazowo można wczytać plik do 20 MB — podziel go na części.',
    );
  });
});
