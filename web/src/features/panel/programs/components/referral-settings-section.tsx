import { Group, NumberInput, Switch, Text } from '@mantine/core';
import { REFERRAL_BONUS_MAX, REFERRAL_MONTHLY_CAP_MAX, ReferralSettings } from '@punkto/contracts/referrals';
import { useQuery } from '@tanstack/react-query';
import { FormCard } from '../../../../components/ui/form-card';
import { FormSubmit } from '../../../../components/ui/form-submit';
import { useZodForm } from '../../../../lib/form/use-zod-form';
import { notify } from '../../../../lib/notify-instance';
import { referralSettingsQueryOptions, useSaveReferralSettings } from '../api/referral-settings';
import { SettingsSectionLoader, type ProgramSettingsProps } from './settings-section-loader';

/**
 * „Poleć znajomemu” on the program's edit page (ADR 0061): referrals on or off, the bonus of the customer who
 * invites and of the friend (in the program's unit), and the monthly cap per customer. Its own form and save.
 */
export function ReferralSettingsSection(props: ProgramSettingsProps) {
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
}: ProgramSettingsProps & { initial: ReferralSettings }) {
  const save = useSaveReferralSettings(tenantId, programId);
  const form = useZodForm(ReferralSettings, initial);
  const unitWord = unit === 'points' ? 'punkty' : 'pieczątki';
  const submit = form.onSubmit(async (body) => {
    await save.mutateAsync(body);
    notify.success('Ustawienia poleceń zostały zapisane.');
  });
  return (
    <FormCard
      title="Poleć znajomemu"
      label="Ustawienia poleceń"
      onSubmit={submit}
      titleId="referral-settings-title"
    >
      <Text size="sm" c="dimmed">
        Każdy klient ma w portalu osobisty link z zaproszeniem. Gdy znajomy dołączy z tego linku, przy jego
        pierwszej wizycie (pierwszym naliczeniu przez obsługę) oboje dostają premię — {unitWord} programu. Nie
        można polecić samego siebie, osoby z tym samym numerem telefonu, z tego samego urządzenia ani kogoś,
        kto już był klientem.
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
      <FormSubmit error={form.formError} submitting={form.submitting}>
        Zapisz ustawienia poleceń
      </FormSubmit>
    </FormCard>
  );
}
