import {
  Alert,
  Button,
  Group,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  pointsForAmount,
  programKindLabels,
  type ProgramInput,
  type ProgramKind,
} from '@punkto/contracts/programs';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useLeaveGuard } from '../../../../lib/form/use-leave-guard';
import { FormError } from '../../../../components/ui/form-error';
import { ValidationApiError, errorMessage } from '../../../../lib/api/api-errors';
import { formatInteger } from '../../../../lib/format';
import {
  newReward,
  serverErrorsOf,
  validateProgram,
  type FormErrors,
  type ProgramFormValues,
  type RewardFormValues,
} from '../utils/program-form';
import { BirthdayRewardEditor } from './birthday-reward-editor';
import { LevelsEditor } from './levels-editor';
import { POSITIVE_DECIMAL, toNumberValue } from './number-value';
import { RewardEditor } from './reward-editor';
import { StampsVisual } from './stamps-visual';

const kindDescriptions: Record<ProgramKind, string> = {
  points: 'Klient zbiera punkty za każdą złotówkę i wymienia je na nagrody.',
  stamps: 'Pieczątka za wizytę; po zebraniu kompletu — nagroda (np. co 10. kawa gratis).',
  tiers: 'Punkty jak wyżej plus poziomy (np. Srebrny, Złoty) z mnożnikiem punktów i korzyściami.',
};

/** Error keys the editor shows next to an input; anything else is listed in the summary. */
const DISPLAYED = [
  /^(name|description|pointsPerPln|stampsRequired|levels|rewards)$/,
  /^levels\.\d+\.(name|minLifetimePoints|multiplier|benefits)$/,
  /^rewards\.\d+\.(name|description|cost)$/,
  /^rewards\.\d+\.schedule\.weekdays$/,
  /^rewards\.\d+\.schedule\.(hours|dateRange)(\.(from|to))?$/,
  /^rewards\.\d+\.limits\.perCard\.(day|week|month)$/,
  /^rewards\.\d+\.limits\.stock(\.(quantity|period))?$/,
  /^birthdayReward\.(name|daysBefore|daysAfter)$/,
];

function clearErrors(errors: FormErrors, path: string): FormErrors {
  const next = Object.fromEntries(
    Object.entries(errors).filter(([key]) => key !== path && !key.startsWith(`${path}.`)),
  );
  return Object.keys(next).length === Object.keys(errors).length ? errors : next;
}

type ProgramEditorProps = {
  initial: ProgramFormValues;
  /** the kind of an existing program cannot change (PROGRAM.KIND_CHANGE) */
  kindLocked?: boolean;
  submitLabel: string;
  /** sends the validated body; a rejection is shown on the fields (400) or above the buttons */
  onSubmit: (body: ProgramInput) => Promise<void>;
  /** extra buttons next to the submit (e.g. "Anuluj") */
  actions?: ReactNode;
};

/**
 * The loyalty-program editor (panel /panel/programy and the setup wizard): kind, name, the kind's rule (points per
 * 1 zł rounded down / number of stamps / levels) and the rewards with their schedule and limits. Client-side
 * validation uses the contract's ProgramInput; the server's errors land on the same inputs.
 */
