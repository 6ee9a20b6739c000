import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { CheckNow } from '../components/ui/check-now';
import { AnchorLink } from '../components/ui/link';
import { PageSpinner } from '../components/ui/page-spinner';
import { NarrowPage } from '../components/ui/narrow-page';
import { maintenanceStatusQueryOptions } from '../features/maintenance/api/get-maintenance-status';
import { errorMessage } from '../lib/api/api-errors';

export const Route = createFileRoute('/status-konserwacji')({
  // Start fetching while the page chunk loads; the page itself handles loading and errors.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(maintenanceStatusQueryOptions());
  },
  component: MaintenanceStatusPage,
});

function MaintenanceStatusPage() {
  const { data, error, isPending, isFetching, refetch, dataUpdatedAt } = useQuery(
    maintenanceStatusQueryOptions(),
  );

  return (
    <NarrowPage
      title="Przerwa techniczna"
      description="Aktualny stan prac serwisowych. Strona odświeża się automatycznie co 30 sekund."
    >
      {isPending ? (
        <PageSpinner />
      ) : data ? (
        data.maintenanceMode ? (
          <Alert color="yellow" variant="light" title="Trwa przerwa techniczna">
            Pracujemy nad usprawnieniami. Niektóre funkcje mogą być chwilowo niedostępne — wróć za kilka
            minut. Karty w portfelu telefonu działają bez przerwy.
          </Alert>
        ) : (
          <Alert color="green" variant="light" title="Wszystkie usługi działają">
            Nie trwa żadna przerwa techniczna.
          </Alert>
        )
      ) : (
        <Alert color="red" variant="light" title="Nie udało się sprawdzić statusu">
          {errorMessage(error)}
        </Alert>
      )}
      <CheckNow
        onCheck={() => void refetch()}
        checking={isFetching && !isPending}
        checkedAt={dataUpdatedAt}
      />
      <Text size="sm" c="dimmed">
        Stan poszczególnych usług pokazuje{' '}
        <AnchorLink to="/status" underline="always">
          strona statusu
        </AnchorLink>
        .
      </Text>
    </NarrowPage>
  );
}
