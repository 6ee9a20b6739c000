import { createFileRoute } from '@tanstack/react-router';
import { enforce } from '../features/auth/utils/guard-redirect';
import { decideAuthenticatedOnly } from '../features/auth/utils/guards';

/** Pathless layout: subscription pages and the multi-step signup (SPEC §2: any signed-in person). */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    enforce(decideAuthenticatedOnly(await context.auth.ensureReady(), location.href));
  },
});
