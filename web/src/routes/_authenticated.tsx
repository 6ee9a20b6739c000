import { createFileRoute } from '@tanstack/react-router';

/**
 * Pathless layout: subscription pages and the multi-step signup (SPEC §2: authenticated user only).
 * Guard (identity issue): `beforeLoad({ context, location })` waits for `context.auth` to be ready
 * (spinner), else `throw redirect({ to: '/zaloguj', search: { redirect: location.href } })`.
 */
export const Route = createFileRoute('/_authenticated')({});
