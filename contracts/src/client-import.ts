import { z } from 'zod';
import { daysInMonth, type Birthday } from './birthdays';
import { PHONE_OR_EMAIL_MESSAGE } from './clients';
import { Email, Username } from './identity';
import { Phone } from './phone';

/**
 * "Switch from paper" (ADR 0059): a company imports its existing customers from a CSV/XLSX file. The browser
 * reads the file and maps its columns to the cells below; the SAME `readImportRow` validates a row in the preview
 * and on the server, which answers per row (created / already a client / error) and never refuses a whole batch
 * for one bad row.
 */

/** rows per request: the panel sends the file in batches of this size, the progress bar follows them */
export const IMPORT_BATCH_SIZE = 500;
/** the most points or stamps a paper card can bring */
export const MAX_OPENING_BALANCE = 1_000_000;

/** one row of the file as text, after the column mapping (`row`: its line number in the file, header = 1) */
export const ImportRowCells = z.object({
  row: z.number().int().min(1).max(10_000_000),
  name: z.string().max(500).default(''),
  email: z.string().max(500).default(''),
  phone: z.string().max(500).default(''),
  points: z.string().max(50).default(''),
  stamps: z.string().max(50).default(''),
  consent: z.string().max(50).default(''),
  /** optional: the day and month (the year, if given, is dropped — ADR 0058) */
  birthday: z.string().max(50).default(''),
});
export type ImportRowCells = z.input<typeof ImportRowCells>;

export const ImportMessages = {
  count: (label: string) =>
    `${label}: podaj liczbę całkowitą od 0 do ${MAX_OPENING_BALANCE.toLocaleString('pl-PL')} (puste = 0).`,
  consent: 'Zgoda na wiadomości: wpisz „tak” albo „nie” (puste = nie).',
  birthday: 'Urodziny: podaj dzień i miesiąc, np. 14.03 (rok można pominąć, puste = brak).',
  birthdayDays: (days: number) => `Urodziny: ten miesiąc ma najwyżej ${days} dni.`,
  duplicateInFile: (row: number) => `Ten sam klient jest już w wierszu ${row} pliku.`,
  alreadyClient: 'Ten klient jest już w tym programie — pominięty, nic nie zmieniono.',
} as const;

const blankToNull = (value: string) => (value.trim() === '' ? null : value);

const count = (label: string) =>
  z.string().transform((value, ctx) => {
    const text = value.replace(/\s/g, '');
    if (text === '') return 0;
    const n = /^\d{1,7}$/.test(text) ? Number(text) : NaN;
    if (Number.isInteger(n) && n <= MAX_OPENING_BALANCE) return n;
    ctx.addIssue({ code: 'custom', message: ImportMessages.count(label) });
    return z.NEVER;
  });

const YES = new Set(['tak', 't', 'yes', 'y', '1', 'x', 'true', 'prawda']);
const NO = new Set(['', 'nie', 'n', 'no', '0', 'false', 'fałsz']);
const consent = z.string().transform((value, ctx) => {
  const text = value.trim().toLowerCase();
  if (YES.has(text)) return true;
  if (NO.has(text)) return false;
  ctx.addIssue({ code: 'custom', message: ImportMessages.consent });
  return z.NEVER;
});

/** DD.MM, D.M, DD-MM, DD/MM, optionally with the year after them (DD.MM.RRRR), or RRRR-MM-DD */
const DAY_FIRST = /^(\d{1,2})[./-](\d{1,2})(?:[./-](\d{4}))?\.?$/;
const YEAR_FIRST = /^(\d{4})[./-](\d{1,2})[./-](\d{1,2})$/;

/**
 * The birthday cell: blank is none; the year is dropped (Punkto never keeps it, ADR 0058); an XLSX date cell reaches
 * here as RRRR-MM-DD. 29 February is a valid birthday.
 */
