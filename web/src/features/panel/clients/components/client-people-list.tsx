import { Card, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { clientStatusLabels, NO_EMAIL_LABEL, type ClientPerson } from '@punkto/contracts/clients';
import { CustomerPhone } from '../../../../components/ui/customer-phone';
import { AnchorLink } from '../../../../components/ui/link';
import { ListTable, type ListColumn } from '../../../../components/ui/list-table';
import type { SortState } from '../../../../components/ui/sortable-th';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatDate } from '../../../../lib/format-date';
import { clientStatusTone } from '../utils/client-labels';
import type { ClientSortColumn } from '../utils/clients-search';

type ListProps = {
  people: ClientPerson[];
  sort: SortState<ClientSortColumn>;
  onSort: (next: SortState<ClientSortColumn>) => void;
};

const COLUMNS: ListColumn<ClientSortColumn>[] = [
  { label: 'Imię i nazwisko', sortBy: 'name' },
  { label: 'E-mail', sortBy: 'email' },
  { label: 'Telefon' },
  { label: 'Programy' },
  { label: 'Data zapisu', sortBy: 'enrolledAt' },
  { label: 'Status', sortBy: 'status' },
];

/**
 * The clients list's rows: one per person (ADR 0054) with the programmes they are in, each leading to that
 * programme's client page. A table on a wide screen; on a phone a card per person, sorted by a select.
 */
export function ClientPeopleList({ people, sort, onSort }: ListProps) {
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  if (phone)
    return (
      <Stack gap="sm">
        <PhoneSort sort={sort} onSort={onSort} />
        <Stack gap="sm" role="list" aria-label="Klienci">
          {people.map((person) => (
            <PersonCard key={person.id} person={person} />
          ))}
        </Stack>
      </Stack>
    );
  return (
    <ListTable label="Klienci" minWidth={800} columns={COLUMNS} sorting={{ sort, onSort }}>
      {people.map((person) => (
        <Table.Tr key={person.id}>
          <Table.Td fw={500}>
            <PersonName person={person} />
          </Table.Td>
          <Table.Td>
            {person.email ?? (
              <Text component="span" c="dimmed" size="sm">
                {NO_EMAIL_LABEL}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <PersonPhone person={person} />
          </Table.Td>
          <Table.Td>
            <Programmes person={person} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(person.enrolledAt)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <PersonStatus person={person} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** a person as a card (a phone's list) */
function PersonCard({ person }: { person: ClientPerson }) {
  return (
    <Card withBorder padding="md" role="listitem" aria-label={person.name}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            <PersonName person={person} />
          </Text>
          <PersonStatus person={person} />
        </Group>
        <Text size="sm" c={person.email ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
          {person.email ?? NO_EMAIL_LABEL}
        </Text>
        {person.phone ? (
          <Text size="sm" component="div">
            <PersonPhone person={person} />
          </Text>
        ) : null}
        <Text size="sm" component="div">
          <Text span c="dimmed" size="sm">
            Programy:{' '}
          </Text>
          <Programmes person={person} />
        </Text>
        <Text size="sm" c="dimmed">
          Zapis: {formatDate(person.enrolledAt)}
        </Text>
      </Stack>
    </Card>
  );
}

const PHONE_SORTS: Array<{ value: string; label: string; sort: SortState<ClientSortColumn> }> = [
  { value: 'enrolledAt-desc', label: 'Najnowsze zapisy', sort: { by: 'enrolledAt', descending: true } },
  { value: 'enrolledAt-asc', label: 'Najstarsze zapisy', sort: { by: 'enrolledAt', descending: false } },
  { value: 'name-asc', label: 'Imię i nazwisko (A–Ż)', sort: { by: 'name', descending: false } },
  { value: 'name-desc', label: 'Imię i nazwisko (Ż–A)', sort: { by: 'name', descending: true } },
  { value: 'email-asc', label: 'E-mail (A–Z)', sort: { by: 'email', descending: false } },
  { value: 'email-desc', label: 'E-mail (Z–A)', sort: { by: 'email', descending: true } },
  { value: 'status-asc', label: 'Najpierw aktywni', sort: { by: 'status', descending: false } },
  { value: 'status-desc', label: 'Najpierw zaproszeni', sort: { by: 'status', descending: true } },
];
const sortValue = (sort: SortState<ClientSortColumn>) => `${sort.by}-${sort.descending ? 'desc' : 'asc'}`;

/** the table's sortable headers, for a phone: one select of every column and order */
function PhoneSort({ sort, onSort }: Pick<ListProps, 'sort' | 'onSort'>) {
  return (
    <NativeSelect
      label="Sortuj"
      value={sortValue(sort)}
      data={PHONE_SORTS.map(({ value, label }) => ({ value, label }))}
      onChange={(event) => {
        const chosen = PHONE_SORTS.find((o) => o.value === event.currentTarget.value);
        if (chosen) onSort(chosen.sort);
      }}
      maw={320}
    />
  );
}

/** the name leads to the client page of the person's first programme (it lists the others) */
function PersonName({ person }: { person: ClientPerson }) {
  return (
    <AnchorLink to="/panel/klienci/$clientId" params={{ clientId: person.enrolments[0]!.clientId }}>
      {person.name}
    </AnchorLink>
  );
}

function PersonPhone({ person }: { person: ClientPerson }) {
  return person.phone ? (
    <CustomerPhone phone={person.phone} givenBy={person.phoneGivenBy} />
  ) : (
    <Text component="span" c="dimmed" size="sm">
      —
    </Text>
  );
}

function PersonStatus({ person }: { person: ClientPerson }) {
  return (
    <StatusBadge tone={clientStatusTone(person.status)}>{clientStatusLabels[person.status]}</StatusBadge>
  );
}

/** each programme's name leads to that enrolment's client page (card, history, corrections) */
function Programmes({ person }: { person: ClientPerson }) {
  return <EnrolmentLinks enrolments={person.enrolments} />;
}

/** programme names, each leading to that enrolment's client page; an invitation not accepted yet says so */
export function EnrolmentLinks({ enrolments }: { enrolments: ClientPerson['enrolments'] }) {
  return (
    <Group component="span" gap={4} wrap="wrap" style={{ display: 'inline-flex' }}>
      {enrolments.map((enrolment, i) => (
        <span key={enrolment.clientId}>
          <AnchorLink to="/panel/klienci/$clientId" params={{ clientId: enrolment.clientId }}>
            {enrolment.programName}
          </AnchorLink>
          {enrolment.status === 'invited' ? (
            <Text span size="xs" c="dimmed">
              {' '}
              (zaproszenie)
            </Text>
          ) : null}
          {i < enrolments.length - 1 ? ',' : null}
        </span>
      ))}
    </Group>
  );
}
