import { Alert, Skeleton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../../lib/api/api-errors';

/** What a settings section of the program's edit page is given: the program and its unit. */
export type ProgramSettingsProps = { tenantId: string; programId: string; unit: 'points' | 'stamps' };

/**
 * A settings section of the program's edit page with its own query (expiry, referrals): a placeholder of the form's
 * height while it loads, the reason in Polish if it fails, else the form with the loaded settings.
 */
export function SettingsSectionLoader<T>({
  query,
  height,
  errorTitle,
  children,
}: {
  query: UseQueryResult<T>;
  /** the placeholder's height (about the form's, so the page does not jump) */
  height: number;
  /** e.g. „Nie udało się wczytać ustawień wygasania” */
  errorTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Skeleton height={height} radius="md" />;
  if (query.isError)
    return (
      <Alert color="red" variant="light" title={errorTitle}>
        {errorMessage(query.error)}
      </Alert>
    );
  return children(query.data);
}
