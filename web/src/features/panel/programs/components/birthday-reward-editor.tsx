import { Card, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { BIRTHDAY_WINDOW_MAX_DAYS } from '@punkto/contracts/birthdays';
import type { FormErrors, ProgramFormValues } from '../utils/program-form';
import { toNumberValue } from './number-value';

type BirthdayValues = Pick<
  ProgramFormValues,
  'birthdayEnabled' | 'birthdayName' | 'birthdayDaysBefore' | 'birthdayDaysAfter'
>;

/**
 * The program's birthday reward (ADR 0058): on/off, what the customer gets and how many days before and after the
 * birthday it can be used. Granted automatically once a year to customers who gave their birthday.
 */
export function BirthdayRewardEditor({
  values,
  errors,
  onChange,
}: {
  values: BirthdayValues;
  errors: FormErrors;
  onChange: (patch: Partial<BirthdayValues>, path: string) => void;
}) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label="Nagroda urodzinowa">
      <Stack gap="sm">
        <Switch
          label="Nagroda urodzinowa"
          description="Klienci, którzy podali dzień i miesiąc urodzin, dostają ją automatycznie raz w roku — na karcie i w portfelu."
          checked={values.birthdayEnabled}
          onChange={(e) => onChange({ birthdayEnabled: e.currentTarget.checked }, 'birthdayReward')}
        />
        {values.birthdayEnabled ? (
          <>
            <TextInput
              label="Nazwa nagrody urodzinowej"
              placeholder="np. Darmowa kawa na urodziny"
              required
              value={values.birthdayName}
              onChange={(e) => onChange({ birthdayName: e.currentTarget.value }, 'birthdayReward.name')}
              error={errors['birthdayReward.name']}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <NumberInput
                label="Dni przed urodzinami"
                value={values.birthdayDaysBefore}
                onChange={(v) =>
                  onChange({ birthdayDaysBefore: toNumberValue(v) }, 'birthdayReward.daysBefore')
                }
                min={0}
                max={BIRTHDAY_WINDOW_MAX_DAYS}
                allowDecimal={false}
                allowNegative={false}
                error={errors['birthdayReward.daysBefore']}
              />
              <NumberInput
                label="Dni po urodzinach"
                value={values.birthdayDaysAfter}
                onChange={(v) =>
                  onChange({ birthdayDaysAfter: toNumberValue(v) }, 'birthdayReward.daysAfter')
                }
                min={0}
                max={BIRTHDAY_WINDOW_MAX_DAYS}
                allowDecimal={false}
                allowNegative={false}
                error={errors['birthdayReward.daysAfter']}
              />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              Nagroda nie kosztuje punktów ani pieczątek; personel wydaje ją raz, w tym terminie (najwyżej{' '}
              {BIRTHDAY_WINDOW_MAX_DAYS} dni przed i po urodzinach).
            </Text>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
