import { createFileRoute } from '@tanstack/react-router';
import { enforce } from '../features/auth/utils/guard-redirect';
import { decideBusinessAccess, panelFrameCompany } from '../features/auth/utils/guards';
import { tenantSetupDecision } from '../features/auth/utils/tenant-guard';
import { fetchPanelFrame } from '../features/panel/shell/utils/section-loader';

/**
 * Pathless layout of the business area (SPEC §2): spinner until auth is ready; not signed in → /zaloguj
 * remembering the origin; not a business role → their own area; then the tenant setup check.
 */
export const Route = createFileRoute('/_business')({
  beforeLoad: async ({ context, location }) => {
    const state = await context.auth.ensureReady();
    enforce(decideBusinessAccess(state, location.href));
    // the panel frame's data (its loader waits for it) comes in beside the tenant check, not a round trip after it
    const company = panelFrameCompany(state.user, location.pathname);
    if (company) void fetchPanelFrame(context.queryClient, company);
    if (state.user) enforce(await tenantSetupDecision(context.queryClient, state.user, location.pathname));
  },
});
