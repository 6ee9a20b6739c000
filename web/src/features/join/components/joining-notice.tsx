import { Alert } from '@mantine/core';
import type { JoinIntent } from '@punkto/contracts/identity';
import { useQuery } from '@tanstack/react-query';
import { publicProgramQueryOptions } from '../api/join';

/**
 * On the sign-up page reached from a programme's enrolment page (the poster): which programme the person is
 * joining, and that the e-mail's link brings them back to it (issue 33). The programme's public info is the one
 * the enrolment page just fetched; without it the notice names no programme.
 */
export function JoiningNotice({ joining }: { joining: JoinIntent }) {
  const program = useQuery(publicProgramQueryOptions(joining.tenantId, joining.programId));
  const name = program.data ? `„${program.data.programName}” (${program.data.companyName})` : 'z plakatu';
  return (
    <Alert color="punkto" variant="light" title={`Dołączasz do programu ${name}`}>
      Po założeniu konta link aktywacyjny z e-maila zaprowadzi Cię z powrotem do tego programu — kodu nie
      trzeba skanować ponownie.
    </Alert>
  );
}
