import { Permissions } from '@punkto/contracts/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { routeLoadError } from '../../../components/ui/route-load-error';
import {
  surveyResultsQueryOptions,
  surveySettingsQueryOptions,
} from '../../../features/panel/surveys/api/surveys';
import { SurveysPage } from '../../../features/panel/surveys/components/surveys-page';
import { TenantSectionGate } from '../../../features/panel/shell/components/no-access';
import { usePanelSession } from '../../../features/panel/shell/hooks/panel-session';
import { loadSection } from '../../../features/panel/shell/utils/section-loader';

export const Route = createFileRoute('/_business/panel/ankiety')({
  loader: ({ context }) =>
    loadSection(context, Permissions.surveysView, (tenantId) => [
      surveyResultsQueryOptions(tenantId),
      surveySettingsQueryOptions(tenantId),
    ]),
  errorComponent: routeLoadError('Ankiety NPS', 'Nie udało się wczytać wyników ankiet'),
  component: SurveysRoute,
});

function SurveysRoute() {
  const { can } = usePanelSession();
  return (
    <TenantSectionGate permission={Permissions.surveysView}>
      {(tenantId) => <SurveysPage tenantId={tenantId} canEdit={can(Permissions.tenantSettings)} />}
    </TenantSectionGate>
  );
}
