import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  CampaignDraft,
  MESSAGE_LOCK_SCREEN_VISIBLE,
  MessageErrors,
  QUIET_HOURS,
  type Campaign,
  type MessageChannels,
  type MessageLimits,
} from '@punkto/contracts/messages';
import type { Program } from '@punkto/contracts/programs';
import { useEffect, useState, type FormEvent } from 'react';
import { useLeaveGuard } from '../../../../lib/form/use-leave-guard';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { FormError } from '../../../../components/ui/form-error';
import { ValidationApiError, errorMessage } from '../../../../lib/api/api-errors';
import { formatDateTime } from '../../../../lib/format-date';
import { fieldOf } from '../../../../lib/form/field-errors';
import { notify } from '../../../../lib/notify-instance';
import { useCreateCampaign } from '../api/messages';
import { audienceMissing, emptyAudienceForm, toAudience, type AudienceForm } from '../utils/audience';
import { customersLabel } from '../utils/campaign-report';
import { bodyCounter, exceedsLockScreen, titleCounter, walletText } from '../utils/message-text';
import { hourLabel, isQuietHour, warsawInputs, warsawToIso } from '../utils/send-time';
import { AudienceFields, AudienceSizeSummary } from './audience-fields';
import { MessagePreviews } from './message-previews';

type When = 'now' | 'later';
type Errors = Partial<Record<'title' | 'body' | 'audience' | 'channels' | 'sendAt', string>>;

const quietStart = hourLabel(QUIET_HOURS.start);
const quietEnd = hourLabel(QUIET_HOURS.end);

/** the current time, renewed every half a minute (the quiet-hours note and the previews' clock follow it) */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** An hour from now, rounded up to the next quarter: the schedule fields' starting values. */
function defaultSchedule(now: Date) {
  const quarter = 15 * 60_000;
  return warsawInputs(new Date(Math.ceil((now.getTime() + 60 * 60_000) / quarter) * quarter));
}

type ComposeFormProps = {
  tenantId: string;
  companyName: string;
  programs: readonly Program[];
  limits: MessageLimits;
};

/**
 * The compose form of /panel/wiadomosci: title and text with counters for each channel's limits, the
 * audience with its size, the channels, now or a Warsaw date and time (quiet hours explained), and the
 * previews on an iPhone, on Android and in the mailbox.
 */
