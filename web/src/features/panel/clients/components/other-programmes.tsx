import { Stack, Text } from '@mantine/core';
import type { PersonEnrolment } from '@punkto/contracts/clients';
import { EnrolmentLinks } from './client-people-list';

/**
 * The person's other programmes on a client's page (ADR 0054), as the client's answer gives them (the person's row
 * of the clients list): each leads to that programme's client page. Nothing when the person is in one programme.
 */
export function OtherProgrammes({ programmes }: { programmes: PersonEnrolment[] }) {
  if (!programmes.length) return null;
  // a term of the client's data list (as the page's other fields)
  return (
    <Stack gap={2}>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        Inne programy tej osoby
      </Text>
      <Text component="dd" m={0}>
        <EnrolmentLinks enrolments={programmes} />
      </Text>
    </Stack>
  );
}
