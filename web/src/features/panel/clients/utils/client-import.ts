import {
  ImportMessages,
  importKeyOf,
  readImportRow,
  type ImportField,
  type ImportRowCells,
  type ImportRowError,
} from '@punkto/contracts/client-import';

/**
 * "Switch from paper" in the panel (ADR 0059): the file as a table, its columns mapped to the import's fields, each
 * row validated with the server's own rules (contracts/client-import.ts) and checked for duplicates within the file.
 * Pure, except `readTable`, which loads the CSV or XLSX reader only when a file is chosen.
 */

/** `lines`: each row's line in the file (1 = the first), so errors name the line the owner sees in the sheet */
export type Table = { headers: string[]; rows: string[][]; lines: number[] };
/** for each field, the columns it is read from (the name may be two: first name and surname) */
export type ColumnMap = Record<ImportField, number[]>;

export const IMPORT_FIELDS: readonly ImportField[] = [
  'name',
  'email',
  'phone',
  'points',
  'stamps',
  'consent',
  'birthday',
];
export const importFieldLabels: Record<ImportField, string> = {
  name: 'Imię i nazwisko',
  email: 'E-mail',
  phone: 'Telefon',
  points: 'Punkty',
  stamps: 'Pieczątki',
  consent: 'Zgoda na wiadomości',
  birthday: 'Urodziny',
};

/** `Imię i nazwisko` → `imie i nazwisko`: headers compared without case, diacritics or punctuation */
export const foldHeader = (header: string) =>
  header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'l')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const HEADER_WORDS: Record<ImportField, RegExp> = {
  name: /^(imie i nazwisko|imie nazwisko|nazwisko i imie|klient|name|full name|imie)$/,
  email: /^(e ?mail|adres e ?mail|mail)$/,
  phone: /^(telefon|tel|nr telefonu|numer telefonu|komorka|phone)$/,
  points: /^(punkty|pkt|liczba punktow|saldo punktow|points)$/,
  stamps: /^(pieczatki|pieczatek|liczba pieczatek|stamps)$/,
  consent: /^(zgoda|zgoda na wiadomosci.*|zgoda marketingowa|marketing|consent)/,
  // „Urodziny DD.MM”, „Data urodzenia”, „Dzień urodzin”… (the year, if the column has it, is dropped)
  birthday:
    /^(urodziny|data urodzenia|data urodzin|dzien urodzin|dzien urodzenia|dzien i miesiac urodzin|birthday|date of birth|birth ?date|dob)\b/,
};

/** the columns the headers name (Polish or English); a first-name and a surname column together make the name */
export function guessColumns(headers: readonly string[]): ColumnMap {
  const folded = headers.map(foldHeader);
  const map = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, [] as number[]])) as ColumnMap;
  for (const field of IMPORT_FIELDS) {
    const index = folded.findIndex((h) => HEADER_WORDS[field].test(h));
    if (index >= 0) map[field] = [index];
  }
  const surname = folded.indexOf('nazwisko');
  if (surname >= 0 && map.name.length === 1 && folded[map.name[0]!] === 'imie') map.name.push(surname);
  if (map.name.length === 0 && surname >= 0) map.name = [surname];
  return map;
}

/** the headers no field reads (shown as skipped) */
export const unusedColumns = (headers: readonly string[], map: ColumnMap) =>
  headers.filter((h, i) => h.trim() !== '' && !IMPORT_FIELDS.some((f) => map[f].includes(i)));

/** the data row at `index` as the import's cells; its number is its line in the file */
export function cellsOf(table: Table, map: ColumnMap, index: number): ImportRowCells {
  const row = table.rows[index] ?? [];
  const read = (field: ImportField) =>
    map[field]
      .map((column) => (row[column] ?? '').trim())
      .filter(Boolean)
      .join(' ');
  return {
    row: table.lines[index] ?? index + 2,
    name: read('name'),
    email: read('email'),
    phone: read('phone'),
    points: read('points'),
    stamps: read('stamps'),
    consent: read('consent'),
    birthday: read('birthday'),
  };
}

export type PreviewRow = { cells: ImportRowCells; errors: ImportRowError[] };

/** each row read once (a fix re-reads only the row edited: the cells are a new object only there) */
const readRows = new WeakMap<ImportRowCells, ReturnType<typeof readImportRow>>();
function readOnce(cells: ImportRowCells) {
  let read = readRows.get(cells);
  if (!read) readRows.set(cells, (read = readImportRow(cells)));
  return read;
}

/** every row validated; a row repeating an earlier row's e-mail (or phone, without one) says which row it repeats */
export function previewRows(rows: readonly ImportRowCells[]): PreviewRow[] {
  const seen = new Map<string, number>();
  return rows.map((cells) => {
    const read = readOnce(cells);
    if (!read.ok) return { cells, errors: read.errors };
    const key = importKeyOf(read.value);
    const first = seen.get(key);
    if (first !== undefined)
      return { cells, errors: [{ field: null, message: ImportMessages.duplicateInFile(first) }] };
    seen.set(key, cells.row);
    return { cells, errors: [] };
  });
}

/**
 * The rows still to send: those no batch has answered yet. A retry after a failed batch sends only these, so the
 * rows imported before it are not sent again (nor counted again as „already clients” in the summary).
 */
export const unansweredRows = (rows: readonly ImportRowCells[], answered: readonly { row: number }[]) => {
  const done = new Set(answered.map((a) => a.row));
  return rows.filter((cells) => !done.has(cells.row));
};

/** the rows of a file: empty rows are not rows (the others keep their line numbers) */
export function toTable(cells: readonly (readonly unknown[])[]): Table {
  const kept = cells
    .map((row, i) => ({ cells: row.map(cellText), line: i + 1 }))
    .filter((row) => row.cells.some((c) => c.trim() !== ''));
  const [header, ...rows] = kept;
  return { headers: header?.cells ?? [], rows: rows.map((r) => r.cells), lines: rows.map((r) => r.line) };
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

/** CSV (any of , ; tab; UTF-8 with or without BOM) or XLSX (the first sheet); the readers load on first use */
export async function readTable(file: File): Promise<Table> {
  if (/\.xlsx$/i.test(file.name)) {
    const { readSheet } = await import('read-excel-file/browser');
    return toTable(await readSheet(file));
  }
  const Papa = (await import('papaparse')).default;
  const text = (await file.text()).replace(/^\uFEFF/, '');
  // empty lines stay in, so every row keeps its line number; toTable drops them
  const parsed = Papa.parse<string[]>(text, { delimitersToGuess: [';', ',', '\t'] });
  return toTable(parsed.data);
}

/** how many rows in a file at most (a larger one is split by the company) */
export const MAX_IMPORT_ROWS = 50_000;

/** the largest file read (50,000 rows of a sheet are a few MB): a larger one is not read into the tab at all */
export const MAX_IMPORT_FILE_MB = 20;

/** why a file is not read, in Polish, or null */
export function fileSizeProblem(bytes: number): string | null {
  if (bytes <= MAX_IMPORT_FILE_MB * 1024 * 1024) return null;
  const mb = (bytes / 1024 / 1024).toLocaleString('pl-PL', { maximumFractionDigits: 1 });
  return `Plik ma ${mb} MB. Jednorazowo można wczytać plik do ${MAX_IMPORT_FILE_MB} MB — podziel go na części.`;
}
