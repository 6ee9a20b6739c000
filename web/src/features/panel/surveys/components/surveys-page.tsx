import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Progress,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { SURVEY_DELAY_HOURS, SurveySettings, type SurveyResults } from '@punkto/contracts/surveys';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { PageHeader } from '../../../../components/ui/page-header';
import { FormError } from '../../../../components/ui/form-error';
import { errorMessage } from '../../../../lib/api/api-errors';
import { notify } from '../../../../lib/notify-instance';
import { surveyResultsQueryOptions, surveySettingsQueryOptions, useSaveSurveySettings } from '../api/surveys';
import { answersNeeded, formatNps, monthLabel, percent, weekLabel } from '../utils/nps-display';
import { ScrollTable } from '../../../../components/ui/scroll-table';
import { FormCard } from '../../../../components/ui/form-card';
import { SectionCard } from '../../../../components/ui/section-card';

/**
 * /panel/ankiety: the company's NPS from the automatic surveys after visits — shown only from 5 answers
 * (anonymity), with the bands, a monthly trend and the comments; and the survey settings for those who may
 * change the company's settings.
 */
export function SurveysPage({ tenantId, canEdit }: { tenantId: string; canEdit: boolean }) {
  const { data: results } = useSuspenseQuery(surveyResultsQueryOptions(tenantId));
  return (
    <Stack gap="lg" py={{ base: 'md', sm: 'lg' }}>
      <PageHeader
        title="Ankiety NPS"
        description="Kilka godzin po wizycie klient dostaje e-mailem jedno pytanie: czy polecisz nas znajomym (1–10). Odpowiedzi są anonimowe."
      />
      <Results results={results} />
      <SettingsForm tenantId={tenantId} canEdit={canEdit} />
    </Stack>
  );
}

