import { Box, Card, Loader, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../components/ui/page-header';
import { TablePagination } from '../../../components/ui/table-pagination';
import { myHistoryQueryOptions } from '../api/portal';
import { activityFilterOptions, toHistoryApiQuery, type HistorySearch } from '../utils/portal-labels';
import { HistorySearch as HistorySearchSchema } from '../utils/portal-labels';
import { ActivityList } from '../../../components/card-activity/activity-list';
import { LoadError, LoadingBlocks } from '../../../components/ui/query-state';

type HistoryPageProps = { search: HistorySearch; onSearchChange: (next: HistorySearch) => void };

/** /klient/historia: paged history of every card, filtered by activity type; page and filter in the URL. */
export function HistoryPage({ search, onSearchChange }: HistoryPageProps) {
  const history = useQuery(myHistoryQueryOptions(toHistoryApiQuery(search)));
  const page = history.data;

  return (
    <Box maw={820} py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <PageHeader
          title="Historia"
          description="Zdobyte punkty i pieczątki, odebrane nagrody i zmiany kart."
        />
        <Select
          label="Rodzaj aktywności"
          data={activityFilterOptions}
          value={search.rodzaj}
          allowDeselect={false}
          onChange={(value) => onSearchChange(HistorySearchSchema.parse({ strona: 1, rodzaj: value ?? '' }))}
          rightSection={
            history.isFetching && !history.isPending ? <Loader size="xs" aria-label="Wczytuję…" /> : undefined
          }
          maw={320}
        />
        {history.isPending ? (
          <LoadingBlocks label="Ładowanie historii" />
        ) : history.isError ? (
          <LoadError
            title="Nie udało się wczytać historii"
            error={history.error}
            onRetry={() => void history.refetch()}
          />
        ) : page && page.items.length === 0 ? (
          <Card withBorder padding="xl">
            <Text ta="center" c="dimmed">
              {search.rodzaj === ''
                ? 'Historia jest pusta. Tu pojawią się zdobyte punkty, pieczątki i nagrody.'
                : 'Brak wpisów tego rodzaju.'}
            </Text>
          </Card>
        ) : page ? (
          <Stack gap="sm">
            <ActivityList items={page.items} label="Historia kart" />
            <TablePagination
              label="Strony historii"
              pageNumber={search.strona}
              totalPages={page.totalPages}
              totalCount={page.totalCount}
              onChange={(strona) => onSearchChange({ ...search, strona })}
            />
          </Stack>
        ) : null}
      </Stack>
    </Box>
  );
}
