import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { campaignStatusLabels, type Campaign, type CampaignStatus } from '@punkto/contracts/messages';
import type { Program } from '@punkto/contracts/programs';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../../components/ui/query-state';
import { errorMessage } from '../../../../lib/api/api-errors';
import { formatInteger } from '../../../../lib/format';
import { formatDateTime } from '../../../../lib/format-date';
import { notify } from '../../../../lib/notify-instance';
import { useCancelCampaign } from '../api/messages';
import { audienceLabel } from '../utils/audience';
import { channelsLabel, failureChannelLabel, reportRows } from '../utils/campaign-report';

/** light background, dark text (WCAG AA, like StatusBadge) */
const statusTone: Record<CampaignStatus, { color: string; c: string }> = {
  scheduled: { color: 'yellow', c: '#8a5300' },
  sending: { color: 'blue', c: '#0b4a8b' },
  sent: { color: 'green', c: '#1b5e20' },
  cancelled: { color: 'gray', c: 'gray.8' },
};

type CampaignListProps = {
  tenantId: string;
  campaigns: readonly Campaign[];
  programs: readonly Program[];
};

/** The company's campaigns, newest first: status, start, delivery report, and „Anuluj” while scheduled. */
export function CampaignList({ tenantId, campaigns, programs }: CampaignListProps) {
  // the campaign in the dialog; kept while the dialog fades out so its text stays put
  const [cancelling, setCancelling] = useState<Campaign | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const cancel = useCancelCampaign(tenantId);
  const programName = (id: string) => programs.find((p) => p.id === id)?.name;

  const close = () => {
    setDialogOpen(false);
    cancel.reset();
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="campaigns-heading">
      <Title order={2} size="h4" id="campaigns-heading">
        Wysłane i zaplanowane
      </Title>
      {campaigns.length === 0 ? (
        <EmptyState title="Nie ma jeszcze żadnych wiadomości">
          Tu zobaczysz wysłane i zaplanowane wiadomości z raportem: do ilu klientów dotarły w każdym kanale.
        </EmptyState>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {campaigns.map((campaign) => (
            <li key={campaign.id}>
              <CampaignCard
                campaign={campaign}
                audience={audienceLabel(campaign.audience, programName)}
                onCancel={() => {
                  cancel.reset();
                  setCancelling(campaign);
                  setDialogOpen(true);
                }}
              />
            </li>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={dialogOpen}
        title="Anulować wysyłkę?"
        confirmLabel="Anuluj wysyłkę"
        cancelLabel="Zostaw"
        loading={cancel.isPending}
        onCancel={close}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling.id, {
            onSuccess: () => {
              notify.success(`Anulowano wiadomość „${cancelling.title}”.`);
              close();
            },
          })
        }
      >
        <Stack gap="sm">
          <Text size="sm">
            Wiadomość „{cancelling?.title}” zaplanowana na {formatDateTime(cancelling?.startsAt)} nie zostanie
            wysłana. Anulowana kampania nie liczy się do limitu tygodniowego.
          </Text>
          {cancel.isError ? (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(cancel.error)}
            </Alert>
          ) : null}
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}

function CampaignCard({
  campaign,
  audience,
  onCancel,
}: {
  campaign: Campaign;
  audience: string;
  onCancel: () => void;
}) {
  const tone = statusTone[campaign.status];
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={`campaign-${campaign.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} size="h5" id={`campaign-${campaign.id}`} style={{ overflowWrap: 'anywhere' }}>
              {campaign.title}
            </Title>
            <Text size="sm" c="dimmed">
              {audience} · {channelsLabel(campaign.channels)}
            </Text>
          </Stack>
          <Badge variant="light" color={tone.color} c={tone.c} style={{ flexShrink: 0 }}>
            {campaignStatusLabels[campaign.status]}
          </Badge>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={3}>
          {campaign.body}
        </Text>
        <Text size="sm">
          {startLabel(campaign)}
          {campaign.movedByQuietHours ? (
            <Text span size="sm" c="#8a5300">
              {' '}
              (przesunięta przez ciszę nocną)
            </Text>
          ) : null}
        </Text>
        {campaign.status === 'scheduled' ? (
          <Group>
            <Button size="xs" variant="default" onClick={onCancel} aria-label={`Anuluj „${campaign.title}”`}>
              Anuluj
            </Button>
          </Group>
        ) : null}
        {campaign.status === 'sending' || campaign.status === 'sent' ? <Report campaign={campaign} /> : null}
      </Stack>
    </Card>
  );
}

function startLabel(campaign: Campaign): string {
  switch (campaign.status) {
    case 'scheduled':
      return `Start: ${formatDateTime(campaign.startsAt)}`;
    case 'sending':
      return `Wysyłka od ${formatDateTime(campaign.startedAt ?? campaign.startsAt)}`;
    case 'sent':
      return `Wysłana ${formatDateTime(campaign.startedAt ?? campaign.startsAt)}${
        campaign.finishedAt ? ` (zakończona ${formatDateTime(campaign.finishedAt)})` : ''
      }`;
    case 'cancelled':
      return `Miała wyjść ${formatDateTime(campaign.startsAt)} · anulowana ${formatDateTime(campaign.cancelledAt)}`;
  }
}

function Report({ campaign }: { campaign: Campaign }) {
  const { report } = campaign;
  const rows = reportRows(report, campaign.channels);
  return (
    <Stack gap="xs" data-testid="campaign-report">
      <Text size="sm">
        Odbiorcy: <strong>{formatInteger(report.targeted)}</strong> · nieosiągalni:{' '}
        {formatInteger(report.unreachable)} · wypisani z e-maili: {formatInteger(report.unsubscribed)}
      </Text>
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing={4} fz="sm" aria-label={`Raport dostarczenia: ${campaign.title}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Kanał</Table.Th>
              <Table.Th scope="col">Wysłane</Table.Th>
              <Table.Th scope="col">Nieudane</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.channel}>
                <Table.Th scope="row" fw={400}>
                  {row.channel}
                  {row.note ? (
                    <Text size="xs" c="dimmed">
                      {row.note}
                    </Text>
                  ) : null}
                </Table.Th>
                <Table.Td>{formatInteger(row.sent)}</Table.Td>
                <Table.Td>{formatInteger(row.failed)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {report.failures.length > 0 ? (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            Przyczyny niepowodzeń
          </Text>
          <Stack gap={0} component="ul" m={0} pl="md">
            {report.failures.map((failure) => (
              <Text component="li" size="sm" key={`${failure.channel}-${failure.reason}`}>
                {failureChannelLabel(failure.channel)}: {failure.reason} — {formatInteger(failure.count)}
              </Text>
            ))}
          </Stack>
        </Stack>
      ) : null}
      {campaign.status === 'sending' ? (
        <Text size="xs" c="dimmed">
          Wysyłka trwa — raport odświeża się sam.
        </Text>
      ) : null}
    </Stack>
  );
}
