import { Alert, Box, Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CardFormConfig } from '@punkto/contracts/billing';
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadPayuSdk, SDK_LOAD_FAILED_MESSAGE, tokenizeErrorMessage, type PayuSdk } from '../utils/payu-sdk';

const FIELDS = [
  { kind: 'number', id: 'payu-card-number', label: 'Numer karty' },
  { kind: 'date', id: 'payu-card-date', label: 'Ważna do' },
  { kind: 'cvv', id: 'payu-card-cvv', label: 'CVV' },
] as const;

/**
 * PayU's secure card form: the SDK from PayU's host renders the card fields (PayU's own frames in
 * production), `tokenize('MULTI')` turns them into a single-use `TOK_…` that billing's first order with it
 * saves as the reusable card for renewals (recurring FIRST → `TOKC_…`). Card data never reaches our servers.
 */
export function PayuCardForm({
  payu,
  submitLabel,
  busy,
  onToken,
  note = 'Dane karty trafiają bezpośrednio do PayU; Punkto zapisuje tylko zamaskowany numer. Bank może poprosić o potwierdzenie płatności (3-D Secure).',
  problemTitle = 'Płatność nie została rozpoczęta',
}: {
  payu: NonNullable<CardFormConfig['payu']>;
  submitLabel: string;
  busy: boolean;
  /** the token for billing; a thrown error's message is shown under the form */
  onToken: (token: string) => Promise<void>;
  /** under the fields: where the card data goes and what happens next (paying vs adding a card for 0 zł) */
  note?: string;
  /** the title of a refusal shown under the form */
  problemTitle?: string;
}) {
  const sdk = useRef<PayuSdk | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [tokenizing, setTokenizing] = useState(false);

  useEffect(() => {
    let cancelled = false;
    setState('loading');
    loadPayuSdk(payu.sdkUrl)
      .then((PayU) => {
        if (cancelled) return;
        const instance = PayU(payu.posId);
        const forms = instance.secureForms();
        for (const field of FIELDS) {
          const host = document.getElementById(field.id);
          if (host) host.replaceChildren(); // a retry renders afresh
          forms
            .add(field.kind)
            .render(`#${field.id}`)
            .on('change', () => setProblem(null));
        }
        sdk.current = instance;
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
    };
  }, [payu.sdkUrl, payu.posId, attempt]);

  const submit = useCallback(async () => {
    if (!sdk.current) return;
    setProblem(null);
    setTokenizing(true);
    try {
      const result = await sdk.current.tokenize('MULTI');
      if (result.status !== 'SUCCESS') {
        setProblem(tokenizeErrorMessage(result.error.messages));
        return;
      }
      await onToken(result.body.token);
    } catch (error) {
      setProblem(
        error instanceof Error && error.message
          ? error.message
          : 'Nie udało się połączyć z operatorem płatności. Spróbuj ponownie.',
      );
    } finally {
      setTokenizing(false);
    }
  }, [onToken]);

  if (state === 'failed')
    return (
      <Alert color="red" title="Formularz karty niedostępny" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{SDK_LOAD_FAILED_MESSAGE}</Text>
          <Button size="compact-sm" variant="light" onClick={() => setAttempt((n) => n + 1)}>
            Spróbuj ponownie
          </Button>
        </Stack>
      </Alert>
    );

  return (
    <Stack gap="sm" component="section" aria-label="Dane karty">
      {state === 'loading' ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">Wczytywanie bezpiecznego formularza PayU…</Text>
        </Group>
      ) : null}
      <Box hidden={state !== 'ready'}>
        <Stack gap="sm">
          <FieldBox field={FIELDS[0]} />
          <SimpleGrid cols={2} spacing="sm">
            <FieldBox field={FIELDS[1]} />
            <FieldBox field={FIELDS[2]} />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        </Stack>
      </Box>
      {problem ? (
        <Alert color="red" role="alert" title={problemTitle}>
          {problem}
        </Alert>
      ) : null}
      <Button
        size="md"
        onClick={() => void submit()}
        loading={tokenizing || busy}
        disabled={state !== 'ready'}
      >
        {submitLabel}
      </Button>
    </Stack>
  );
}

function FieldBox({ field }: { field: (typeof FIELDS)[number] }) {
  return (
    <div>
      <Text component="div" size="sm" fw={500} mb={4} id={`${field.id}-label`}>
        {field.label}
      </Text>
      <Box
        id={field.id}
        role="group"
        aria-labelledby={`${field.id}-label`}
        px="sm"
        mih={40}
        style={{
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'var(--mantine-color-body)',
        }}
      />
    </div>
  );
}
