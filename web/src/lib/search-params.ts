import { EnrolmentLinkId } from '@punkto/contracts/enrolment-link-id';
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

/**
 * `?program=…&firma=…` carried from a poster's enrolment page through the sign-up and the activation link
 * (issue 33): an id of the contracts' shape, or nothing.
 */
export const enrolmentLinkIdParam = textParam(EnrolmentLinkId).optional().catch(undefined);

/** `?strona=2`: a page number from 1; a missing or invalid one is the first page. */
export const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1).default(1);
