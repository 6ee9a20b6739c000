import { createFileRoute } from '@tanstack/react-router';

/**
 * Pathless layout of the business area (SPEC §2 business-role guard + tenant setup check).
 * Guards (identity issue) go in `beforeLoad({ context, location })`:
 *  1. spinner until `context.auth` is ready; not a business user → redirect to /zaloguj remembering the origin;
 *  2. no tenantId or tenant not configured → validate, then redirect to /uzupelnij-konto (at most once per path).
 */
export const Route = createFileRoute('/_business')({});
