import { createFileRoute } from '@tanstack/react-router';
import { enforce } from '../features/auth/utils/guard-redirect';
import { decideCustomerAccess } from '../features/auth/utils/guards';

/**
 * Pathless layout of the customer area (SPEC §2): spinner while the profile is idle/loading; not signed in
 * → /zaloguj?type=customer; a business user → /panel.
 */
export const Route = createFileRoute('/_customer')({
  beforeLoad: async ({ context, location }) => {
    enforce(decideCustomerAccess(await context.auth.ensureReady(), location.href));
  },
});
