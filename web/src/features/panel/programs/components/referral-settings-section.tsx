import { Button, Card, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { REFERRAL_BONUS_MAX, REFERRAL_MONTHLY_CAP_MAX, ReferralSettings } from '@punkto/contracts/referrals';
import { useQuery } from '@tanstack/react-query';
import { FormError } from '../../../../components/ui/form-error';
import { useZodForm } from '../../../../lib/form/use-zod-form';
import { notify } from '../../../../lib/notify-instance';
import { referralSettingsQueryOptions, useSaveReferralSettings } from '../api/referral-settings';
import { SettingsSectionLoader } from './settings-section-loader';

/**
 * „Poleć znajomemu” on the program's edit page (ADR 0061): referrals on or off, the bonus of the customer who
 * invites and of the friend (in the program's unit), and the monthly cap per customer. Its own form and save.
 */
export function ReferralSettingsSection(props: {
  tenantId: string;
  programId: string;
  unit: 'points' | 'stamps';
}) {
  const settings = useQuery(referralSettingsQueryOptions(props.tenantId, props.programId));
  return (
    <SettingsSectionLoader query={settings} height={220} errorTitle="Nie udało się wczytać ustawień poleceń">
      {(initial) => <SettingsForm {...props} initial={initial} />}
    </SettingsSectionLoader>
  );
}

function SettingsForm({
  tenantId,
  programId,
  unit,
  initial,
}: {
  tenantId: string;
  programId: string;
  unit: 'points' | 'stamps';
  initial: ReferralSettings;
}) {
  const save = useSaveReferralSettings(tenantId, programId);
  const form = useZodForm(ReferralSettings, initial);
  const unitWord = unit === 'points' ? 'punkty' : 'pieczątki';
  const submit = form.onSubmit(async (body) => {
    await save.mutateAsync(body);
    notify.success('Ustawienia poleceń zostały zapisane.');
  });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="referral-settings-title">
      <form onSubmit={submit} noValidate aria-label="Ustawienia poleceń">
        <Stack gap="md">
          <Title order={2} size="h4" id="referral-settings-title">
            Poleć znajomemu
          </Title>
          <Text size="sm" c="dimmed">
            Każdy klient ma w portalu osobisty link z zaproszeniem. Gdy znajomy dołączy z tego linku, przy
            jego pierwszej wizycie (pierwszym naliczeniu przez obsługę) oboje dostają premię — {unitWord}{' '}
            programu. Nie można polecić samego siebie, osoby z tym samym numerem telefonu, z tego samego
            urządzenia ani kogoś, kto już był klientem.
          </Text>
          <Switch {...form.getCheckboxProps('enabled')} label="Polecenia włączone" />
          <Group grow align="flex-start">
            <NumberInput
              {...form.getInputProps('referrerBonus')}
              label="Premia dla polecającego"
              min={0}
              max={REFERRAL_BONUS_MAX}
              allowDecimal={false}
            />
            <NumberInput
              {...form.getInputProps('friendBonus')}
              label="Premia dla znajomego"
              min={0}
              max={REFERRAL_BONUS_MAX}
              allowDecimal={false}
            />
          </Group>
          <NumberInput
            {...form.getInputProps('monthlyCap')}
            label="Limit premii na polecającego w miesiącu"
            description="Po przekroczeniu limitu znajomy nadal dostaje premię, polecający — nie."
            min={1}
            max={REFERRAL_MONTHLY_CAP_MAX}
            allowDecimal={false}
            maw={420}
          />
          <FormError message={form.formError} />
          <Button type="submit" loading={form.submitting} w="fit-content">
            Zapisz ustawienia poleceń
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
