import { createFileRoute } from '@tanstack/react-router';
import { enforce } from '../features/auth/utils/guard-redirect';
import { decideAuthenticatedOnly } from '../features/auth/utils/guards';

/** Pathless layout of the pages any signed-in person may open (SPEC §2): the multi-step signup. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    enforce(decideAuthenticatedOnly(await context.auth.ensureReady(), location.href));
  },
});
