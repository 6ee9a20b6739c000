import { Alert, Anchor, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { EXPIRY_MONTHS_MAX, EXPIRY_MONTHS_MIN, ExpirySettings } from '@punkto/contracts/expiry';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FormCard } from '../../../../components/ui/form-card';
import { FormSubmit } from '../../../../components/ui/form-submit';
import { useZodForm } from '../../../../lib/form/use-zod-form';
import { notify } from '../../../../lib/notify-instance';
import { expirySettingsQueryOptions, useSaveExpirySettings } from '../api/expiry-settings';
import { SettingsSectionLoader, type ProgramSettingsProps } from './settings-section-loader';

/**
 * „Wygasanie punktów” on the program's edit page (ADR 0062): off, after a time without visits, or a time after
 * earning (the oldest first), and the number of months. Its own form and save; the nightly sweep applies it.
 */
export function ExpirySettingsSection(props: ProgramSettingsProps) {
  const settings = useQuery(expirySettingsQueryOptions(props.tenantId, props.programId));
  return (
    <SettingsSectionLoader
      query={settings}
      height={260}
      errorTitle="Nie udało się wczytać ustawień wygasania"
    >
      {(initial) => <SettingsForm {...props} initial={initial} />}
    </SettingsSectionLoader>
  );
}

const words = {
  points: { title: 'Wygasanie punktów', them: 'punkty', of: 'punktów', Them: 'Punkty', earned: 'zdobyte' },
  stamps: {
    title: 'Wygasanie pieczątek',
    them: 'pieczątki',
    of: 'pieczątek',
    Them: 'Pieczątki',
    earned: 'zebrane',
  },
};

function SettingsForm({
  tenantId,
  programId,
  unit,
  initial,
}: ProgramSettingsProps & { initial: ExpirySettings }) {
  const save = useSaveExpirySettings(tenantId, programId);
  const form = useZodForm(ExpirySettings, initial);
  const w = words[unit];
  const submit = form.onSubmit(async (body) => {
    await save.mutateAsync(body);
    notify.success('Ustawienia wygasania zostały zapisane.');
  });
  const mode = form.values.mode;
  return (
    <FormCard title={w.title} label="Ustawienia wygasania" onSubmit={submit} titleId="expiry-settings-title">
      <Text size="sm" c="dimmed">
        Domyślnie {w.them} nie wygasają. Wygasanie dzieje się w nocy (około 00:10) w dniu, w którym mija
        ustawiony czas; dzień wcześniej klient może je jeszcze wykorzystać. Klient widzi na swojej karcie w
        portalu, ile {w.of} i kiedy wygaśnie, a obsługa — w skanerze. Wygasłe {w.them} widać w historii karty.
      </Text>
      <Text size="sm" c="dimmed">
        Aby uprzedzić klientów 30 i 3 dni wcześniej — na karcie w portfelu i e-mailem do tych, którzy się
        zgodzili — włącz wiadomość automatyczną „Punkty wkrótce wygasną” w zakładce{' '}
        <Anchor component={Link} to="/panel/wiadomosci" inherit>
          Wiadomości
        </Anchor>{' '}
        (Wiadomości automatyczne).
      </Text>
      <Radio.Group {...form.getInputProps('mode')} label="Kiedy wygasają">
        <Stack gap="xs" mt="xs">
          <Radio value="off" label="Nie wygasają" />
          <Radio
            value="inactivity"
            label="Po okresie bez wizyt"
            description={`Całe saldo przepada, jeśli klient przez podaną liczbę miesięcy nie dostał ${w.of} za wizytę. Każda wizyta liczy czas od nowa; odbiór nagrody ani korekta salda nie są wizytą.`}
          />
          <Radio
            value="after_earning"
            label="Określony czas po zdobyciu"
            description={`${w.Them} ${w.earned} danego dnia wygasają po podanej liczbie miesięcy. Przy odbiorze nagrody zużywane są najpierw najstarsze.`}
          />
        </Stack>
      </Radio.Group>
      {mode !== 'off' && (
        <NumberInput
          {...form.getInputProps('months')}
          label="Liczba miesięcy"
          min={EXPIRY_MONTHS_MIN}
          max={EXPIRY_MONTHS_MAX}
          allowDecimal={false}
          maw={240}
        />
      )}
      {mode !== 'off' && (
        <Alert color="yellow" variant="light">
          Zasada obejmuje też {w.them} {w.earned} przed jej włączeniem: te, którym ustawiony czas już minął,
          wygasną najbliższej nocy.
        </Alert>
      )}
      <FormSubmit error={form.formError} submitting={form.submitting}>
        Zapisz ustawienia wygasania
      </FormSubmit>
    </FormCard>
  );
}
