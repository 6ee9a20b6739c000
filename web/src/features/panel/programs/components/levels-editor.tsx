import {
  Button,
  CloseButton,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { newLevel, type FormErrors, type LevelFormValues } from '../utils/program-form';
import { POSITIVE_DECIMAL, toNumberValue } from './number-value';

type LevelsEditorProps = {
  levels: LevelFormValues[];
  errors: FormErrors;
  onChange: (levels: LevelFormValues[], touchedPath: string) => void;
};

/** Tiers: level name, lifetime points needed, points multiplier and benefits; levels can be added and removed. */
export function LevelsEditor({ levels, errors, onChange }: LevelsEditorProps) {
  const update = (index: number, patch: Partial<LevelFormValues>, field: string) =>
    onChange(
      levels.map((level, i) => (i === index ? { ...level, ...patch } : level)),
      `levels.${index}.${field}`,
    );
  const remove = (index: number) =>
    onChange(
      levels.filter((_, i) => i !== index),
      'levels',
    );
  const add = () => {
    const last = levels.at(-1);
    const min = typeof last?.minLifetimePoints === 'number' ? last.minLifetimePoints + 1000 : '';
    onChange([...levels, newLevel('', min, 1)], 'levels');
  };

  return (
    <Stack gap="xs">
      <Title order={3} size="h5" id="levels-title">
        Poziomy
      </Title>
      <Text size="sm" c="dimmed">
        Poziom zależy od wszystkich punktów zebranych od początku (wydawanie punktów go nie obniża). Pierwszy
        poziom zaczyna się od 0. Mnożnik zwiększa punkty przyznawane na danym poziomie.
      </Text>
      <Table.ScrollContainer minWidth={620}>
        <Table aria-labelledby="levels-title" verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nazwa</Table.Th>
              <Table.Th>Od punktów (łącznie)</Table.Th>
              <Table.Th>Mnożnik</Table.Th>
              <Table.Th>Korzyści</Table.Th>
              <Table.Th>
                <VisuallyHidden>Usuń</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {levels.map((level, i) => (
              <Table.Tr key={level.key} style={{ verticalAlign: 'top' }}>
                <Table.Td>
                  <TextInput
                    aria-label={`Poziom ${i + 1}: nazwa`}
                    value={level.name}
                    onChange={(e) => update(i, { name: e.currentTarget.value }, 'name')}
                    error={errors[`levels.${i}.name`]}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Poziom ${i + 1}: od ilu punktów`}
                    value={level.minLifetimePoints}
                    onChange={(v) => update(i, { minLifetimePoints: toNumberValue(v) }, 'minLifetimePoints')}
                    min={0}
                    allowNegative={false}
                    allowDecimal={false}
                    thousandSeparator=" "
                    error={errors[`levels.${i}.minLifetimePoints`]}
                  />
                </Table.Td>
                <Table.Td w={120}>
                  <NumberInput
                    aria-label={`Poziom ${i + 1}: mnożnik punktów`}
                    value={level.multiplier}
                    onChange={(v) => update(i, { multiplier: toNumberValue(v) }, 'multiplier')}
                    min={1}
                    max={10}
                    step={0.25}
                    {...POSITIVE_DECIMAL}
                    prefix="×"
                    error={errors[`levels.${i}.multiplier`]}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`Poziom ${i + 1}: korzyści`}
                    placeholder="np. kawa gratis w urodziny"
                    value={level.benefits}
                    onChange={(e) => update(i, { benefits: e.currentTarget.value }, 'benefits')}
                    error={errors[`levels.${i}.benefits`]}
                  />
                </Table.Td>
                <Table.Td w={44}>
                  <CloseButton
                    aria-label={`Usuń poziom ${i + 1}`}
                    onClick={() => remove(i)}
                    disabled={levels.length <= 2}
                    mt={4}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {errors.levels ? (
        <Text size="sm" c="red.9" role="alert">
          {errors.levels}
        </Text>
      ) : null}
      <div>
        <Button variant="light" size="compact-md" onClick={add} disabled={levels.length >= 10}>
          Dodaj poziom
        </Button>
      </div>
    </Stack>
  );
}
