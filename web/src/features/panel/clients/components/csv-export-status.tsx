import { Alert, Progress, Stack, Text } from '@mantine/core';
import type { CsvExportState } from '../hooks/use-csv-export';
import { progressLabel } from '../utils/export-range';

/**
 * The progress of a CSV download ("Pobrano 1200 z 10 000 wierszy") against the total the server announced;
 * when done, the rows received and the file saved stay in view; a failure in Polish.
 */
export function CsvExportStatus({ state, label }: { state: CsvExportState; label: string }) {
  if (state.status === 'idle') return null;
  if (state.status === 'failed')
    return (
      <Alert color="red" variant="light" title="Nie udało się pobrać pliku">
        {state.message}
      </Alert>
    );
  const { rows, total } = state.progress;
  const done = state.status === 'done';
  const percent = done ? 100 : total ? Math.min(100, (rows / total) * 100) : 0;
  return (
    <Stack gap={4} role="status" aria-live="polite">
      <Text size="sm">{progressLabel(state.progress)}</Text>
      <Progress value={percent} animated={!done} aria-label={label} color={done ? 'green' : undefined} />
      {done ? (
        <Text size="sm" c="dimmed">
          Zapisano plik {state.fileName}.
        </Text>
      ) : null}
    </Stack>
  );
}
