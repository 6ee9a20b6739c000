import { Alert, Group, Stack, Text } from '@mantine/core';
import type { Permission } from '@punkto/contracts/permissions';
import { permissionCatalogue } from '@punkto/contracts/permissions';
import type { ReactNode } from 'react';
import { CompanyRequired } from '../../../../components/ui/company-required';
import { ButtonLink } from '../../../../components/ui/link';
import { PageHeader } from '../../../../components/ui/page-header';
import { usePanelSession } from '../hooks/panel-session';

/** The page shown instead of a panel section the person may not open (a direct visit, an old link). */
export function NoAccess({ permission }: { permission?: Permission | undefined }) {
  const label = permission ? permissionCatalogue.find((p) => p.key === permission)?.label : undefined;
  return (
    <Stack gap="lg" maw={640}>
      <PageHeader title="Brak dostępu" />
      <Alert color="yellow" variant="light" title="Nie masz uprawnień do tej części panelu">
        <Text size="sm">
          {label ? (
            <>
              Potrzebne uprawnienie: <strong>{label}</strong>.{' '}
            </>
          ) : null}
          Jeśli potrzebujesz dostępu, poproś właściciela firmy o nadanie uprawnień.
        </Text>
      </Alert>
      <Group>
        <ButtonLink to="/panel">Wróć do panelu</ButtonLink>
      </Group>
    </Stack>
  );
}

/**
 * Renders `children` only for a person holding `permission` (owners hold all; `undefined` = any staff
 * member); everyone else sees the "Brak dostępu" page. Put it around a section's content, above any query.
 */
export function PermissionGate({
  permission,
  children,
}: {
  permission: Permission | undefined;
  children: ReactNode;
}) {
  const { can } = usePanelSession();
  return can(permission) ? <>{children}</> : <NoAccess permission={permission} />;
}

/**
 * A section of the company's panel: `children(tenantId)` for a person holding `permission`, „Brak dostępu”
 * for everyone else, and „Najpierw uzupełnij dane firmy” while an owner has not registered the company yet.
 */
export function TenantSectionGate({
  permission,
  children,
}: {
  permission: Permission | undefined;
  children: (tenantId: string) => ReactNode;
}) {
  const { tenantId } = usePanelSession();
  return (
    <PermissionGate permission={permission}>
      {tenantId ? children(tenantId) : <CompanyRequired />}
    </PermissionGate>
  );
}

/** Owners only (e.g. deleting the company); others see "Brak dostępu". */
export function OwnerGate({ children }: { children: ReactNode }) {
  const { isOwner } = usePanelSession();
  return isOwner ? <>{children}</> : <NoAccess />;
}
