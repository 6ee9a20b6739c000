import { createFileRoute } from '@tanstack/react-router';

/**
 * Pathless layout of the customer area (SPEC §2 customer-role guard).
 * Guard (identity issue) goes in `beforeLoad({ context })`: spinner while the profile is idle/loading,
 * otherwise a non-customer → `throw redirect({ to: '/zaloguj', search: { type: 'customer' } })`.
 */
export const Route = createFileRoute('/_customer')({});
