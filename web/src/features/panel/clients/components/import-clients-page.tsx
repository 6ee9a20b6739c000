import { Alert, Button, FileButton, Group, Select, Stack, Text } from '@mantine/core';
import { IMPORT_SAMPLE_CSV } from '@punkto/contracts/client-import';
import type { Program } from '@punkto/contracts/programs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AnchorLink } from '../../../../components/ui/link';
import { PageHeader } from '../../../../components/ui/page-header';
import { LoadError, LoadingBlocks } from '../../../../components/ui/query-state';
import { saveBlob } from '../../../../lib/save-blob';
import { programsQueryOptions } from '../../programs/api/list-programs';
import { fileSizeProblem, MAX_IMPORT_ROWS, readTable, type Table } from '../utils/client-import';
import { ImportPreview } from './import-preview';

/** the sample offered for download: the Polish headers the import recognises, `;` as Polish Excel writes it */
const downloadSample = () =>
  saveBlob(
    new Blob(['\uFEFF', IMPORT_SAMPLE_CSV], { type: 'text/csv;charset=utf-8' }),
    'klienci-przyklad.csv',
  );

type LoadedFile = { name: string; table: Table; importId: string };

/**
 * /panel/klienci/import („Przenieś klientów z papieru”, ADR 0059): choose the programme and a CSV/XLSX file, check
 * and fix the rows, import them in batches with a progress bar.
 */
export function ImportClientsPage({ tenantId }: { tenantId: string }) {
  const programs = useQuery(programsQueryOptions(tenantId));
  const [programId, setProgramId] = useState<string | null>(null);
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  const choose = async (chosen: File | null) => {
    if (!chosen) return;
    // a file too large is not read into the tab at all
    const tooLarge = fileSizeProblem(chosen.size);
    setProblem(tooLarge);
    if (tooLarge) return;
    setReading(true);
    try {
      const table = await readTable(chosen);
      if (table.rows.length === 0) setProblem('Plik nie zawiera żadnych wierszy z klientami.');
      else if (table.rows.length > MAX_IMPORT_ROWS)
        setProblem(
          `Plik ma ${table.rows.length.toLocaleString('pl-PL')} wierszy. Jednorazowo można zaimportować ${MAX_IMPORT_ROWS.toLocaleString('pl-PL')} — podziel plik na części.`,
        );
      else setFile({ name: chosen.name, table, importId: crypto.randomUUID() });
    } catch {
      setProblem('Nie udało się odczytać pliku. Zapisz go jako CSV (UTF-8) albo XLSX i spróbuj ponownie.');
    } finally {
      setReading(false);
    }
  };

  const active = (programs.data ?? []).filter((p) => p.active);
  const program: Program | undefined = active.find((p) => p.id === programId) ?? active[0];

  return (
    <Stack gap="lg" py={{ base: 'md', sm: 'lg' }}>
      <AnchorLink to="/panel/klienci">← Klienci</AnchorLink>
      <PageHeader
        title="Import klientów"
        description="Przenieś klientów z karty papierowej lub arkusza: imię i nazwisko, e-mail lub telefon, punkty lub pieczątki."
      />
      {programs.isPending ? (
        <LoadingBlocks label="Ładowanie programów" height={40} />
      ) : programs.isError ? (
        <LoadError
          title="Nie udało się wczytać programów"
          error={programs.error}
          onRetry={() => void programs.refetch()}
        />
      ) : !program ? (
        <Alert color="yellow" variant="light" title="Brak aktywnego programu">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Klientów można zaimportować tylko do aktywnego programu lojalnościowego.</Text>
            <AnchorLink to="/panel/programy">Przejdź do programów</AnchorLink>
          </Stack>
        </Alert>
      ) : file ? (
        <ImportPreview
          tenantId={tenantId}
          program={program}
          fileName={file.name}
          table={file.table}
          importId={file.importId}
          onAnotherFile={() => setFile(null)}
        />
      ) : (
        <Stack gap="md" maw={560}>
          <Select
            label="Program lojalnościowy"
            description="Klienci zostaną zapisani do tego programu, a saldo z karty papierowej trafi na ich kartę."
            data={active.map((p) => ({ value: p.id, label: p.name }))}
            value={program.id}
            onChange={setProgramId}
            allowDeselect={false}
          />
          <Text size="sm">
            Plik CSV lub XLSX z wierszem nagłówków, np.: imię i nazwisko, e-mail, telefon, punkty, pieczątki,
            zgoda na wiadomości (tak/nie), urodziny (dzień i miesiąc, np. 14.03). Każdy klient potrzebuje
            adresu e-mail albo numeru telefonu.
          </Text>
          <Group gap="sm">
            <FileButton onChange={(f) => void choose(f)} accept=".csv,.txt,.xlsx,text/csv">
              {(props) => (
                <Button {...props} loading={reading}>
                  Wybierz plik
                </Button>
              )}
            </FileButton>
            <Button variant="default" onClick={downloadSample}>
              Pobierz przykładowy plik
            </Button>
          </Group>
          {problem ? (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
