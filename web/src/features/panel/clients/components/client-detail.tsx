import { Alert, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ClientErrors, clientStatusLabels, NO_EMAIL_LABEL } from '@punkto/contracts/clients';
import { Permissions } from '@punkto/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CustomerPhone } from '../../../../components/ui/customer-phone';
import { AnchorLink } from '../../../../components/ui/link';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { PageHeader } from '../../../../components/ui/page-header';
import { errorMessage, isApiError } from '../../../../lib/api/api-errors';
import { formatDate } from '../../../../lib/format-date';
import { clientQueryOptions } from '../api/clients';
import { usePanelSession } from '../../shell/hooks/panel-session';
import { ClientCardWithHistory } from './client-card';
import { EditClientSection } from './edit-client';
import { GiveEmailSection } from './give-email';
import { OtherProgrammes } from './other-programmes';
import { RemoveClientSection } from './remove-client';
import { clientSourceLabel, clientStatusTone } from '../utils/client-labels';

function BackLink() {
  return (
    <AnchorLink to="/panel/klienci" size="sm">
      ← Wróć do listy klientów
    </AnchorLink>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

/** /panel/klienci/$clientId: the client's data and their loyalty card (for staff who may scan cards). */
export function ClientDetail({ tenantId, clientId }: { tenantId: string; clientId: string }) {
  const client = useQuery(clientQueryOptions(tenantId, clientId));
  const { can } = usePanelSession();

  if (client.isPending) {
    return (
      <Stack
        gap="md"
        py={{ base: 'md', sm: 'lg' }}
        role="status"
        aria-busy="true"
        aria-label="Ładowanie klienta"
      >
        <BackLink />
        <Skeleton height={36} width="60%" />
        <Skeleton height={160} />
      </Stack>
    );
  }
  if (client.isError) {
    const notFound =
      isApiError(client.error) &&
      (client.error.status === 404 || client.error.code === ClientErrors.notFound.code);
    return (
      <Stack gap="md" py={{ base: 'md', sm: 'lg' }} maw={640}>
        <BackLink />
        <PageHeader title={notFound ? 'Nie znaleziono klienta' : 'Nie udało się wczytać klienta'} />
        <Alert color={notFound ? 'yellow' : 'red'} variant="light">
          {notFound ? 'Ten klient nie istnieje albo nie należy do Twojej firmy.' : errorMessage(client.error)}
        </Alert>
      </Stack>
    );
  }

  const data = client.data;
  return (
    <Stack gap="lg" py={{ base: 'md', sm: 'lg' }}>
      <BackLink />
      <Group gap="sm" align="center">
        <PageHeader title={data.name} />
        <StatusBadge tone={clientStatusTone(data.status)} size="lg">
          {clientStatusLabels[data.status]}
        </StatusBadge>
      </Group>

      <Card withBorder padding="lg" component="section" aria-labelledby="client-data-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="client-data-title">
            Dane klienta
          </Title>
          <Stack component="dl" gap="md" m={0}>
            <Field label="E-mail">{data.email ?? NO_EMAIL_LABEL}</Field>
            <Field label="Telefon">
              {data.phone ? <CustomerPhone phone={data.phone} givenBy={data.phoneGivenBy} /> : 'nie podano'}
            </Field>
            <Field label="Program">{data.programName}</Field>
            <OtherProgrammes programmes={data.otherProgrammes} />
            <Field label="Status">{clientStatusLabels[data.status]}</Field>
            <Field label="Źródło zapisu">{clientSourceLabel(data)}</Field>
            <Field label="Data zapisu">{formatDate(data.enrolledAt)}</Field>
          </Stack>
        </Stack>
      </Card>

      {can(Permissions.cardsScan) ? (
        <ClientCardWithHistory
          clientId={clientId}
          // an imported client's account is made without the customer (ADR 0059): the card follows in seconds
          awaitsAccount={data.status === 'invited' && data.source !== 'imported'}
        />
      ) : null}

      {can(Permissions.clientsManage) && data.email === null ? (
        <GiveEmailSection tenantId={tenantId} client={data} />
      ) : null}

      {can(Permissions.clientsManage) ? <EditClientSection tenantId={tenantId} client={data} /> : null}

      {can(Permissions.clientsManage) ? (
        <RemoveClientSection
          tenantId={tenantId}
          clientId={clientId}
          name={data.name}
          hasAccount={data.email !== null}
        />
      ) : null}
    </Stack>
  );
}
