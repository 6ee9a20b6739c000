import { Alert, Box, Stack } from '@mantine/core';
import { ReferralErrors } from '@punkto/contracts/referrals';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ButtonLink } from '../../../components/ui/link';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { errorMessage, isApiError } from '../../../lib/api/api-errors';
import { referralTargetQueryOptions } from '../api/referrals';
import { savePendingReferral } from '../utils/pending-referral';

/**
 * /polecenie/<code>: a friend's invite link (ADR 0061). The invite is kept in this browser and the friend goes on
 * to the program's usual join page; after joining, that page hands the invite to the new card.
 */
export function ReferralLanding({ code }: { code: string }) {
  const target = useQuery(referralTargetQueryOptions(code));
  const navigate = useNavigate();
  const found = target.data;

  useEffect(() => {
    if (!found) return;
    savePendingReferral(code, found.programId);
    void navigate({
      to: '/dodaj-karte-do-portfela',
      search: { program: found.programId, firma: found.tenantId },
      replace: true,
    });
  }, [found, code, navigate]);

  if (target.isPending || found) return <PageSpinner />;
  const unknown = isApiError(target.error) && target.error.code === ReferralErrors.notFound.code;
  return (
    <Box maw={560} mx="auto" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="lg">
        <PageHeader title={unknown ? 'Zaproszenie nieaktywne' : 'Nie udało się otworzyć zaproszenia'} />
        <Alert color={unknown ? 'yellow' : 'red'} variant="light">
          {unknown ? ReferralErrors.notFound.message : errorMessage(target.error)}
        </Alert>
        <ButtonLink to="/" variant="default" w="fit-content">
          Strona główna
        </ButtonLink>
      </Stack>
    </Box>
  );
}
