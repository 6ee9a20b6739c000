import { Button, Group, Loader, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { exportClients } from '@punkto/contracts/endpoints/exports';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AnchorLink, ButtonLink } from '../../../../components/ui/link';
import { PageHeader } from '../../../../components/ui/page-header';
import { EmptyState, LoadError, LoadingBlocks } from '../../../../components/ui/query-state';
import type { SortState } from '../../../../components/ui/sortable-th';
import { TablePagination } from '../../../../components/ui/table-pagination';
import { api } from '../../../../lib/api/api-client';
import { plural } from '../../../../lib/format';
import { useLazyPart } from '../../../../lib/use-lazy-part';
import { clientsQueryOptions } from '../api/clients';
import {
  toClientsApiQuery,
  withSearchTerm,
  withSort,
  type ClientSortColumn,
  type ClientsSearch,
} from '../utils/clients-search';
import { useCsvExport } from '../hooks/use-csv-export';
import { ClientPeopleList } from './client-people-list';
import { CsvExportStatus } from './csv-export-status';

export const SEARCH_DEBOUNCE_MS = 300;

/** the list counts people (one row each, whatever programmes they are in): 1 osoba, 2 osoby, 5 osób */
export const peopleLabel = (count: number) => `${count} ${plural(count, 'osoba', 'osoby', 'osób')}`;

type ClientsPageProps = {
  tenantId: string;
  /** clients.manage: may add clients */
  canManage: boolean;
  search: ClientsSearch;
  /** writes the list state into the URL (`replace` while typing, so back skips keystrokes) */
  onSearchChange: (next: ClientsSearch, options?: { replace?: boolean }) => void;
};

const DIALOG_NOT_LOADED = 'Nie udało się otworzyć formularza. Sprawdź połączenie i spróbuj ponownie.';

/** /panel/klienci: one row per person; search (debounced), sortable columns, paging; the state lives in the URL. */
export function ClientsPage({ tenantId, canManage, search, onSearchChange }: ClientsPageProps) {
  const clients = useQuery(clientsQueryOptions(tenantId, toClientsApiQuery(search)));
  const clientsCsv = useCsvExport('klienci.csv');
  // the file holds what the list finds: the search in the URL (every page of it)
  const exportClientsCsv = () =>
    void clientsCsv.start(() =>
      api.open(exportClients, {
        params: { id: tenantId },
        query: { searchTerm: search.szukaj.trim() || undefined },
      }),
    );

  // the box shows what is typed; the URL follows 300 ms after the last keystroke
  const [term, setTerm] = useState(search.szukaj);
  const pushTerm = useDebouncedCallback((value: string) => {
    if (value.trim() !== search.szukaj.trim())
      onSearchChange(withSearchTerm(search, value.trim()), { replace: true });
  }, SEARCH_DEBOUNCE_MS);
  // back/forward (or a link) changed the URL: show its term
  useEffect(() => setTerm(search.szukaj), [search.szukaj]);

  const sort: SortState<ClientSortColumn> = {
    by: search.sortuj,
    descending: search.kolejnosc === 'malejaco',
  };
  const onSort = (next: SortState<ClientSortColumn>) =>
    onSearchChange(withSort(search, next.by, next.descending));
  const sortProps = { sort, onSort };

  const page = clients.data;
  const searching = search.szukaj.trim() !== '';

  // the two dialogs' forms load when their buttons are pointed at or pressed, not with the list (ADR 0065)
  const addClient = useLazyPart(
    () => import('./add-client-modal').then((module) => module.AddClientModal),
    DIALOG_NOT_LOADED,
  );
  const historyExport = useLazyPart(
    () => import('./transactions-export-modal').then((module) => module.TransactionsExportModal),
    DIALOG_NOT_LOADED,
  );

  // a manager's ways to add clients, in the header and in the empty list
  const manageActions = canManage ? (
    <>
      <ButtonLink to="/panel/klienci/import" variant="default">
        Importuj z pliku
      </ButtonLink>
      <Button onClick={addClient.open} {...addClient.intent}>
        Dodaj klienta
      </Button>
    </>
  ) : null;

  return (
    <Stack gap="lg" py={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="flex-end" gap="md">
        <PageHeader title="Klienci" description="Klienci zapisani do Twoich programów lojalnościowych." />
        <Group gap="sm">
          <Button
            variant="default"
            onClick={exportClientsCsv}
            loading={clientsCsv.state.status === 'running'}
          >
            Eksportuj CSV
          </Button>
          <Button variant="default" onClick={historyExport.open} {...historyExport.intent}>
            Eksport transakcji
          </Button>
          {manageActions}
        </Group>
      </Group>
      <CsvExportStatus state={clientsCsv.state} label="Postęp eksportu klientów" />

      <TextInput
        label="Szukaj klienta"
        placeholder="Imię, nazwisko, e-mail lub telefon"
        type="search"
        value={term}
        onChange={(event) => {
          setTerm(event.currentTarget.value);
          pushTerm(event.currentTarget.value);
        }}
        rightSection={
          clients.isFetching && !clients.isPending ? <Loader size="xs" aria-label="Szukam…" /> : null
        }
        maw={420}
      />

      {clients.isPending ? (
        <LoadingBlocks label="Ładowanie klientów" height={40} />
      ) : clients.isError ? (
        <LoadError
          title="Nie udało się wczytać klientów"
          error={clients.error}
          onRetry={() => void clients.refetch()}
        />
      ) : page && page.items.length === 0 ? (
        <EmptyState
          title={searching ? 'Nie znaleziono klientów' : 'Nie masz jeszcze klientów'}
          actions={
            searching ? null : (
              <Group justify="center">
                {manageActions}
                <AnchorLink to="/panel/plakat">Plakat i link zapisu</AnchorLink>
              </Group>
            )
          }
        >
          {searching
            ? `Nikt nie pasuje do „${search.szukaj}”. Sprawdź pisownię albo szukaj po e-mailu lub telefonie.`
            : 'Klienci pojawią się tutaj, gdy zapiszą się przez link lub kod QR z plakatu albo gdy dodasz ich ręcznie.'}
        </EmptyState>
      ) : page ? (
        <Stack gap="sm">
          <ClientPeopleList people={page.items} {...sortProps} />
          <TablePagination
            label="Strony listy klientów"
            pageNumber={search.strona}
            totalPages={page.totalPages}
            totalCount={page.totalCount}
            countLabel={peopleLabel}
            onChange={(strona) => onSearchChange({ ...search, strona })}
          />
        </Stack>
      ) : null}

      {historyExport.Part ? (
        <historyExport.Part tenantId={tenantId} opened={historyExport.opened} onClose={historyExport.close} />
      ) : null}
      {canManage && addClient.Part ? (
        <addClient.Part tenantId={tenantId} opened={addClient.opened} onClose={addClient.close} />
      ) : null}
    </Stack>
  );
}
