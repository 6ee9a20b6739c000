import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { EnrolmentLinks } from './client-people-list';
import { clientsQueryOptions } from '../api/clients';

/**
 * The person's other programmes on a client's page (ADR 0054): the clients list's row of this person — found by
 * the enrolment's address, which the person's row is searchable by — without this enrolment. Each leads to that
 * programme's client page. Nothing while loading, on an error, or when the person is in one programme only.
 */
export function OtherProgrammes({
  tenantId,
  clientId,
  email,
}: {
  tenantId: string;
  clientId: string;
  /** null: a phone-only client, always its own person (ADR 0056): no other programmes */
  email: string | null;
}) {
  const people = useQuery({
    ...clientsQueryOptions(tenantId, {
      pageNumber: 1,
      pageSize: 20,
      searchTerm: email ?? '',
      sortBy: 'name',
      sortDescending: false,
    }),
    enabled: !!email,
  });
  const person = people.data?.items.find((p) => p.enrolments.some((e) => e.clientId === clientId));
  const others = person?.enrolments.filter((e) => e.clientId !== clientId) ?? [];
  if (!others.length) return null;
  // a term of the client's data list (as the page's other fields)
  return (
    <Stack gap={2}>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        Inne programy tej osoby
      </Text>
      <Text component="dd" m={0}>
        <EnrolmentLinks enrolments={others} />
      </Text>
    </Stack>
  );
}
