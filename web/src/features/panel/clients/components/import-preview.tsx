import {
  Alert,
  Button,
  Checkbox,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ImportClientsResponse, ImportField, ImportRowCells } from '@punkto/contracts/client-import';
import type { Program } from '@punkto/contracts/programs';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ButtonLink } from '../../../../components/ui/link';
import { errorMessage } from '../../../../lib/api/api-errors';
import { plural } from '../../../../lib/format';
import { importClientsInBatches } from '../api/clients';
import {
  cellsOf,
  guessColumns,
  IMPORT_FIELDS,
  importFieldLabels,
  previewRows,
  unusedColumns,
  type ColumnMap,
  type Table,
  unansweredRows,
} from '../utils/client-import';
import { ImportFixRows } from './import-fix-rows';

type Results = ImportClientsResponse['results'];
type PreviewProps = {
  tenantId: string;
  program: Program;
  fileName: string;
  table: Table;
  importId: string;
  onAnotherFile: () => void;
};

const rowsLabel = (n: number) => `${n.toLocaleString('pl-PL')} ${plural(n, 'wiersz', 'wiersze', 'wierszy')}`;

/** the column mapping, the rows to fix, the invitations choice, then the import with its progress and answers */
export function ImportPreview({ tenantId, program, fileName, table, importId, onAnotherFile }: PreviewProps) {
  const queryClient = useQueryClient();
  const balanceField = program.kind === 'stamps' ? 'stamps' : 'points';
  const [map, setMap] = useState<ColumnMap>(() => guessColumns(table.headers));
  const [edits, setEdits] = useState<ReadonlyMap<number, ImportRowCells>>(new Map());
  const [skipped, setSkipped] = useState<ReadonlySet<number>>(new Set());
  const [invite, setInvite] = useState(false);
  const [results, setResults] = useState<Results | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // the file's rows as mapped (made once per mapping), with the owner's fixes over them
  const mapped = useMemo(() => table.rows.map((_, i) => cellsOf(table, map, i)), [table, map]);
  const rows = useMemo(() => previewRows(mapped.map((c) => edits.get(c.row) ?? c)), [mapped, edits]);
  // the rows shown to fix: those with errors as the mapping reads them, and those being edited
  const toFix = rows.filter((r) => r.errors.length > 0 || edits.has(r.cells.row));
  const ready = rows.filter((r) => r.errors.length === 0);
  const leftOut = rows.length - ready.length;
  const running = results !== null && results.length < ready.length && failure === null;
  const done = results !== null && !running;

  // a retry goes on from the first row not answered: the answers so far stay, each row counted once
  const start = async () => {
    const answered = results ?? [];
    setFailure(null);
    setResults(answered);
    try {
      await importClientsInBatches(
        tenantId,
        {
          importId,
          programId: program.id,
          invite,
          rows: unansweredRows(
            ready.map((r) => r.cells),
            answered,
          ),
        },
        (batch) => setResults((so) => [...(so ?? []), ...batch]),
        queryClient,
      );
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  if (results !== null)
    return (
      <ImportProgress
        total={ready.length}
        results={results}
        failure={failure}
        done={done}
        onRetry={() => void start()}
        onAnotherFile={onAnotherFile}
      />
    );

  const setColumn = (field: ImportField, value: string | null) => {
    setEdits(new Map());
    setMap({ ...map, [field]: value === null || value === '' ? [] : [Number(value)] });
  };
  const columnOptions = [
    { value: '', label: '— brak —' },
    ...table.headers.map((h, i) => ({ value: String(i), label: h || `Kolumna ${i + 1}` })),
  ];
  const skippedColumns = unusedColumns(table.headers, map);

  return (
    <Stack gap="lg">
      <Text>
        Plik <strong>{fileName}</strong>: {rowsLabel(rows.length)}, program „{program.name}”.{' '}
        <Button variant="subtle" size="compact-sm" onClick={onAnotherFile}>
          Wybierz inny plik
        </Button>
      </Text>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Kolumny
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          {IMPORT_FIELDS.filter((f) => f !== (balanceField === 'points' ? 'stamps' : 'points')).map(
            (field) => (
              <Select
                key={field}
                label={importFieldLabels[field]}
                description={
                  field === 'birthday' ? 'Dzień i miesiąc, np. 14.03 — rok nie jest zapisywany' : undefined
                }
                data={columnOptions}
                value={map[field].length === 1 ? String(map[field][0]) : map[field].length ? null : ''}
                placeholder={map[field].map((i) => table.headers[i]).join(' + ')}
                onChange={(value) => setColumn(field, value)}
                allowDeselect={false}
              />
            ),
          )}
        </SimpleGrid>
        {skippedColumns.length ? (
          <Text size="sm" c="dimmed">
            Pominięte kolumny: {skippedColumns.join(', ')}.
          </Text>
        ) : null}
      </Stack>
      <Alert color={leftOut ? 'yellow' : 'green'} variant="light" aria-live="polite">
        Gotowe do importu: {rowsLabel(ready.length)}.
        {leftOut ? ` Z błędami lub pominięte: ${rowsLabel(leftOut)}.` : ''}
      </Alert>
      {toFix.length ? (
        <ImportFixRows
          rows={toFix}
          balanceField={balanceField}
          skipped={skipped}
          onChange={(cells) => setEdits(new Map(edits).set(cells.row, cells))}
          onSkip={(row, skip) => {
            const next = new Set(skipped);
            if (skip) next.add(row);
            else next.delete(row);
            setSkipped(next);
          }}
        />
      ) : null}
      <Checkbox
        label="Wyślij zaproszenia klientom, którzy wyrazili zgodę"
        description="Zaproszenie do konta dostaną tylko klienci z adresem e-mail i zgodą „tak”. Pozostali nie dostaną żadnej wiadomości."
        checked={invite}
        onChange={(event) => setInvite(event.currentTarget.checked)}
      />
      <Group>
        <Button onClick={() => void start()} disabled={ready.length === 0}>
          Importuj klientów: {ready.length.toLocaleString('pl-PL')}
        </Button>
      </Group>
    </Stack>
  );
}

type ProgressProps = {
  total: number;
  results: Results;
  failure: string | null;
  done: boolean;
  onRetry: () => void;
  onAnotherFile: () => void;
};

/** the batches' progress, then what became of every row */
function ImportProgress({ total, results, failure, done, onRetry, onAnotherFile }: ProgressProps) {
  const created = results.filter((r) => r.outcome === 'created').length;
  const existing = results.filter((r) => r.outcome === 'existing').length;
  const errors = results.filter((r) => r.outcome === 'error');
  const percent = total ? Math.round((results.length / total) * 100) : 100;
  return (
    <Stack gap="md">
      <Progress value={percent} aria-label="Postęp importu" size="lg" />
      <Text aria-live="polite">
        Przetworzono {results.length.toLocaleString('pl-PL')} z {rowsLabel(total)}.
      </Text>
      {failure ? (
        <Alert color="red" variant="light" role="alert" title="Import przerwany">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{failure}</Text>
            <Text size="sm">
              Wiersze już zaimportowane zostają. Ponowienie niczego nie zdubluje: klienci, którzy już są w
              programie, zostaną pominięci.
            </Text>
            <Button size="xs" onClick={onRetry}>
              Ponów import
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {done && !failure ? (
        <Alert color="green" variant="light" title="Import zakończony">
          <Stack gap={4}>
            <Text size="sm">
              Zaimportowani klienci (z saldem z karty papierowej): {created.toLocaleString('pl-PL')}.
            </Text>
            {existing ? (
              <Text size="sm">
                Już byli klientami tego programu (pominięci): {existing.toLocaleString('pl-PL')}.
              </Text>
            ) : null}
            {errors.length ? (
              <Text size="sm">Nie zaimportowano: {rowsLabel(errors.length)} — powody poniżej.</Text>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      {errors.length ? (
        <Stack gap={4} aria-label="Wiersze niezaimportowane">
          {errors.slice(0, 200).map((r) => (
            <Text key={r.row} size="sm">
              Wiersz {r.row}: {r.errors.map((e) => e.message).join(' ')}
            </Text>
          ))}
        </Stack>
      ) : null}
      {done ? (
        <Group>
          <ButtonLink to="/panel/klienci">Przejdź do klientów</ButtonLink>
          <Button variant="default" onClick={onAnotherFile}>
            Importuj kolejny plik
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
