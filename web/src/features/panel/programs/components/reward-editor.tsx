import {
  Button,
  Checkbox,
  Chip,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  limitPeriodLabels,
  weekdayLabels,
  type LimitPeriod,
  type ProgramKind,
} from '@punkto/contracts/programs';
import { useId } from 'react';
import { costUnit, type FormErrors, type RewardFormValues } from '../utils/program-form';
import { toNumberValue } from './number-value';

const WEEKDAY_SHORT = ['Pn', 'Wt', 'Śr', 'Cz', 'Pt', 'So', 'Nd'];
const WORKDAYS = [1, 2, 3, 4, 5];
const WEEKEND = [6, 7];

const stockPeriodOptions = [
  { value: 'none', label: 'bez odnawiania' },
  ...(Object.entries(limitPeriodLabels) as Array<[LimitPeriod, string]>).map(([value, label]) => ({
    value,
    label: `odnawiana ${label}`,
  })),
];

type RewardEditorProps = {
  index: number;
  kind: ProgramKind;
  reward: RewardFormValues;
  errors: FormErrors;
  onChange: (patch: Partial<RewardFormValues>, touchedPath: string) => void;
  onRemove: () => void;
};

const sameDays = (a: number[], b: number[]) => a.length === b.length && a.every((d) => b.includes(d));

/**
 * One reward: name, description, cost (points or stamps by the program's kind), active; WHEN it can be redeemed
 * (weekdays Pn–Nd, an hour window, a date range) and HOW OFTEN (per card per day/week/month, a shared stock).
 */
