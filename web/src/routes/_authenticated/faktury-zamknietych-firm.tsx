import { createFileRoute } from '@tanstack/react-router';
import { routeLoadError } from '../../components/ui/route-load-error';
import { formerCompaniesQueryOptions } from '../../features/panel/subscription/api/subscription';
import { FormerCompaniesPage } from '../../features/panel/subscription/components/former-companies-page';

/** A closed company's invoices for its former owner, who has no company in the panel any more (ADR 0047). */
export const Route = createFileRoute('/_authenticated/faktury-zamknietych-firm')({
  loader: ({ context }) => context.queryClient.ensureQueryData(formerCompaniesQueryOptions()),
  errorComponent: routeLoadError('Faktury zamkniętych firm', 'Nie udało się pobrać faktur'),
  component: FormerCompaniesPage,
});
