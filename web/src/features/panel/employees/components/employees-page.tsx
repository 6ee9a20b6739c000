import { ActionIcon, Alert, Button, Group, Menu, Stack, Table, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { employeeStatusLabels, type Employee } from '@punkto/contracts/employees';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { PageHeader } from '../../../../components/ui/page-header';
import { EmptyState, LoadError, LoadingBlocks } from '../../../../components/ui/query-state';
import { ListTable, type ListColumn } from '../../../../components/ui/list-table';
import type { SortState } from '../../../../components/ui/sortable-th';
import { TablePagination } from '../../../../components/ui/table-pagination';
import { errorMessage } from '../../../../lib/api/api-errors';
import { formatDate } from '../../../../lib/format-date';
import { notify } from '../../../../lib/notify-instance';
import { useConfirmedRemoval } from '../../../../lib/use-confirmed-removal';
import { useModalTarget } from '../../../../lib/use-modal-target';
import {
  employeesQueryOptions,
  permissionCatalogueQueryOptions,
  useRemoveEmployee,
  useResendInvitation,
  useResetEmployeePassword,
  type EmployeesQuery,
} from '../api/employees';
import { employeeStatusTone } from '../utils/employee-status';
import { groupCatalogue, type PermissionViewer } from '../utils/permission-matrix';
import { InviteEmployeeModal } from './invite-employee-modal';
import { PermissionMatrix } from './permission-matrix';
import { RenameEmployeeModal } from './rename-employee-modal';

const PAGE_SIZE = 20;
type SortBy = EmployeesQuery['sortBy'];

const COLUMNS: ListColumn<SortBy>[] = [
  { label: 'Imię i nazwisko', sortBy: 'name' },
  { label: 'E-mail', sortBy: 'email' },
  { label: 'Status', sortBy: 'status' },
  { label: 'Zaproszony', sortBy: 'invitedAt' },
  { label: 'Akcje', hidden: true },
];

/** /panel/pracownicy: employees (paged, searchable, sortable), invitations, actions and the permission matrix. */
export function EmployeesPage({ tenantId, viewer }: { tenantId: string; viewer: PermissionViewer }) {
  const [search, setSearch] = useState('');
  const [searchTerm] = useDebouncedValue(search.trim(), 300);
  const [pageNumber, setPageNumber] = useState(1);
  const [sort, setSort] = useState<SortState<SortBy>>({ by: 'name', descending: false });
  const query: EmployeesQuery = {
    pageNumber,
    pageSize: PAGE_SIZE,
    searchTerm,
    sortBy: sort.by,
    sortDescending: sort.descending,
  };
  const employees = useQuery(employeesQueryOptions(tenantId, query));
  const catalogue = useQuery(permissionCatalogueQueryOptions());
  const groups = useMemo(() => groupCatalogue(catalogue.data ?? []), [catalogue.data]);

  const [inviting, setInviting] = useState(false);
  const renaming = useModalTarget<Employee>();
  const remove = useRemoveEmployee(tenantId);
  const removal = useConfirmedRemoval({
    remove: (employee: Employee) => remove.mutateAsync(employee.id),
    pending: remove.isPending,
    done: (employee) => `Usunięto pracownika ${employee.name}. Jego konto zostało zamknięte.`,
  });
  const resetPassword = useResetEmployeePassword(tenantId);
  const resendInvitation = useResendInvitation(tenantId);

  const changeSort = (next: SortState<SortBy>) => {
    setSort(next);
    setPageNumber(1);
  };

  const onSearch = (value: string) => {
    setSearch(value);
    setPageNumber(1);
  };

  const sendReset = async (employee: Employee) => {
    try {
      const { message } = await resetPassword.mutateAsync(employee.id);
      notify.success(message || `Wysłaliśmy link do zmiany hasła na adres ${employee.email}.`);
    } catch (error) {
      notify.fromError(error);
    }
  };

  const resend = async (employee: Employee) => {
    try {
      const { message } = await resendInvitation.mutateAsync(employee.id);
      notify.success(message || `Wysłaliśmy ponownie zaproszenie na adres ${employee.email}.`);
    } catch (error) {
      notify.fromError(error);
    }
  };

  const page = employees.data;
  const sorting = { sort, onSort: changeSort };

  return (
    <Stack gap="lg" py={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="flex-end" gap="md">
        <PageHeader
          title="Pracownicy"
          description="Zapraszaj pracowników i decyduj, co mogą robić w panelu."
        />
        <Button onClick={() => setInviting(true)} disabled={!catalogue.data}>
          Zaproś pracownika
        </Button>
      </Group>

      <Stack gap="sm" component="section" aria-labelledby="employees-list-title">
        <Title order={2} size="h3" id="employees-list-title">
          Lista pracowników
        </Title>
        <TextInput
          label="Szukaj pracownika"
          placeholder="Imię, nazwisko lub e-mail"
          type="search"
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
          maw={420}
        />

        {employees.isPending ? (
          <LoadingBlocks label="Ładowanie pracowników" count={2} height={40} />
        ) : employees.isError ? (
          <LoadError
            title="Nie udało się wczytać pracowników"
            error={employees.error}
            onRetry={() => void employees.refetch()}
          />
        ) : page && page.items.length === 0 ? (
          <EmptyState title={searchTerm ? 'Nie znaleziono pracowników' : 'Nie masz jeszcze pracowników'}>
            {searchTerm
              ? `Nikt nie pasuje do „${searchTerm}”. Sprawdź pisownię albo wyczyść wyszukiwanie.`
              : 'Zaproś pracownika — dostanie e-mail z linkiem do ustawienia hasła.'}
          </EmptyState>
        ) : page ? (
          <>
            <ListTable label="Pracownicy" minWidth={640} columns={COLUMNS} sorting={sorting}>
              {page.items.map((employee) => (
                <Table.Tr key={employee.id}>
                  <Table.Td fw={500}>{employee.name}</Table.Td>
                  <Table.Td>{employee.email}</Table.Td>
                  <Table.Td>
                    <StatusBadge tone={employeeStatusTone(employee.status)}>
                      {employeeStatusLabels[employee.status]}
                    </StatusBadge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(employee.invitedAt)}</Table.Td>
                  <Table.Td>
                    <Group justify="flex-end">
                      <EmployeeActions
                        employee={employee}
                        isSelf={employee.id === viewer.userId}
                        onRename={() => renaming.open(employee)}
                        onResetPassword={() => void sendReset(employee)}
                        onResendInvitation={() => void resend(employee)}
                        onRemove={() => removal.ask(employee)}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
            <TablePagination
              label="Strony listy pracowników"
              pageNumber={pageNumber}
              totalPages={page.totalPages}
              totalCount={page.totalCount}
              onChange={setPageNumber}
            />
          </>
        ) : null}
      </Stack>

      {page && catalogue.data ? (
        <PermissionMatrix
          tenantId={tenantId}
          viewer={viewer}
          employees={page.items}
          catalogue={catalogue.data}
          groups={groups}
        />
      ) : catalogue.isError ? (
        <Alert color="red" variant="light" title="Nie udało się wczytać listy uprawnień">
          {errorMessage(catalogue.error)}
        </Alert>
      ) : null}

      <InviteEmployeeModal
        tenantId={tenantId}
        groups={groups}
        grantable={viewer.permissions}
        opened={inviting}
        onClose={() => setInviting(false)}
      />
      <RenameEmployeeModal
        tenantId={tenantId}
        employee={renaming.target}
        opened={renaming.opened}
        onClose={renaming.close}
      />
      <ConfirmDialog {...removal.dialog} title="Usunąć pracownika?" confirmLabel="Usuń pracownika">
        {`${removal.target?.name ?? ''} straci dostęp do panelu: konto zostanie zamknięte, a sesje zakończone.`}
      </ConfirmDialog>
    </Stack>
  );
}

function EmployeeActions({
  employee,
  isSelf,
  onRename,
  onResetPassword,
  onResendInvitation,
  onRemove,
}: {
  employee: Employee;
  /** an employee managing staff cannot remove themselves */
  isSelf: boolean;
  onRename: () => void;
  onResetPassword: () => void;
  onResendInvitation: () => void;
  onRemove: () => void;
}) {
  if (employee.status === 'removed') return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={`Akcje: ${employee.name}`}>
          <svg width={18} height={18} viewBox="0 0 24 24" fill="currentColor" aria-hidden>
            <circle cx="5" cy="12" r="2" />
            <circle cx="12" cy="12" r="2" />
            <circle cx="19" cy="12" r="2" />
          </svg>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onRename}>Zmień imię i nazwisko</Menu.Item>
        {employee.status === 'invited' ? (
          <Menu.Item onClick={onResendInvitation}>Wyślij ponownie zaproszenie</Menu.Item>
        ) : (
          <Menu.Item onClick={onResetPassword}>Wyślij link do zmiany hasła</Menu.Item>
        )}
        {isSelf ? null : (
          <>
            <Menu.Divider />
            <Menu.Item color="red" onClick={onRemove}>
              Usuń pracownika
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