export function RewardEditor({ index, kind, reward, errors, onChange, onRemove }: RewardEditorProps) {
  const base = `rewards.${index}`;
  const err = (path: string) => errors[`${base}.${path}`];
  const unit = costUnit(kind);
  const weekdaysLabelId = useId();
  const legend = `Nagroda ${index + 1}${reward.name.trim() ? `: ${reward.name.trim()}` : ''}`;

  const limitInput = (field: 'perDay' | 'perWeek' | 'perMonth', label: string, path: string) => (
    <NumberInput
      label={label}
      placeholder="bez limitu"
      value={reward[field]}
      onChange={(v) => onChange({ [field]: toNumberValue(v) }, `${base}.limits.perCard.${path}`)}
      min={1}
      max={1000}
      allowDecimal={false}
      allowNegative={false}
      error={err(`limits.perCard.${path}`)}
    />
  );

  return (
    <Fieldset legend={legend} radius="md">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Nazwa nagrody"
            placeholder="np. Darmowa kawa"
            required
            value={reward.name}
            onChange={(e) => onChange({ name: e.currentTarget.value }, `${base}.name`)}
            error={err('name')}
          />
          <NumberInput
            label={`Koszt (${unit.label})`}
            required
            value={reward.cost}
            onChange={(v) => onChange({ cost: toNumberValue(v) }, `${base}.cost`)}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=" "
            rightSection={
              <Text size="xs" c="dimmed" aria-hidden>
                {unit.short}
              </Text>
            }
            rightSectionWidth={52}
            error={err('cost')}
          />
        </SimpleGrid>
        <TextInput
          label="Koszt nagrody dla firmy (zł)"
          description="Ile kosztuje Cię wydanie tej nagrody — używane tylko w analityce do wyceny punktów na kartach klientów."
          placeholder="np. 8,50 (opcjonalnie)"
          inputMode="decimal"
          autoComplete="off"
          maw={420}
          value={reward.value}
          onChange={(e) => onChange({ value: e.currentTarget.value }, `${base}.valueGrosze`)}
          rightSection={
            <Text size="xs" c="dimmed" aria-hidden>
              zł
            </Text>
          }
          error={err('valueGrosze')}
        />
        <Textarea
          label="Opis (opcjonalnie)"
          autosize
          minRows={1}
          maxRows={4}
          value={reward.description}
          onChange={(e) => onChange({ description: e.currentTarget.value }, `${base}.description`)}
          error={err('description')}
        />
        <Switch
          label="Nagroda aktywna (klienci mogą ją odebrać)"
          checked={reward.active}
          onChange={(e) => onChange({ active: e.currentTarget.checked }, `${base}.active`)}
        />

        <Stack gap="xs">
          <Title order={4} size="h6">
            Kiedy można ją odebrać
          </Title>
          <Stack gap={6} role="group" aria-labelledby={weekdaysLabelId}>
            <Text size="sm" fw={500} id={weekdaysLabelId}>
              Dni tygodnia
            </Text>
            <Group gap={6}>
              <Chip.Group
                multiple
                value={reward.weekdays.map(String)}
                onChange={(days) =>
                  onChange({ weekdays: days.map(Number).sort((a, b) => a - b) }, `${base}.schedule.weekdays`)
                }
              >
                {WEEKDAY_SHORT.map((short, i) => (
                  <Chip key={short} value={String(i + 1)} size="sm" title={weekdayLabels[i]}>
                    {short}
                  </Chip>
                ))}
              </Chip.Group>
            </Group>
            <Group gap="xs">
              <Button
                size="compact-xs"
                variant={sameDays(reward.weekdays, WORKDAYS) ? 'light' : 'subtle'}
                onClick={() => onChange({ weekdays: WORKDAYS }, `${base}.schedule.weekdays`)}
              >
                Dni robocze (Pn–Pt)
              </Button>
              <Button
                size="compact-xs"
                variant={sameDays(reward.weekdays, WEEKEND) ? 'light' : 'subtle'}
                onClick={() => onChange({ weekdays: WEEKEND }, `${base}.schedule.weekdays`)}
              >
                Weekend
              </Button>
              <Button
                size="compact-xs"
                variant={reward.weekdays.length === 0 ? 'light' : 'subtle'}
                onClick={() => onChange({ weekdays: [] }, `${base}.schedule.weekdays`)}
              >
                Codziennie
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              {reward.weekdays.length === 0
                ? 'Bez zaznaczonych dni nagroda jest dostępna codziennie.'
                : `Dostępna: ${reward.weekdays.map((d) => weekdayLabels[d - 1]).join(', ')}.`}
            </Text>
            {err('schedule.weekdays') ? (
              <Text size="sm" c="red.9" role="alert">
                {err('schedule.weekdays')}
              </Text>
            ) : null}
          </Stack>

          <Checkbox
            label="Tylko w wybranych godzinach"
            checked={reward.hoursEnabled}
            onChange={(e) => onChange({ hoursEnabled: e.currentTarget.checked }, `${base}.schedule.hours`)}
          />
          {reward.hoursEnabled ? (
            <SimpleGrid cols={2} spacing="sm" maw={360}>
              <TextInput
                type="time"
                label="Od godziny"
                value={reward.hoursFrom}
                onChange={(e) => onChange({ hoursFrom: e.currentTarget.value }, `${base}.schedule.hours`)}
                error={err('schedule.hours.from')}
              />
              <TextInput
                type="time"
                label="Do godziny"
                value={reward.hoursTo}
                onChange={(e) => onChange({ hoursTo: e.currentTarget.value }, `${base}.schedule.hours`)}
                error={err('schedule.hours.to') ?? err('schedule.hours')}
              />
            </SimpleGrid>
          ) : null}

          <Checkbox
            label="Tylko w wybranym okresie"
            checked={reward.datesEnabled}
            onChange={(e) =>
              onChange({ datesEnabled: e.currentTarget.checked }, `${base}.schedule.dateRange`)
            }
          />
          {reward.datesEnabled ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={420}>
              <TextInput
                type="date"
                label="Od dnia"
                value={reward.dateFrom}
                onChange={(e) => onChange({ dateFrom: e.currentTarget.value }, `${base}.schedule.dateRange`)}
                error={err('schedule.dateRange.from')}
              />
              <TextInput
                type="date"
                label="Do dnia"
                value={reward.dateTo}
                onChange={(e) => onChange({ dateTo: e.currentTarget.value }, `${base}.schedule.dateRange`)}
                error={err('schedule.dateRange.to') ?? err('schedule.dateRange')}
              />
            </SimpleGrid>
          ) : null}
        </Stack>

        <Stack gap="xs">
          <Title order={4} size="h6">
            Jak często
          </Title>
          <Text size="xs" c="dimmed">
            Limit na jedną kartę klienta; puste pole oznacza brak limitu.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            {limitInput('perDay', 'Na kartę dziennie', 'day')}
            {limitInput('perWeek', 'Na kartę tygodniowo', 'week')}
            {limitInput('perMonth', 'Na kartę miesięcznie', 'month')}
          </SimpleGrid>
          <Checkbox
            label="Ograniczona pula nagród (wspólna dla wszystkich klientów)"
            checked={reward.stockEnabled}
            onChange={(e) => onChange({ stockEnabled: e.currentTarget.checked }, `${base}.limits.stock`)}
          />
          {reward.stockEnabled ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={480}>
              <NumberInput
                label="Liczba nagród w puli"
                value={reward.stockQuantity}
                onChange={(v) => onChange({ stockQuantity: toNumberValue(v) }, `${base}.limits.stock`)}
                min={1}
                allowDecimal={false}
                allowNegative={false}
                error={err('limits.stock.quantity') ?? err('limits.stock')}
              />
              <Select
                label="Odnawianie puli"
                data={stockPeriodOptions}
                value={reward.stockPeriod}
                allowDeselect={false}
                onChange={(value) =>
                  onChange(
                    { stockPeriod: (value ?? 'none') as RewardFormValues['stockPeriod'] },
                    `${base}.limits.stock`,
                  )
                }
                error={err('limits.stock.period')}
              />
            </SimpleGrid>
          ) : null}
        </Stack>

        <Group justify="flex-end">
          <Button variant="subtle" color="red" size="compact-sm" onClick={onRemove}>
            Usuń nagrodę {index + 1}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
