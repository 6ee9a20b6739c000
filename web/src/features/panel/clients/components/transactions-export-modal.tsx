import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { exportTransactions } from '@punkto/contracts/endpoints/exports';
import { useState } from 'react';
import { api } from '../../../../lib/api/api-client';
import { useCsvExport } from '../hooks/use-csv-export';
import { defaultExportRange, exportRangeErrors } from '../utils/export-range';
import { CsvExportStatus } from './csv-export-status';
import { AppModal } from '../../../../components/ui/app-modal';

type Props = { tenantId: string; opened: boolean; onClose: () => void };

/** "Eksport transakcji": the card history of the chosen Warsaw days as a CSV, downloaded with progress. */
export function TransactionsExportModal({ tenantId, opened, onClose }: Props) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Eksport transakcji do CSV">
      {opened ? <TransactionsExportBody tenantId={tenantId} onClose={onClose} /> : null}
    </AppModal>
  );
}

function TransactionsExportBody({ tenantId, onClose }: { tenantId: string; onClose: () => void }) {
  const [range, setRange] = useState(() => defaultExportRange(new Date()));
  const [touched, setTouched] = useState(false);
  const download = useCsvExport(`transakcje-${range.to}.csv`);
  const errors = touched ? exportRangeErrors(range) : null;
  const running = download.state.status === 'running';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (exportRangeErrors(range)) return;
    await download.start(() =>
      api.open(exportTransactions, { params: { id: tenantId }, query: { from: range.from, to: range.to } }),
    );
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Wszystkie wpisy historii kart (punkty, pieczątki, nagrody) z wybranych dni, czasu polskiego. Plik
          otworzysz w Excelu; zakres może obejmować najwyżej 366 dni.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            type="date"
            label="Od dnia"
            value={range.from}
            onChange={(e) => setRange({ ...range, from: e.currentTarget.value })}
            error={errors?.from}
            disabled={running}
            required
          />
          <TextInput
            type="date"
            label="Do dnia"
            value={range.to}
            onChange={(e) => setRange({ ...range, to: e.currentTarget.value })}
            error={errors?.to}
            disabled={running}
            required
          />
        </SimpleGrid>
        <CsvExportStatus state={download.state} label="Postęp eksportu transakcji" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Zamknij
          </Button>
          <Button type="submit" loading={running}>
            Pobierz CSV
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
