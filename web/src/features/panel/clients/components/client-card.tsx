import { Alert, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { CardView } from '@punkto/contracts/cards';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../../components/ui/link';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { errorMessage, isApiError } from '../../../../lib/api/api-errors';
import { formatPoints, formatStamps } from '../../../../lib/format';
import { Permissions } from '@punkto/contracts/permissions';
import { clientCardQueryOptions } from '../api/clients';
import { usePanelSession } from '../../shell/hooks/panel-session';
import { AdjustBalanceAction } from './adjust-balance';
import { CardHistory } from './card-history';
import { RegenerateCardAction } from '../../../../components/cards/regenerate-card-action';

const balanceOf = (card: CardView) =>
  card.kind === 'stamps'
    ? `${formatStamps(card.stamps)}${card.stampsRequired ? ` z ${card.stampsRequired}` : ''}`
    : formatPoints(card.points);

/**
 * The client's loyalty card on their page in the panel: number, program, balance or stamps, level, status; staff
 * with „Wymiana karty klienta” replace a lost or copied card (new number and QR, the old ones refused), and staff
 * with „Ręczna korekta salda” add or take away points or stamps with a reason.
 */
export function ClientCard({ clientId, awaitsAccount }: { clientId: string; awaitsAccount: boolean }) {
  const card = useQuery(clientCardQueryOptions(clientId));
  const { can } = usePanelSession();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="client-card-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="client-card-title">
          Karta lojalnościowa
        </Title>
        {card.isPending ? (
          <Skeleton height={72} role="status" aria-label="Ładowanie karty" />
        ) : card.isError ? (
          isApiError(card.error) && card.error.code === 'CARD.WAITING_FOR_SEAT' ? (
            <Alert color="orange" variant="light" data-testid="client-card-waiting">
              <Text size="sm">{errorMessage(card.error)}</Text>
              {can(Permissions.billingManage) ? (
                <AnchorLink to="/subskrypcja/wybor" size="sm" underline="always">
                  Zmień plan
                </AnchorLink>
              ) : null}
            </Alert>
          ) : isApiError(card.error) && card.error.status === 404 ? (
            <Text size="sm" c="dimmed">
              {awaitsAccount
                ? 'Klient nie ma jeszcze karty: dostanie ją, gdy założy konto klienta w Punkto (zaproszenie przyszło e-mailem).'
                : 'Karta jest właśnie wydawana. Odśwież stronę za chwilę.'}
            </Text>
          ) : (
            <Alert color="red" variant="light">
              {errorMessage(card.error)}
            </Alert>
          )
        ) : (
          <Stack gap="xs" data-testid="client-card">
            <Group gap="sm" align="baseline">
              <Text size="sm" c="dimmed">
                Numer karty
              </Text>
              <Text fw={700} ff="monospace" data-testid="client-card-number">
                {card.data.humanReadableId}
              </Text>
              <StatusBadge tone={card.data.status === 'active' ? 'positive' : 'neutral'}>
                {card.data.status === 'active' ? 'aktywna' : 'zamknięta'}
              </StatusBadge>
            </Group>
            <Text size="sm">Program: {card.data.programName ?? '—'}</Text>
            <Group gap="sm" align="baseline">
              <Text size="sm" c="dimmed">
                {card.data.kind === 'stamps' ? 'Pieczątki' : 'Saldo'}
              </Text>
              <Text fw={700} size="xl" data-testid="client-card-balance">
                {balanceOf(card.data)}
              </Text>
            </Group>
            {card.data.tier ? <Text size="sm">Poziom: {card.data.tier.name}</Text> : null}
            {card.data.status === 'active' &&
            (can(Permissions.cardsRegenerate) || can(Permissions.cardsAdjust)) ? (
              <Group>
                {can(Permissions.cardsAdjust) ? (
                  <AdjustBalanceAction card={card.data} clientId={clientId} />
                ) : null}
                {can(Permissions.cardsRegenerate) ? (
                  <RegenerateCardAction
                    cardId={card.data.cardId}
                    refresh={clientCardQueryOptions(clientId).queryKey}
                    label="Wymień kartę"
                    title="Wymienić kartę klienta?"
                    explanation={`Karta dostanie nowy numer i nowy kod QR. Obecny kod (${card.data.humanReadableId}) przestanie działać — także jego zrzuty ekranu, wydruki i karta w portfelu telefonu; nową klient doda do portfela w portalu Punkto (Moje karty). Punkty, pieczątki i poziom zostają na karcie.`}
                  />
                ) : null}
              </Group>
            ) : null}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** The card and, for staff who may see clients, its history with who did what (and corrections). */
/** `awaitsAccount`: the client was invited by e-mail and has no account yet, so the card waits for it */
export function ClientCardWithHistory({
  clientId,
  awaitsAccount,
}: {
  clientId: string;
  awaitsAccount: boolean;
}) {
  const card = useQuery(clientCardQueryOptions(clientId));
  const { can } = usePanelSession();
  return (
    <>
      <ClientCard clientId={clientId} awaitsAccount={awaitsAccount} />
      {card.data && can(Permissions.clientsView) ? (
        <CardHistory cardId={card.data.cardId} clientId={clientId} />
      ) : null}
    </>
  );
}
