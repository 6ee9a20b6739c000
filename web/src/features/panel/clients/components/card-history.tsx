import { Alert, Button, Card, Group, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ActivityType } from '@punkto/contracts/card-activity';
import { VoidEntryRequest, type StaffCardActivity } from '@punkto/contracts/cards';
import { Permissions } from '@punkto/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ActivityList } from '../../../../components/card-activity/activity-list';
import { TablePagination } from '../../../../components/ui/table-pagination';
import { errorMessage, isApiError } from '../../../../lib/api/api-errors';
import { activityAmountLabel, activityFilterOptions } from '../../../../lib/card-activity';
import { CorrectionReasonField } from './correction-reason-field';
import { useZodForm } from '../../../../lib/form/use-zod-form';
import { notify } from '../../../../lib/notify-instance';
import { usePanelSession } from '../../shell/hooks/panel-session';
import { cardHistoryQueryOptions, useVoidEntry } from '../api/clients';
import { ModalFormFooter } from '../../../../components/ui/modal-form-footer';
import { AppModal } from '../../../../components/ui/app-modal';

const PAGE_SIZE = 20;
const VoidForm = VoidEntryRequest.pick({ reason: true });
const newKey = () => crypto.randomUUID();

type Filters = { activityType: ActivityType | ''; employeeId: string; from: string; to: string };
const noFilters: Filters = { activityType: '', employeeId: '', from: '', to: '' };

/**
 * The card's history on the client's page: every award, redemption and correction with who did it, filtered
 * by kind, person and days; staff allowed to correct may void an award or a redemption (ADR 0016).
 */
export function CardHistory({ cardId, clientId }: { cardId: string; clientId: string }) {
  const { can } = usePanelSession();
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [pageNumber, setPageNumber] = useState(1);
  const [voiding, setVoiding] = useState<StaffCardActivity | null>(null);
  // the people seen in this card's history so far, for the filter (names come with the entries)
  const [people, setPeople] = useState<Map<string, string>>(new Map());

  const rangeReversed = !!filters.from && !!filters.to && filters.from > filters.to;
  const history = useQuery(
    cardHistoryQueryOptions(cardId, {
      pageNumber,
      pageSize: PAGE_SIZE,
      activityType: filters.activityType || undefined,
      employeeId: filters.employeeId || undefined,
      // a reversed range is said under the field and not asked for
      from: (!rangeReversed && filters.from) || undefined,
      to: (!rangeReversed && filters.to) || undefined,
    }),
  );
  const items = history.data?.items ?? [];
  const unseen = items.filter((e) => e.employeeId && e.employeeName && !people.has(e.employeeId));
  if (unseen.length) {
    const next = new Map(people);
    for (const e of unseen) next.set(e.employeeId!, e.employeeName!);
    setPeople(next);
  }
  const setFilter = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPageNumber(1);
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="card-history-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="card-history-title">
          Historia karty
        </Title>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Rodzaj"
            data={activityFilterOptions}
            value={filters.activityType}
            onChange={(value) => setFilter('activityType', (value ?? '') as Filters['activityType'])}
            allowDeselect={false}
            w={{ base: '100%', xs: 220 }}
          />
          <Select
            label="Kto"
            data={[
              { value: '', label: 'Wszyscy' },
              ...[...people].map(([value, label]) => ({ value, label })),
            ]}
            value={filters.employeeId}
            onChange={(value) => setFilter('employeeId', value ?? '')}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
          />
          <TextInput
            type="date"
            label="Od dnia"
            value={filters.from}
            onChange={(e) => setFilter('from', e.currentTarget.value)}
            w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 170 }}
          />
          <TextInput
            type="date"
            label="Do dnia"
            value={filters.to}
            onChange={(e) => setFilter('to', e.currentTarget.value)}
            error={rangeReversed ? 'Data początkowa nie może być późniejsza niż końcowa.' : undefined}
            w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 170 }}
          />
        </Group>

        {history.isPending ? (
          <Skeleton height={120} role="status" aria-label="Ładowanie historii karty" />
        ) : history.isError ? (
          <Alert color="red" variant="light">
            {errorMessage(history.error)}
          </Alert>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {filters === noFilters
              ? 'Na tej karcie nic się jeszcze nie wydarzyło.'
              : 'Brak wpisów dla tych filtrów.'}
          </Text>
        ) : (
          <>
            <ActivityList
              items={items}
              label="Historia karty"
              details={(entry) =>
                entry.employeeName ? (
                  <Text size="xs" c="dimmed">
                    Kto: {entry.employeeName}
                  </Text>
                ) : null
              }
              action={(entry) =>
                entry.voidable && can(Permissions.cardsCorrect) ? (
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    onClick={() => setVoiding(entry)}
                    aria-label={`Anuluj wpis: ${entry.description}`}
                  >
                    Anuluj wpis
                  </Button>
                ) : null
              }
            />
            <TablePagination
              label="Strony historii karty"
              pageNumber={history.data.pageNumber}
              totalPages={history.data.totalPages}
              totalCount={history.data.totalCount}
              onChange={setPageNumber}
            />
          </>
        )}
      </Stack>
      {voiding ? (
        <VoidEntryDialog
          key={voiding.id}
          entry={voiding}
          cardId={cardId}
          clientId={clientId}
          onClose={() => setVoiding(null)}
        />
      ) : null}
    </Card>
  );
}

