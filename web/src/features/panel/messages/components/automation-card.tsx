import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  AUTOMATION_PLACEHOLDERS,
  AutomationSettingsInput,
  WIN_BACK_DAYS,
  automationLabels,
  renderAutomationText,
  type Automation,
} from '@punkto/contracts/message-automations';
import { useState, type FormEvent } from 'react';
import { FormError } from '../../../../components/ui/form-error';
import { useLeaveGuard } from '../../../../lib/form/use-leave-guard';
import { ValidationApiError, errorMessage } from '../../../../lib/api/api-errors';
import { fieldOf } from '../../../../lib/form/field-errors';
import { notify } from '../../../../lib/notify-instance';
import { useSaveAutomation } from '../api/automations';
import { effectText } from '../utils/automation-text';
import { bodyCounter, titleCounter } from '../utils/message-text';
import { MessagePreviews } from './message-previews';

type Field = 'title' | 'body' | 'channels' | 'days';
type Errors = Partial<Record<Field, string>>;

type AutomationCardProps = {
  tenantId: string;
  automation: Automation;
  companyName: string;
  /** a reward of the company's programs, to show {nagroda} in the preview */
  exampleReward: string;
  /** what could expire and when, to show {ile} and {data} in the expiry warning's preview */
  exampleExpiry: { ile: string; data: string };
};

/**
 * One automatic message: its switch, its text (with the placeholders it may use), channels, the win-back's
 * days, the previews exactly as sent (placeholders filled) and its effect in the last 30 days.
 */
export function AutomationCard({
  tenantId,
  automation,
  companyName,
  exampleReward,
  exampleExpiry,
}: AutomationCardProps) {
  const save = useSaveAutomation(tenantId);
  const label = automationLabels[automation.kind];
  const [open, setOpen] = useState(false);
  const [enabled, setEnabled] = useState(automation.enabled);
  const [title, setTitle] = useState(automation.title);
  const [body, setBody] = useState(automation.body);
  const [channels, setChannels] = useState(automation.channels);
  const [days, setDays] = useState<number | string>(automation.days ?? WIN_BACK_DAYS.default);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const changed =
    enabled !== automation.enabled ||
    title !== automation.title ||
    body !== automation.body ||
    channels.wallet !== automation.channels.wallet ||
    channels.email !== automation.channels.email ||
    (automation.kind === 'win_back' && days !== automation.days);
  // leaving the page with the form open and changed asks first, as the campaign form does
  const leaveGuard = useLeaveGuard(open && changed && !save.isPending);
  const headingId = `automation-${automation.kind}`;
  const values = { firma: companyName, nagroda: exampleReward, ...exampleExpiry };
  const placeholders = AUTOMATION_PLACEHOLDERS[automation.kind].map((p) => `{${p}}`).join(', ');

  /** back to what is saved, folded */
  const cancel = () => {
    setEnabled(automation.enabled);
    setTitle(automation.title);
    setBody(automation.body);
    setChannels(automation.channels);
    setDays(automation.days ?? WIN_BACK_DAYS.default);
    setErrors({});
    setFormError(null);
    setOpen(false);
  };

  const showServerError = (error: unknown) => {
    if (!(error instanceof ValidationApiError)) return setFormError(errorMessage(error));
    const next: Errors = {};
    for (const [key, messages] of Object.entries(error.errors))
      next[fieldOf(key) as Field] = messages.join(' ');
    setErrors(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = AutomationSettingsInput.safeParse({
      kind: automation.kind,
      enabled,
      title,
      body,
      channels,
      days: automation.kind === 'win_back' ? (typeof days === 'number' ? days : Number.NaN) : null,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '') as Field;
        if (!next[field]) next[field] = issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        notify.success(`Zapisano: ${label.name} — ${saved.enabled ? 'włączona' : 'wyłączona'}.`);
        setOpen(false);
      },
      onError: showServerError,
    });
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      {leaveGuard}
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Title order={3} size="h5" id={headingId}>
              {label.name}
            </Title>
            <Text size="sm" c="dimmed">
              {label.when}
            </Text>
          </Stack>
          <Badge color={automation.enabled ? 'punkto' : 'dark'} variant="light" style={{ flexShrink: 0 }}>
            {automation.enabled ? 'Włączona' : 'Wyłączona'}
          </Badge>
        </Group>
        <Text size="sm">{effectText(automation.effect)}</Text>
        {!open ? (
          <Group>
            <Button variant="light" onClick={() => setOpen(true)} aria-describedby={headingId}>
              Ustaw
            </Button>
          </Group>
        ) : null}
        {open ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" pt="sm">
            <form onSubmit={submit} noValidate aria-label={`Ustawienia: ${label.name}`}>
              <Stack gap="md">
                <Switch
                  label="Wysyłaj automatycznie"
                  checked={enabled}
                  onChange={(event) => setEnabled(event.currentTarget.checked)}
                />
                {automation.kind === 'win_back' ? (
                  <NumberInput
                    label="Po ilu dniach bez wizyty"
                    description={`Od ${WIN_BACK_DAYS.min} do ${WIN_BACK_DAYS.max} dni.`}
                    min={WIN_BACK_DAYS.min}
                    max={WIN_BACK_DAYS.max}
                    allowDecimal={false}
                    value={days}
                    onChange={setDays}
                    error={errors.days}
                  />
                ) : null}
                <TextInput
                  label="Tytuł"
                  description={titleCounter(title).label}
                  value={title}
                  onChange={(event) => setTitle(event.currentTarget.value)}
                  error={errors.title}
                />
                <Textarea
                  label="Treść"
                  description={`${bodyCounter(body).label}. Możesz użyć: ${placeholders} (wstawimy je bez odmiany).`}
                  autosize
                  minRows={3}
                  value={body}
                  onChange={(event) => setBody(event.currentTarget.value)}
                  error={errors.body}
                />
                <Stack gap={4}>
                  <Checkbox
                    label="Na kartę w portfelu (Apple Wallet, Google Wallet)"
                    checked={channels.wallet}
                    onChange={(event) => setChannels({ ...channels, wallet: event.currentTarget.checked })}
                  />
                  <Checkbox
                    label="E-mailem (tylko do klientów, którzy się zgodzili)"
                    checked={channels.email}
                    onChange={(event) => setChannels({ ...channels, email: event.currentTarget.checked })}
                    error={errors.channels}
                  />
                </Stack>
                <FormError message={formError} />
                <Group>
                  <Button type="submit" loading={save.isPending}>
                    Zapisz
                  </Button>
                  <Button variant="subtle" onClick={cancel}>
                    Anuluj
                  </Button>
                </Group>
              </Stack>
            </form>
            <MessagePreviews
              companyName={companyName}
              title={renderAutomationText(title, values)}
              body={renderAutomationText(body, values)}
              now={new Date()}
              unsubscribeReport={false}
            />
          </SimpleGrid>
        ) : null}
      </Stack>
    </Card>
  );
}
