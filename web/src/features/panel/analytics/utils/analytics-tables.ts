import type { AnalyticsResponse } from '@punkto/contracts/analytics';
import { customerSegmentLabels } from '@punkto/contracts/customer-segments';

/**
 * Every table of the analytics page as plain rows: the page renders them and "Pobierz CSV" saves them. Values
 * are numbers or text; CSV files follow the exports' rules (UTF-8 with BOM, `;`, CRLF, a decimal comma, text a
 * spreadsheet would run as a formula prefixed with an apostrophe). Pure.
 */
export type Cell = string | number | null;
export type AnalyticsTable = {
  id: string;
  title: string;
  /** file name without the date and extension */
  file: string;
  columns: string[];
  rows: Cell[][];
  /** indexes of columns holding złoty: shown `1234,56 zł`, written to CSV with two decimals (`1234,56`) */
  moneyColumns?: number[];
};

/** what an unvalued program says in the value column */
export const NOT_VALUED = 'nie wyceniono';

const MONTHS = ['sty', 'lut', 'mar', 'kwi', 'maj', 'cze', 'lip', 'sie', 'wrz', 'paź', 'lis', 'gru'];
const MONTHS_FULL = [
  'styczeń',
  'luty',
  'marzec',
  'kwiecień',
  'maj',
  'czerwiec',
  'lipiec',
  'sierpień',
  'wrzesień',
  'październik',
  'listopad',
  'grudzień',
];

/** `2026-03-05` → `05.03.2026`; `2026-03` → `marzec 2026` */
export function periodLabel(period: string, granularity: AnalyticsResponse['granularity'] | 'month'): string {
  if (period.length === 7) return `${MONTHS_FULL[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`;
  const [y, m, d] = period.split('-');
  return granularity === 'week' ? `tydzień od ${d}.${m}.${y}` : `${d}.${m}.${y}`;
}

/** a short axis label: `05.03`, `tydz. 02.03`, `mar 2026` */
export function axisLabel(period: string, granularity: AnalyticsResponse['granularity']): string {
  if (period.length === 7) return `${MONTHS[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`;
  const [, m, d] = period.split('-');
  return granularity === 'week' ? `od ${d}.${m}` : `${d}.${m}`;
}

export function analyticsTables(a: AnalyticsResponse, programName: (id: string) => string): AnalyticsTable[] {
  const npsGranularity = a.granularity === 'month' ? 'month' : 'week';
  const maxOffset = Math.max(0, ...a.cohorts.map((c) => c.retention.length));
  return [
    {
      id: 'visits',
      title: 'Wizyty w czasie',
      file: 'wizyty',
      columns: ['Okres', 'Wizyty', 'Klienci', 'Nowi klienci'],
      rows: a.visits.series.map((b) => [
        periodLabel(b.period, a.granularity),
        b.visits,
        b.customers,
        b.newCustomers,
      ]),
    },
    {
      id: 'frequency',
      title: 'Częstotliwość wizyt',
      file: 'czestotliwosc',
      columns: ['Wizyty w okresie', 'Klienci'],
      rows: a.frequency.histogram.map((b) => [b.label, b.customers]),
    },
    {
      id: 'rewards',
      title: 'Najpopularniejsze nagrody',
      file: 'nagrody',
      columns: ['Nagroda', 'Odebrane'],
      rows: a.rewards.popular.map((r) => [r.name, r.redemptions]),
    },
    {
      id: 'nps',
      title: 'NPS w czasie',
      file: 'nps',
      columns: ['Okres wizyty', 'Odpowiedzi', 'NPS', 'Promotorzy (%)', 'Krytycy (%)'],
      rows: a.nps.series.map((s) => [
        periodLabel(s.period, npsGranularity),
        s.responses,
        s.score,
        s.promoters,
        s.detractors,
      ]),
    },
    {
      id: 'segments',
      title: 'Segmenty klientów',
      file: 'segmenty',
      columns: ['Segment', 'Klienci'],
      rows: [
        ...a.segments.map((s) => [customerSegmentLabels[s.segment], s.customers] as Cell[]),
        ['Bez wizyty', a.customersWithoutVisit],
      ],
    },
    {
      id: 'cohorts',
      title: 'Retencja kohort',
      file: 'kohorty',
      columns: [
        'Miesiąc pierwszej wizyty',
        'Klienci',
        ...Array.from({ length: maxOffset }, (_, i) => `Po ${i + 1} mies. (%)`),
      ],
      rows: a.cohorts.map((c) => [
        periodLabel(c.month, 'month'),
        c.customers,
        ...Array.from({ length: maxOffset }, (_, i) => c.retention[i]?.percent ?? null),
      ]),
    },
    liabilityTable(a, programName),
  ];
}

/**
 * Outstanding points and stamps per program, valued in złoty when the program has a reward with a cost to the
 * business (ADR 0023, amendment): the value of one point or stamp in grosze, the reward that sets it, the value
 * of the program's balances; unvalued programs say so. With a valued program, a last row holds the total.
 */
function liabilityTable(a: AnalyticsResponse, programName: (id: string) => string): AnalyticsTable {
  const { liability } = a;
  const rows: Cell[][] = liability.byProgram.map((p) => [
    p.name || programName(p.programId),
    p.unit === 'points' ? 'punkty' : 'pieczątki',
    p.outstanding,
    p.cheapestRewardCost,
    p.rewardsClaimable,
    p.unitValueGrosze === null ? null : Math.round(p.unitValueGrosze * 100) / 100,
    p.valuedBy ? p.valuedBy.name : null,
    p.valueGrosze === null ? NOT_VALUED : p.valueGrosze / 100,
  ]);
  if (liability.valueGrosze !== null)
    rows.push([
      liability.unvaluedPrograms ? 'Razem (programy wycenione)' : 'Razem',
      null,
      null,
      null,
      liability.rewardsClaimable,
      null,
      null,
      liability.valueGrosze / 100,
    ]);
  return {
    id: 'liability',
    title: 'Niewykorzystane punkty i pieczątki',
    file: 'zobowiazanie',
    columns: [
      'Program',
      'Jednostka',
      'Na kartach',
      'Najtańsza nagroda',
      'Nagród do odebrania',
      'Wartość 1 pkt / piecz. (gr)',
      'Wycena według nagrody',
      'Wartość (zł)',
    ],
    rows,
    moneyColumns: [7],
  };
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[";\r\n]/;

function csvCell(value: Cell, money = false): string {
  if (value === null) return '';
  if (typeof value === 'number')
    return Number.isFinite(value) ? (money ? value.toFixed(2) : String(value)).replace('.', ',') : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The table as a CSV file's text (with the BOM). */
export function tableCsv(table: AnalyticsTable): string {
  const money = new Set(table.moneyColumns ?? []);
  const header = table.columns.map((c) => csvCell(c)).join(';') + '\r\n';
  return (
    '\uFEFF' +
    header +
    table.rows.map((row) => row.map((cell, i) => csvCell(cell, money.has(i))).join(';') + '\r\n').join('')
  );
}