export function ComposeForm({ tenantId, companyName, programs, limits }: ComposeFormProps) {
  const now = useNow();
  const create = useCreateCampaign(tenantId);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [audience, setAudience] = useState<AudienceForm>(emptyAudienceForm);
  const [channels, setChannels] = useState<MessageChannels>({ wallet: true, email: true });
  const [when, setWhen] = useState<When>('now');
  const [schedule, setSchedule] = useState(() => defaultSchedule(new Date()));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // the draft awaiting „Wyślij teraz” confirmation; kept while the dialog fades out so its text stays put
  const [confirming, setConfirming] = useState<CampaignDraft | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const leaveGuard = useLeaveGuard(!create.isPending && (title.trim() !== '' || body.trim() !== ''));
  const titleCount = titleCounter(title);
  const bodyCount = bodyCounter(body);
  const scheduledIso = when === 'later' ? warsawToIso(schedule.date, schedule.time) : null;
  const startInstant = when === 'now' ? now : scheduledIso ? new Date(scheduledIso) : null;
  // quiet hours hold only campaigns that put notices on lock screens (the wallet channel); e-mail alone goes
  const startsInQuietHours = channels.wallet && startInstant !== null && isQuietHour(startInstant);

  const clearError = (field: keyof Errors) =>
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _removed, ...rest } = current;
      return rest;
    });

  const send = (draft: CampaignDraft) => {
    setFormError(null);
    create.mutate(draft, {
      onSuccess: (campaign) => {
        setConfirmOpen(false);
        notify.success(successText(campaign));
        setTitle('');
        setBody('');
        setErrors({});
      },
      onError: (error) => {
        setConfirmOpen(false);
        showServerError(error);
      },
    });
  };

  const showServerError = (error: unknown) => {
    if (error instanceof ValidationApiError) {
      const next: Errors = {};
      const rest: string[] = [];
      for (const [key, messages] of Object.entries(error.errors)) {
        const field = fieldOf(key);
        if (['title', 'body', 'audience', 'channels', 'sendAt'].includes(field))
          next[field as keyof Errors] = messages.join(' ');
        else rest.push(...messages);
      }
      setErrors(next);
      setFormError(rest.length > 0 ? rest.join(' ') : (error.localizedMessage ?? null));
      return;
    }
    setFormError(errorMessage(error));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const next: Errors = {};
    const chosen = toAudience(audience);
    if (!chosen) next.audience = audienceMissing(audience.kind);
    let sendAt: string | null = null;
    if (when === 'later') {
      if (!scheduledIso) next.sendAt = 'Podaj datę i godzinę wysyłki.';
      else if (new Date(scheduledIso).getTime() <= Date.now())
        next.sendAt = MessageErrors.sendAtInPast.message;
      else sendAt = scheduledIso;
    }
    const parsed = CampaignDraft.safeParse({
      title,
      body,
      audience: chosen ?? { kind: 'all' },
      channels,
      sendAt,
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '') as keyof Errors;
        if (field && !next[field]) next[field] = issue.message;
      }
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    if (when === 'now') {
      setConfirming(parsed.data);
      setConfirmOpen(true);
    } else send(parsed.data);
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="compose-heading">
      {leaveGuard}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <form onSubmit={submit} noValidate aria-label="Nowa wiadomość">
          <Stack gap="md">
            <Title order={2} size="h4" id="compose-heading">
              Nowa wiadomość
            </Title>
            <TextInput
              label="Tytuł"
              description={titleCount.label}
              value={title}
              onChange={(event) => {
                setTitle(event.currentTarget.value);
                clearError('title');
              }}
              error={errors.title ?? (titleCount.over ? 'Tytuł jest za długi.' : undefined)}
            />
            <Textarea
              label="Treść"
              description={bodyCount.label}
              autosize
              minRows={4}
              value={body}
              onChange={(event) => {
                setBody(event.currentTarget.value);
                clearError('body');
              }}
              error={errors.body ?? (bodyCount.over ? 'Treść jest za długa.' : undefined)}
            />
            <Text size="xs" c="dimmed" data-testid="lock-screen-counter">
              Ekran blokady iPhone’a (tytuł i treść): {walletText(title, body).length}/
              {MESSAGE_LOCK_SCREEN_VISIBLE} znaków
            </Text>
            {exceedsLockScreen(title, body) ? (
              <Alert color="yellow" variant="light" data-testid="lock-screen-note">
                Na ekranie blokady iPhone’a widać około {MESSAGE_LOCK_SCREEN_VISIBLE} pierwszych znaków tytułu
                i treści — resztę klient przeczyta na karcie. Najważniejsze napisz na początku.
              </Alert>
            ) : null}

            <AudienceFields
              tenantId={tenantId}
              programs={programs}
              value={audience}
              onChange={(next) => {
                setAudience(next);
                clearError('audience');
              }}
              error={errors.audience}
            />
            {errors.audience && audience.kind === 'all' ? (
              <Text c="red" size="sm">
                {errors.audience}
              </Text>
            ) : null}
            <AudienceSizeSummary tenantId={tenantId} audience={audience} />

            <Checkbox.Group
              label="Kanały"
              value={[channels.wallet ? 'wallet' : null, channels.email ? 'email' : null].filter(
                (v): v is string => v !== null,
              )}
              onChange={(values) => {
                setChannels({ wallet: values.includes('wallet'), email: values.includes('email') });
                clearError('channels');
              }}
              error={errors.channels}
            >
              <Stack gap={8} mt={6}>
                <Checkbox
                  value="wallet"
                  label="Karta w portfelu (Apple Wallet i Google Wallet)"
                  description="iPhone pokaże tekst na ekranie blokady; Android — powiadomienie Google i tekst na karcie."
                />
                <Checkbox
                  value="email"
                  label="E-mail"
                  description="Tylko do klientów, którzy zgodzili się na wiadomości marketingowe od Twojej firmy; z linkiem do wypisania się."
                />
              </Stack>
            </Checkbox.Group>

            <Radio.Group
              label="Kiedy wysłać"
              value={when}
              onChange={(value) => {
                setWhen(value as When);
                clearError('sendAt');
              }}
            >
              <Group gap="lg" mt={6}>
                <Radio value="now" label="Teraz" />
                <Radio value="later" label="Zaplanuj" />
              </Group>
            </Radio.Group>
            {when === 'later' ? (
              <Stack gap={4}>
                <SimpleGrid cols={2} spacing="sm">
                  <TextInput
                    type="date"
                    label="Data"
                    value={schedule.date}
                    onChange={(event) => {
                      const date = event.currentTarget.value;
                      setSchedule((current) => ({ ...current, date }));
                      clearError('sendAt');
                    }}
                    error={errors.sendAt ? true : undefined}
                  />
                  <TextInput
                    type="time"
                    label="Godzina"
                    value={schedule.time}
                    onChange={(event) => {
                      const time = event.currentTarget.value;
                      setSchedule((current) => ({ ...current, time }));
                      clearError('sendAt');
                    }}
                    error={errors.sendAt ? true : undefined}
                  />
                </SimpleGrid>
                <Text size="xs" c="dimmed">
                  Czas polski (Warszawa).
                </Text>
                {errors.sendAt ? (
                  <Text c="red" size="sm" role="alert">
                    {errors.sendAt}
                  </Text>
                ) : null}
              </Stack>
            ) : null}
            <Alert color={startsInQuietHours ? 'yellow' : 'gray'} variant="light" data-testid="quiet-hours">
              {startsInQuietHours
                ? `Ta pora wypada w ciszy nocnej: między ${quietStart} a ${quietEnd} nie wysyłamy powiadomień na ekran blokady, więc wysyłka (razem z e-mailem) zacznie się o ${quietEnd}.`
                : `Cisza nocna: między ${quietStart} a ${quietEnd} nie wysyłamy powiadomień na ekran blokady — wiadomość na kartę w portfelu zaplanowana na tę porę (razem z e-mailem) wyjdzie o ${quietEnd}. Sam e-mail wychodzi o wybranej porze.`}
            </Alert>
            <LimitNote limits={limits} />

            <FormError message={formError} />
            <Group>
              <Button type="submit" loading={create.isPending && !confirmOpen}>
                {when === 'now' ? 'Wyślij teraz' : 'Zaplanuj wysyłkę'}
              </Button>
            </Group>
          </Stack>
        </form>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Podgląd
          </Title>
          <MessagePreviews companyName={companyName} title={title} body={body} now={now} />
        </Stack>
      </SimpleGrid>
      <ConfirmDialog
        opened={confirmOpen}
        title="Wysłać wiadomość teraz?"
        confirmLabel="Wyślij"
        cancelLabel="Wróć"
        danger={false}
        loading={create.isPending}
        onConfirm={() => confirming && send(confirming)}
        onCancel={() => setConfirmOpen(false)}
      >
        {confirming?.channels.wallet && isQuietHour(now)
          ? `Trwa cisza nocna: wiadomość „${confirming.title}” wyjdzie o ${quietEnd}. Do tego czasu możesz ją anulować.`
          : `Wiadomość „${confirming?.title ?? ''}” trafi do odbiorców od razu i nie da się jej cofnąć.`}
      </ConfirmDialog>
    </Card>
  );
}

function successText(campaign: Campaign): string {
  if (campaign.status === 'scheduled')
    return `Zaplanowano wysyłkę na ${formatDateTime(campaign.startsAt)}${
      campaign.movedByQuietHours ? ' (przesunięta przez ciszę nocną)' : ''
    }.`;
  const targeted = campaign.report.targeted;
  return targeted > 0
    ? `Wysyłamy wiadomość (${customersLabel(targeted)}).`
    : 'Wysyłamy wiadomość. Postęp zobaczysz na liście poniżej.';
}

/** The weekly limit: used of allowed, and from when the next campaign may start when none may now. */
function LimitNote({ limits }: { limits: MessageLimits }) {
  const full = limits.nextSlotAt !== null;
  return (
    <Text size="sm" c={full ? undefined : 'dimmed'} data-testid="weekly-limit">
      Limit: {limits.used} z {limits.campaignsPerWeek} kampanii w ciągu 7 dni.{' '}
      {full
        ? `Następną kampanię możesz wysłać od ${formatDateTime(limits.nextSlotAt)}.`
        : 'Możesz wysłać kolejną.'}
    </Text>
  );
}