export function ProgramEditor({
  initial,
  kindLocked = false,
  submitLabel,
  onSubmit,
  actions,
}: ProgramEditorProps) {
  const [values, setValues] = useState<ProgramFormValues>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const set = <K extends keyof ProgramFormValues>(
    key: K,
    value: ProgramFormValues[K],
    path: string = key,
  ) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => clearErrors(current, path));
  };
  /** an input bound to a field of the program: its value, its change and its error */
  const text = (key: 'name' | 'description') => ({
    value: values[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value),
    error: errors[key],
  });
  const number = (key: 'pointsPerPln' | 'stampsRequired') => ({
    value: values[key],
    onChange: (v: number | string) => set(key, toNumberValue(v)),
    error: errors[key],
  });
  const setReward = (index: number, patch: Partial<RewardFormValues>, path: string) => {
    setValues((current) => ({
      ...current,
      rewards: current.rewards.map((r, i) => (i === index ? { ...r, ...patch } : r)),
    }));
    setErrors((current) => clearErrors(clearErrors(current, path), 'rewards'));
  };
  const removeReward = (index: number) => {
    setValues((current) => ({ ...current, rewards: current.rewards.filter((_, i) => i !== index) }));
    // indices move: the remaining errors would point at the wrong rewards
    setErrors((current) => clearErrors(current, 'rewards'));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const result = validateProgram(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onSubmit(result.body);
    } catch (error) {
      if (error instanceof ValidationApiError) {
        const fieldErrors = serverErrorsOf(error.errors);
        setErrors(fieldErrors);
        const general = fieldErrors[''];
        if (general) setFormError(general);
      } else {
        setFormError(errorMessage(error));
      }
    } finally {
      setSubmitting(false);
    }
  };

  const errorCount = Object.keys(errors).length;
  const undisplayed = Object.entries(errors).filter(([key]) => key && !DISPLAYED.some((re) => re.test(key)));
  const rate = typeof values.pointsPerPln === 'number' ? values.pointsPerPln : null;
  const example = rate !== null && rate > 0 ? pointsForAmount(1299, rate) : null;
  // while a save runs (it navigates away when done) the guard stands aside
  const leaveGuard = useLeaveGuard(!submitting && JSON.stringify(values) !== JSON.stringify(initial));

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Program lojalnościowy">
      {leaveGuard}
      <Stack gap="lg">
        <Radio.Group
          label="Rodzaj programu"
          description={kindLocked ? 'Rodzaju programu nie można zmienić — utwórz nowy program.' : undefined}
          value={values.kind}
          onChange={(kind) => set('kind', kind as ProgramKind)}
        >
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt="xs">
            {(Object.keys(programKindLabels) as ProgramKind[]).map((kind) => (
              <Radio.Card
                key={kind}
                value={kind}
                disabled={kindLocked && kind !== values.kind}
                p="sm"
                radius="md"
                aria-label={programKindLabels[kind]}
                aria-describedby={`kind-${kind}-description`}
                style={kindLocked && kind !== values.kind ? { opacity: 0.5 } : undefined}
              >
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator />
                  <div>
                    <Text fw={600} size="sm">
                      {programKindLabels[kind]}
                    </Text>
                    <Text size="xs" c="dimmed" id={`kind-${kind}-description`}>
                      {kindDescriptions[kind]}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Nazwa programu"
            placeholder="np. Karta stałego klienta"
            required
            {...text('name')}
          />
          <Switch
            label="Program aktywny"
            description="Klienci mogą się zapisywać i zbierać punkty"
            checked={values.active}
            onChange={(e) => set('active', e.currentTarget.checked)}
            mt={{ base: 0, sm: 28 }}
          />
        </SimpleGrid>
        <Textarea label="Opis (opcjonalnie)" autosize minRows={2} maxRows={5} {...text('description')} />

        {values.kind === 'points' || values.kind === 'tiers' ? (
          <Stack gap={4}>
            <NumberInput
              label="Punkty za 1 zł"
              required
              maw={240}
              {...number('pointsPerPln')}
              min={0.01}
              max={100}
              step={0.5}
              {...POSITIVE_DECIMAL}
              description="Zaokrąglamy w dół do pełnych punktów."
            />
            {example !== null ? (
              <Text size="xs" c="dimmed">
                Przykład: zakup za 12,99 zł daje {formatInteger(example)} pkt (zaokrąglamy w dół do pełnych
                punktów).
              </Text>
            ) : null}
          </Stack>
        ) : null}

        {values.kind === 'stamps' ? (
          <Stack gap="xs">
            <NumberInput
              label="Liczba pieczątek na karcie"
              required
              maw={240}
              {...number('stampsRequired')}
              min={2}
              max={50}
              allowDecimal={false}
              allowNegative={false}
            />
            {typeof values.stampsRequired === 'number' ? (
              <StampsVisual count={values.stampsRequired} />
            ) : null}
          </Stack>
        ) : null}

        {values.kind === 'tiers' ? (
          <LevelsEditor
            levels={values.levels}
            errors={errors}
            onChange={(levels, path) => {
              set('levels', levels, path);
              setErrors((current) => clearErrors(current, 'levels'));
            }}
          />
        ) : null}

        <Stack gap="sm">
          <Title order={3} size="h5">
            Nagrody
          </Title>
          {values.rewards.length === 0 ? (
            <Text size="sm" c="dimmed">
              Program nie ma jeszcze nagród. Dodaj pierwszą — np. darmową kawę za{' '}
              {values.kind === 'stamps' ? 'komplet pieczątek' : '100 punktów'}.
            </Text>
          ) : null}
          {values.rewards.map((reward, index) => (
            <RewardEditor
              key={reward.key}
              index={index}
              kind={values.kind}
              reward={reward}
              errors={errors}
              onChange={(patch, path) => setReward(index, patch, path)}
              onRemove={() => removeReward(index)}
            />
          ))}
          {errors.rewards ? (
            <Text size="sm" c="red.9" role="alert">
              {errors.rewards}
            </Text>
          ) : null}
          <div>
            <Button
              variant="light"
              onClick={() => set('rewards', [...values.rewards, newReward()])}
              disabled={values.rewards.length >= 50}
            >
              Dodaj nagrodę
            </Button>
          </div>
        </Stack>

        <BirthdayRewardEditor
          values={values}
          errors={errors}
          onChange={(patch, path) => {
            setValues((current) => ({ ...current, ...patch }));
            setErrors((current) => clearErrors(current, path));
          }}
        />

        {errorCount > 0 ? (
          <Alert color="red" variant="light" role="alert" title="Popraw zaznaczone pola">
            {undisplayed.length > 0 ? (
              <Stack gap={2}>
                {undisplayed.map(([key, message]) => (
                  <Text size="sm" key={key}>
                    {message}
                  </Text>
                ))}
              </Stack>
            ) : (
              <Text size="sm">Formularz zawiera błędy — opisy znajdziesz przy polach.</Text>
            )}
          </Alert>
        ) : null}
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
          {actions}
        </Group>
      </Stack>
    </form>
  );
}
