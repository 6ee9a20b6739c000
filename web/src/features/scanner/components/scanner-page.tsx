import { Alert, Button, Card, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import type { CardView } from '@punkto/contracts/cards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api/api-errors';
import { formatPoints, formatStamps } from '../../../lib/format';
import { cardQueryKey, lookupCard, searchCards } from '../api/cards';
import { classifyLookup } from '../utils/scanner-input';
import { CameraScanner } from './camera-scanner';
import { CardPanel } from './card-panel';

type Found = { kind: 'card'; card: CardView } | { kind: 'choices'; cards: CardView[] };

const NOT_PUNKTO_QR =
  'To nie jest kod karty Punkto. Poproś klienta o kartę z aplikacji albo wpisz numer karty.';

/** /panel/skaner: scan a card's QR code or look the card up, then award points / stamps or redeem. */
export function ScannerPage({ tenantId }: { tenantId: string }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [card, setCard] = useState<CardView | null>(null);
  const [choices, setChoices] = useState<CardView[] | null>(null);

  const open = (found: CardView) => {
    queryClient.setQueryData(cardQueryKey(found.cardId), found);
    setChoices(null);
    setCard(found);
  };

  const find = useMutation({
    mutationFn: async (input: string): Promise<Found> => {
      const query = classifyLookup(input);
      switch (query.kind) {
        case 'invalid':
          throw new Error(query.message);
        case 'number':
        case 'qr':
          return { kind: 'card', card: await lookupCard(query) };
        case 'phone':
        case 'email':
          return { kind: 'choices', cards: await searchCards(query) };
      }
    },
    onSuccess: (found) => {
      setFormError(null);
      if (found.kind === 'card') open(found.card);
      else if (found.cards.length === 1) open(found.cards[0]!);
      else if (found.cards.length === 0) {
        setChoices(null);
        setFormError('Nie znaleziono kart tego klienta.');
      } else setChoices(found.cards);
    },
    onError: (error) => setFormError(errorMessage(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!find.isPending) find.mutate(text);
  };

  const onCode = (code: string) => {
    if (!code.startsWith('P1.')) {
      setFormError(NOT_PUNKTO_QR);
      return;
    }
    find.mutate(code);
  };

  return (
    <Stack gap="lg" py={{ base: 'md', sm: 'lg' }} maw={640}>
      <PageHeader
        title="Skaner kart"
        description="Zeskanuj kod QR z karty klienta albo wpisz numer karty, telefon lub e-mail."
      />

      {card ? (
        <CardPanel
          key={card.cardId}
          initial={card}
          tenantId={tenantId}
          onClose={() => {
            setCard(null);
            setText('');
          }}
        />
      ) : (
        <>
          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="scanner-scan">
            <Stack gap="sm">
              <Title order={2} size="h4" id="scanner-scan">
                Kod QR
              </Title>
              <CameraScanner onCode={onCode} busy={find.isPending} />
            </Stack>
          </Card>

          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="scanner-manual">
            <form onSubmit={submit} noValidate>
              <Stack gap="sm">
                <Title order={2} size="h4" id="scanner-manual">
                  Wyszukaj ręcznie
                </Title>
                <TextInput
                  label="Numer karty, telefon lub e-mail"
                  placeholder="np. 1234 5678 90"
                  autoComplete="off"
                  size="md"
                  value={text}
                  onChange={(e) => {
                    setText(e.currentTarget.value);
                    setFormError(null);
                  }}
                />
                <Button type="submit" size="md" loading={find.isPending}>
                  Szukaj
                </Button>
              </Stack>
            </form>
          </Card>

          {formError ? (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          ) : null}

          {choices ? (
            <Stack gap="xs" component="section" aria-label="Znalezione karty">
              <Text fw={600}>Wybierz kartę klienta</Text>
              {choices.map((c) => (
                <UnstyledButton
                  key={c.cardId}
                  onClick={() => open(c)}
                  aria-label={`${c.customerName ?? 'Klient'}, karta ${c.humanReadableId}`}
                >
                  <Card withBorder padding="sm" radius="md">
                    <Text fw={600}>{c.customerName ?? 'Klient'}</Text>
                    <Text size="sm" c="dimmed">
                      {c.programName ?? 'Program lojalnościowy'} · {c.humanReadableId} ·{' '}
                      {c.kind === 'stamps' ? formatStamps(c.stamps) : formatPoints(c.points)}
                    </Text>
                  </Card>
                </UnstyledButton>
              ))}
            </Stack>
          ) : null}
        </>
      )}
    </Stack>
  );
}
