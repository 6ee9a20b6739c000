import { z } from 'zod';

/**
 * an id of the query string of a poster's enrolment link (ASCII letters, digits, `-` and `_`); a module of its own
 * (identity.ts re-exports it) because the app's routes read it from the address before anything else loads
 */
export const EnrolmentLinkId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
