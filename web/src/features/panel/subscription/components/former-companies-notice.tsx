import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../../components/ui/link';
import { formerCompaniesQueryOptions } from '../api/subscription';

/** For an owner without a company who closed one: where its invoices are (nothing when there are none). */
export function FormerCompaniesNotice() {
  const former = useQuery(formerCompaniesQueryOptions());
  if (!former.data?.items.length) return null;
  return (
    <Alert color="blue" variant="light" title="Faktury zamkniętych firm">
      <Text size="sm">
        Faktury usuniętych firm są dostępne do pobrania przez 5 lat od końca roku ich wystawienia.{' '}
        <AnchorLink to="/faktury-zamknietych-firm">Faktury zamkniętych firm</AnchorLink>
      </Text>
    </Alert>
  );
}
