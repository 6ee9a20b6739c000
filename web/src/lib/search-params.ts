import { z } from 'zod';

/**
 * Building blocks of the routes' `validateSearch` schemas. Invalid values fall back to a default instead of
 * breaking the page.
 */

/**
 * A text parameter. The router parses a numeric-looking value (`?szukaj=123`, `?zaproszenie=1`) as a number;
 * this takes it back as the text that was in the address.
 */
export function textParam<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'number' ? String(value) : value), schema);
}

/** `?strona=2`: a page number from 1; a missing or invalid one is the first page. */
export const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1).default(1);