function Results({ results }: { results: SurveyResults }) {
  const { total } = results;
  if (total.nps === null)
    return (
      <SectionCard title="Wyniki" gap="xs">
        <Text>
          Odpowiedzi: <strong>{total.responses}</strong>
        </Text>
        <Alert color="blue" variant="light">
          {answersNeeded(results.threshold, results.missing)}
        </Alert>
      </SectionCard>
    );
  const bands = [
    { label: 'Promotorzy (9–10)', value: total.promoters ?? 0, color: 'teal' },
    { label: 'Neutralni (7–8)', value: total.passives ?? 0, color: 'gray' },
    { label: 'Krytycy (1–6)', value: total.detractors ?? 0, color: 'red' },
  ];
  return (
    <>
      <SectionCard title="Wyniki" gap="md">
        <Group align="flex-end" gap="xl">
          <div>
            <Text size="sm" c="dimmed">
              NPS
            </Text>
            <Text fz={44} fw={700} lh={1} data-testid="nps-score">
              {formatNps(total.nps)}
            </Text>
          </div>
          <Text c="dimmed">z {total.responses} odpowiedzi</Text>
        </Group>
        <Stack gap={6} aria-label="Grupy odpowiedzi">
          {bands.map((band) => (
            <div key={band.label}>
              <Group justify="space-between">
                <Text size="sm">{band.label}</Text>
                <Text size="sm">
                  {band.value} ({percent(band.value, total.responses)}%)
                </Text>
              </Group>
              <Progress
                value={percent(band.value, total.responses)}
                color={band.color}
                aria-label={band.label}
              />
            </div>
          ))}
        </Stack>
        <Text size="sm" c="dimmed">
          NPS = % promotorów − % krytyków. Nasza skala to 1–10 (a nie 0–10 jak w standardzie NPS), więc wyniki
          wypadają nieco wyżej niż w publikowanych porównaniach.
        </Text>
      </SectionCard>
      <SectionCard title="Trend miesięczny">
        <ScrollTable
          minWidth={420}
          aria-label="NPS według miesięcy"
          verticalSpacing="xs"
          head={
            <Table.Tr>
              <Table.Th scope="col">Miesiąc wizyty</Table.Th>
              <Table.Th scope="col">Odpowiedzi</Table.Th>
              <Table.Th scope="col">NPS</Table.Th>
            </Table.Tr>
          }
        >
          {results.trend.map((month) => (
            <Table.Tr key={month.month}>
              <Table.Td>{monthLabel(month.month)}</Table.Td>
              <Table.Td>{month.responses}</Table.Td>
              <Table.Td>
                {month.nps === null ? (
                  <Text size="sm" c="dimmed">
                    za mało odpowiedzi
                  </Text>
                ) : (
                  <Group gap="xs" wrap="nowrap">
                    <Text fw={600} w={48}>
                      {formatNps(month.nps)}
                    </Text>
                    <Progress
                      value={(month.nps + 100) / 2}
                      w={120}
                      aria-hidden
                      color={month.nps >= 0 ? 'teal' : 'red'}
                    />
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      </SectionCard>
      <SectionCard title="Komentarze">
        {results.comments.length === 0 ? (
          <Text c="dimmed">Nikt jeszcze nie dodał komentarza.</Text>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {results.comments.map((comment, index) => (
              <li key={`${comment.visitWeek}-${index}`}>
                <Group gap="xs" mb={2}>
                  <Badge variant="light" {...badgeTone(comment.score)}>
                    {comment.score}/10
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {weekLabel(comment.visitWeek)}
                  </Text>
                </Group>
                <Text style={{ whiteSpace: 'pre-wrap' }}>{comment.comment}</Text>
              </li>
            ))}
          </Stack>
        )}
      </SectionCard>
    </>
  );
}

/** light background, dark text (WCAG AA, like StatusBadge): detractor red, passive grey, promoter green */
const badgeTone = (score: number) =>
  score <= 6
    ? { color: 'red', c: '#b71c1c' }
    : score <= 8
      ? { color: 'gray', c: 'gray.8' }
      : { color: 'green', c: '#1b5e20' };

function SettingsForm({ tenantId, canEdit }: { tenantId: string; canEdit: boolean }) {
  const { data: saved } = useSuspenseQuery(surveySettingsQueryOptions(tenantId));
  const save = useSaveSurveySettings(tenantId);
  const [enabled, setEnabled] = useState(saved.enabled);
  const [delayHours, setDelayHours] = useState<number | string>(saved.delayHours);
  const [reviewUrl, setReviewUrl] = useState(saved.reviewUrl ?? '');
  const [alertEmail, setAlertEmail] = useState(saved.alertEmail ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = SurveySettings.safeParse({
      enabled,
      delayHours: typeof delayHours === 'number' ? delayHours : Number(delayHours),
      reviewUrl: reviewUrl.trim() || null,
      alertEmail: alertEmail.trim() || null,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => notify.success('Zapisano ustawienia ankiet.'),
    });
  };

  /** a text input of the form: its value, change and error; read-only for who may not change the settings */
  const text = (name: 'reviewUrl' | 'alertEmail', value: string, setValue: (next: string) => void) => ({
    value,
    disabled: !canEdit,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(event.currentTarget.value),
    error: errors[name],
  });

  return (
    <FormCard title="Ustawienia ankiet" label="Ustawienia ankiet" onSubmit={submit}>
      {!canEdit ? (
        <Text size="sm" c="dimmed">
          Ustawienia zmienia właściciel albo pracownik z uprawnieniem do ustawień firmy.
        </Text>
      ) : null}
      <Switch
        label="Wysyłaj ankiety po wizycie"
        description="Klient dostanie najwyżej jedną ankietę na 30 dni. Klienci, którzy wyłączyli ankiety, nie dostaną ich wcale."
        checked={enabled}
        disabled={!canEdit}
        onChange={(event) => setEnabled(event.currentTarget.checked)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label="Opóźnienie po wizycie (godziny)"
          description={`Od ${SURVEY_DELAY_HOURS.min} do ${SURVEY_DELAY_HOURS.max} godzin; zwykle 2–6.`}
          min={SURVEY_DELAY_HOURS.min}
          max={SURVEY_DELAY_HOURS.max}
          allowDecimal={false}
          value={delayHours}
          disabled={!canEdit}
          onChange={setDelayHours}
          error={errors['delayHours']}
        />
        <TextInput
          label="E-mail alertów o niskich ocenach (opcjonalnie)"
          description="Ocena 1–6 z komentarzem, bez danych klienta. Puste: e-mail kontaktowy firmy z ustawień (bez niego alertów nie wysyłamy)."
          type="email"
          {...text('alertEmail', alertEmail, setAlertEmail)}
        />
      </SimpleGrid>
      <TextInput
        label="Link do opinii (opcjonalnie)"
        description="Np. wizytówka Google. Pokażemy go każdemu, kto odpowie — niezależnie od oceny."
        placeholder="https://g.page/r/…/review"
        {...text('reviewUrl', reviewUrl, setReviewUrl)}
      />
      <FormError message={save.isError ? errorMessage(save.error) : null} />
      {canEdit ? (
        <Group>
          <Button type="submit" loading={save.isPending}>
            Zapisz ustawienia
          </Button>
        </Group>
      ) : null}
    </FormCard>
  );
}
