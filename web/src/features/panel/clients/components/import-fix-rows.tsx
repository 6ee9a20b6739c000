import { Badge, Card, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { ImportField, ImportRowCells } from '@punkto/contracts/client-import';
import { importFieldLabels, type PreviewRow } from '../utils/client-import';

/** at most this many rows to fix are shown (the others: the owner corrects the file and reads it again, as it says) */
const SHOWN = 100;

type FixRowsProps = {
  /** the rows that had errors when the file was read, as they are now */
  rows: PreviewRow[];
  /** the balance column the programme uses */
  balanceField: 'points' | 'stamps';
  skipped: ReadonlySet<number>;
  onChange: (cells: ImportRowCells) => void;
  onSkip: (row: number, skip: boolean) => void;
};

/** „Do poprawy”: each bad row with its Polish errors and its fields to correct, or to skip */
export function ImportFixRows({ rows, balanceField, skipped, onChange, onSkip }: FixRowsProps) {
  const fields: ImportField[] = ['name', 'email', 'phone', balanceField, 'consent', 'birthday'];
  const open = rows.filter((r) => r.errors.length > 0 && !skipped.has(r.cells.row));
  const shown = rows.slice(0, SHOWN);
  return (
    <Stack gap="sm" aria-label="Wiersze do poprawy">
      <Text size="sm">
        {open.length === 0
          ? 'Wszystkie wiersze z błędami są poprawione albo pominięte.'
          : `Do poprawy: ${open.length}. Popraw dane w wierszu albo go pomiń — wiersze z błędami nie zostaną zaimportowane.`}
      </Text>
      {shown.map(({ cells, errors }) => {
        const skip = skipped.has(cells.row);
        const fixed = errors.length === 0;
        const errorOf = (field: ImportField) => errors.find((e) => e.field === field)?.message;
        return (
          <Card
            key={cells.row}
            component="section"
            withBorder
            padding="sm"
            aria-label={`Wiersz ${cells.row}`}
          >
            <Stack gap="xs">
              <Group justify="space-between" gap="xs">
                <Text fw={600}>Wiersz {cells.row}</Text>
                {fixed ? (
                  <Badge color="green" variant="light">
                    Poprawiony
                  </Badge>
                ) : skip ? (
                  <Badge color="gray" variant="light">
                    Pominięty
                  </Badge>
                ) : (
                  <Badge color="red" variant="light">
                    Błąd
                  </Badge>
                )}
              </Group>
              {errors
                .filter((e) => e.field === null)
                .map((e) => (
                  <Text key={e.message} size="sm" c="red.8">
                    {e.message}
                  </Text>
                ))}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                {fields.map((field) => (
                  <TextInput
                    key={field}
                    label={importFieldLabels[field]}
                    value={cells[field] ?? ''}
                    disabled={skip}
                    error={skip ? undefined : errorOf(field)}
                    onChange={(event) => onChange({ ...cells, [field]: event.currentTarget.value })}
                  />
                ))}
              </SimpleGrid>
              {fixed ? null : (
                <Checkbox
                  label="Pomiń ten wiersz"
                  checked={skip}
                  onChange={(event) => onSkip(cells.row, event.currentTarget.checked)}
                />
              )}
            </Stack>
          </Card>
        );
      })}
      {rows.length > SHOWN ? (
        <Text size="sm" c="dimmed">
          Pokazano {SHOWN} z {rows.length} wierszy z błędami. Popraw plik i wczytaj go ponownie, aby zobaczyć
          pozostałe.
        </Text>
      ) : null}
    </Stack>
  );
}