const birthday = z.string().transform((value, ctx): Birthday | null => {
  const text = value.replace(/\s/g, '');
  if (text === '') return null;
  const dayFirst = DAY_FIRST.exec(text);
  const yearFirst = YEAR_FIRST.exec(text);
  const [day, month] = dayFirst
    ? [Number(dayFirst[1]), Number(dayFirst[2])]
    : yearFirst
      ? [Number(yearFirst[3]), Number(yearFirst[2])]
      : [NaN, NaN];
  const days = daysInMonth(month);
  if (days !== undefined && day >= 1 && day <= days) return { day, month };
  ctx.addIssue({
    code: 'custom',
    message:
      days !== undefined && day > days && day <= 31
        ? ImportMessages.birthdayDays(days)
        : ImportMessages.birthday,
  });
  return z.NEVER;
});

/** a row as the server enrols it: the same rules as create-client (name, e-mail and/or phone, ADR 0056/0042) */
export const ImportRow = z
  .object({
    row: z.number().int().min(1),
    name: Username,
    email: z.preprocess(blankToNull, Email.nullable()),
    phone: z.preprocess(blankToNull, Phone.nullable()),
    points: count('Punkty'),
    stamps: count('Pieczątki'),
    consent,
    birthday,
  })
  .refine((v) => v.email !== null || v.phone !== null, { message: PHONE_OR_EMAIL_MESSAGE, path: ['phone'] });
export type ImportRow = z.output<typeof ImportRow>;

export type ImportField = keyof Omit<ImportRowCells, 'row'>;
export type ImportRowError = { field: ImportField | null; message: string };

/** The row's values, or every problem of it in Polish (one per field, the first of each). */
export function readImportRow(
  cells: ImportRowCells,
): { ok: true; value: ImportRow } | { ok: false; errors: ImportRowError[] } {
  const parsed = ImportRow.safeParse(ImportRowCells.parse(cells));
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: ImportRowError[] = [];
  for (const issue of parsed.error.issues) {
    const field = (issue.path[0] as ImportField | undefined) ?? null;
    if (!errors.some((e) => e.field === field)) errors.push({ field, message: issue.message });
  }
  return { ok: false, errors };
}

/** who a row is: its e-mail, else its phone (the duplicate key within a file and within a programme) */
export const importKeyOf = (row: Pick<ImportRow, 'email' | 'phone'>) =>
  row.email !== null ? `e:${row.email}` : `p:${row.phone}`;

/** POST /tenants/{id}/import-clients: one batch of an import */
export const ImportClientsRequest = z
  .object({
    /** one id per import of a file, chosen by the panel; recorded with the opening balances */
    importId: z.string().min(1).max(64),
    programId: z.string('Wybierz program.').min(1, 'Wybierz program.').max(64),
    /** the company confirmed invitations: only rows with an e-mail AND consent = tak get one */
    invite: z.boolean().default(false),
    rows: z.array(ImportRowCells).min(1).max(IMPORT_BATCH_SIZE),
  })
  .meta({ id: 'ImportClientsRequest' });
export type ImportClientsRequest = z.input<typeof ImportClientsRequest>;

export const ImportRowOutcome = z.enum(['created', 'existing', 'error']);
export type ImportRowOutcome = z.infer<typeof ImportRowOutcome>;

export const ImportClientsResponse = z
  .object({
    results: z.array(
      z.object({
        row: z.number().int(),
        outcome: ImportRowOutcome,
        clientId: z.string().nullable(),
        /** an error row: what to fix, in Polish (field null: the row as a whole) */
        errors: z.array(z.object({ field: z.string().nullable(), message: z.string() })),
      }),
    ),
  })
  .meta({ id: 'ImportClientsResponse' });
export type ImportClientsResponse = z.infer<typeof ImportClientsResponse>;

/** the sample file offered for download (Polish headers the panel recognises) */
export const IMPORT_SAMPLE_CSV = [
  'imię i nazwisko;e-mail;telefon;punkty;pieczątki;zgoda na wiadomości;urodziny',
  'Anna Kowalska;anna.kowalska@example.com;600 100 200;120;0;tak;14.03',
  'Jan Nowak;;501 202 303;0;7;nie;',
  'Maria Wiśniewska;maria@example.com;;45;3;nie;29.02',
].join('\r\n');
