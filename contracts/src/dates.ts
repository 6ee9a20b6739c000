import { z } from 'zod';

/**
 * A calendar day (Europe/Warsaw) given in a query: the history's, the exports' and the analytics' `from`/`to`
 * and `startDate`/`endDate`. One rule for all of them (issue 36, finding 2: `from=0100-01-01` answered 500 on
 * the history and 400 on the exports): `YYYY-MM-DD`, a real day, between QUERY_DATE_MIN and QUERY_DATE_MAX;
 * anything else is a typo and answers 400 with the errors map.
 */
export const QUERY_DATE_MIN = '2000-01-01';
export const QUERY_DATE_MAX = '2100-12-31';

export const QueryDateMessages = {
  format: 'Podaj datę w formacie RRRR-MM-DD.',
  range: `Podaj datę od ${QUERY_DATE_MIN} do ${QUERY_DATE_MAX}.`,
} as const;

/** `2026-11-25`; the years 2000–2100 (a pattern, so the OpenAPI document states the bound too) */
export const QueryDate = z.iso
  .date({ error: QueryDateMessages.format, abort: true })
  .regex(/^(?:20\d{2}|2100)-/, QueryDateMessages.range)
  .describe(`Dzień (Europe/Warsaw), RRRR-MM-DD, od ${QUERY_DATE_MIN} do ${QUERY_DATE_MAX}`);