function VoidEntryDialog({
  entry,
  cardId,
  clientId,
  onClose,
}: {
  entry: StaffCardActivity;
  cardId: string;
  clientId: string;
  onClose: () => void;
}) {
  const voidEntry = useVoidEntry(cardId, clientId);
  const form = useZodForm(VoidForm, { reason: '' });
  // one key per correction meant here: a retry after a lost answer voids once (and one for "adjust the rest")
  const [keys] = useState(() => ({ whole: newKey(), rest: newKey() }));
  // an award partly spent: the server said why it cannot be voided whole; staff may void it and adjust the rest
  const [partlySpent, setPartlySpent] = useState<string | null>(null);
  const amount = activityAmountLabel(entry);
  const submit = form.onSubmit(async ({ reason }) => {
    const adjustRest = partlySpent !== null;
    try {
      await voidEntry.mutateAsync({
        body: { activityId: entry.id, reason, adjustRest },
        idempotencyKey: adjustRest ? keys.rest : keys.whole,
      });
    } catch (error) {
      if (adjustRest || !isApiError(error) || error.code !== 'CARD.VOID_BELOW_ZERO') throw error;
      setPartlySpent(errorMessage(error));
      return;
    }
    notify.success(
      adjustRest
        ? 'Wpis anulowany. Z karty zniknęło to, co z niego zostało; wydana część zostaje.'
        : 'Wpis anulowany. Saldo karty zostało poprawione.',
    );
    onClose();
  });
  return (
    <AppModal opened onClose={onClose} title="Anulować ten wpis?">
      <form onSubmit={submit} noValidate aria-label="Anulowanie wpisu">
        <Stack gap="md">
          <Text size="sm">
            {entry.description}
            {amount ? ` (${amount})` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            Wpis zostanie w historii z oznaczeniem „Anulowano”, a saldo karty wróci do stanu sprzed niego.
            Klient zobaczy korektę i jej powód w swojej historii.
          </Text>
          <CorrectionReasonField
            placeholder="np. Pomyłka w kwocie: miało być 42,50 zł"
            data-autofocus
            value={form.values.reason}
            error={form.errors.reason}
            onChange={(event) => form.setFieldValue('reason', event.currentTarget.value)}
          />
          {partlySpent ? (
            <Alert color="orange" variant="light" data-testid="void-partly-spent">
              <Text size="sm">{partlySpent}</Text>
              <Text size="sm" mt="xs">
                „Anuluj i skoryguj resztę” anuluje ten wpis i zabierze z karty tylko to, co z niego zostało.
                Wydana nagroda zostaje, a w historii pojawi się korekta salda o wydaną część.
              </Text>
            </Alert>
          ) : null}
          <ModalFormFooter
            error={form.formError}
            onCancel={onClose}
            cancelLabel="Wróć"
            submitLabel={partlySpent ? 'Anuluj i skoryguj resztę' : 'Tak, anuluj wpis'}
            submitting={form.submitting}
            danger
          />
        </Stack>
      </form>
    </AppModal>
  );
}
