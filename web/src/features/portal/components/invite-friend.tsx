import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useClipboard, useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { CardQrCode } from '../../../components/ui/card-qr-code';
import { myInviteQueryOptions } from '../api/invite';
import { bonusLabel, inviteLinkOf } from '../utils/invite-link';

/**
 * „Poleć znajomemu” on a card of /klient/karty (ADR 0061): the personal invite link, its QR code on request (a
 * second QR code right under the card's would be scanned at the till by mistake) and a share button (the phone's share sheet where there is one, else copying). Shown only while the company runs
 * referrals; nothing at all while loading or when the invite cannot be read.
 */
export function InviteFriend({ cardId }: { cardId: string }) {
  const invite = useQuery(myInviteQueryOptions(cardId));
  const clipboard = useClipboard({ timeout: 2500 });
  // the invite's QR code only on request: under the card's own QR code, staff at the till could scan the wrong one
  const [qrShown, qr] = useDisclosure(false);
  if (!invite.data?.enabled || !invite.data.code) return null;
  const { code, unit, referrerBonus, friendBonus, rewardedThisMonth, monthlyCap } = invite.data;
  const link = inviteLinkOf(code);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const share = async () => {
    try {
      await navigator.share({ title: 'Dołącz do programu lojalnościowego', url: link });
    } catch (error) {
      // closing the share sheet is no failure; anything else: copy instead
      if (!(error instanceof DOMException && error.name === 'AbortError')) clipboard.copy(link);
    }
  };
  const titleId = `invite-${cardId}`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId} data-testid="invite-friend">
      <Stack gap="sm">
        <Title order={3} size="h5" id={titleId}>
          Poleć znajomemu
        </Title>
        <Text size="sm">
          {friendBonus > 0
            ? `Znajomy dostanie ${bonusLabel(friendBonus, unit)} przy pierwszej wizycie`
            : 'Znajomy dołączy z Twojego linku'}
          {referrerBonus > 0 ? `, a Ty ${bonusLabel(referrerBonus, unit)}.` : '.'}
        </Text>
        {qrShown ? (
          <Group justify="center">
            <CardQrCode payload={link} label="Kod QR Twojego zaproszenia" />
          </Group>
        ) : null}
        <Stack gap={2}>
          <Text size="sm" fw={500} id={`${titleId}-link`}>
            Twój link z zaproszeniem
          </Text>
          {/* the whole link, wrapped on a phone: nothing of it is cut */}
          <Text
            ff="monospace"
            size="sm"
            aria-labelledby={`${titleId}-link`}
            data-testid="invite-link"
            style={{ wordBreak: 'break-all', userSelect: 'all' }}
          >
            {link}
          </Text>
        </Stack>
        <Group gap="sm">
          {canShare ? <Button onClick={() => void share()}>Udostępnij</Button> : null}
          <Button
            variant={clipboard.copied ? 'light' : 'default'}
            color={clipboard.copied ? 'green' : undefined}
            onClick={() => clipboard.copy(link)}
          >
            {clipboard.copied ? 'Skopiowano' : 'Kopiuj link'}
          </Button>
          <Button variant="subtle" onClick={qr.toggle} aria-expanded={qrShown}>
            {qrShown ? 'Ukryj kod QR' : 'Pokaż kod QR zaproszenia'}
          </Button>
        </Group>
        {clipboard.error ? (
          <Text size="sm" c="red" role="alert">
            Nie udało się skopiować. Zaznacz link i skopiuj go ręcznie.
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          Premia za polecenie: {rewardedThisMonth} z {monthlyCap} w tym miesiącu. Polecić można osobę, która
          jeszcze nie należy do programu.
        </Text>
      </Stack>
    </Card>
  );
}
