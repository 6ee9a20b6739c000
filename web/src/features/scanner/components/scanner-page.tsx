import { Alert, Button, Card, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import type { CardView } from '@punkto/contracts/cards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api/api-errors';
import { formatPoints, formatStamps } from '../../../lib/format';
import { cardQueryKey, isNetworkFailure, lookupCard, searchCards } from '../api/cards';
import type { RecentCardQuery } from '../offline/offline-queue';
import { useOfflineScanner } from '../offline/use-offline-scanner';
import { classifyLookup } from '../utils/scanner-input';
import { CameraScanner } from './camera-scanner';
import { CardPanel, type StaffActions } from './card-panel';
import { OfflineBanner, OfflineQueue } from './offline-queue';

/** `seenAt`: the card comes from the cards seen recently (no connection), as it was then */
type Found = { kind: 'card'; card: CardView; seenAt: number | null } | { kind: 'choices'; cards: CardView[] };

export const OFFLINE_UNKNOWN_CARD_MESSAGE =
  'Brak połączenia, a tej karty nie sprawdzano na tym urządzeniu w ciągu ostatnich 12 godzin. Spróbuj ponownie po powrocie połączenia.';
export const OFFLINE_SEARCH_MESSAGE =
  'Brak połączenia: wyszukiwanie po telefonie i e-mailu wróci z połączeniem. Teraz znajdziesz kartę po numerze lub kodzie QR, jeśli sprawdzano ją w ciągu ostatnich 12 godzin.';

const NOT_PUNKTO_QR =
  'To nie jest kod karty Punkto. Poproś klienta o kartę z aplikacji albo wpisz numer karty.';

/**
 * /panel/skaner: scan a card's QR code or look the card up, then award points / stamps or redeem. Without a
 * connection, cards seen recently are still found and awards wait in a queue (ADR 0015); the queue itself
 * (OfflineScannerProvider) lives in the panel's frame, so it goes out when the connection returns wherever in
 * the panel the person is.
 */
export function ScannerPage({ tenantId, may }: { tenantId: string; may: StaffActions }) {
  const queryClient = useQueryClient();
  const offline = useOfflineScanner();
  const [text, setText] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [card, setCard] = useState<{ card: CardView; seenAt: number | null } | null>(null);
  const [choices, setChoices] = useState<CardView[] | null>(null);

  const open = (found: CardView, seenAt: number | null = null) => {
    // a card from the cache is as old as it was when seen: react-query refreshes it once it can
    queryClient.setQueryData(
      cardQueryKey(found.cardId),
      found,
      seenAt === null ? undefined : { updatedAt: seenAt },
    );
    setChoices(null);
    setCard({ card: found, seenAt });
  };

  const fromRecent = async (query: RecentCardQuery): Promise<Found> => {
    const recent = await offline.findRecentCard(query).catch(() => null);
    if (!recent) throw new Error(OFFLINE_UNKNOWN_CARD_MESSAGE);
    return { kind: 'card', card: recent.card, seenAt: recent.seenAt };
  };

  const find = useMutation({
    // always run: without a connection the call fails at once and the recent cards answer instead
    networkMode: 'always',
    mutationFn: async (input: string): Promise<Found> => {
      const query = classifyLookup(input);
      if (query.kind === 'invalid') throw new Error(query.message);
      const byCard = query.kind === 'number' || query.kind === 'qr';
      if (typeof navigator !== 'undefined' && !navigator.onLine) {
        if (byCard) return fromRecent(query);
        throw new Error(OFFLINE_SEARCH_MESSAGE);
      }
      try {
        const found: Found = byCard
          ? { kind: 'card', card: await lookupCard(query), seenAt: null }
          : { kind: 'choices', cards: await searchCards(query) };
        offline.reportNetworkSuccess();
        offline.rememberCards(found.kind === 'card' ? [found.card] : found.cards);
        return found;
      } catch (error) {
        if (!isNetworkFailure(error)) throw error;
        offline.reportNetworkFailure();
        if (byCard) return fromRecent(query);
        throw new Error(OFFLINE_SEARCH_MESSAGE, { cause: error });
      }
    },
    onSuccess: (found) => {
      setFormError(null);
      if (found.kind === 'card') open(found.card, found.seenAt);
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
        description="Zeskanuj kod QR z karty klienta albo wpisz numer karty, telefon, e-mail lub nazwisko."
      />

      <OfflineBanner />
      <OfflineQueue />

      {card ? (
        <CardPanel
          key={card.card.cardId}
          initial={card.card}
          seenAt={card.seenAt}
          tenantId={tenantId}
          may={may}
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
                  label="Numer karty, telefon, e-mail lub nazwisko"
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
