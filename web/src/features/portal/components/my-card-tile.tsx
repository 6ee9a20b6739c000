import { Avatar, Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { MyCard } from '@punkto/contracts/customers';
import { CardQrCode } from '../../../components/ui/card-qr-code';
import { RegenerateCardAction } from '../../../components/cards/regenerate-card-action';
import { BirthdayRewardNote } from '../../../components/cards/birthday-reward-note';
import { ExpiryNote } from '../../../components/cards/expiry-note';
import { WalletButtons } from '../../../components/wallet/wallet-buttons';
import { InviteFriend } from './invite-friend';
import { formatPoints } from '../../../lib/format';
import { portalQueryKey } from '../api/portal';
import {
  balanceLabel,
  closedCardText,
  isStampCard,
  nextRewardLabel,
  nextRewardProgress,
} from '../utils/portal-labels';
import { StampCircles } from './stamp-circles';

/** One loyalty card as its holder shows it at the till: QR code, number, balance, next reward, tier. */
export function MyCardTile({ card }: { card: MyCard }) {
  const company = card.companyName ?? 'Firma';
  const program = card.programName ?? 'Program lojalnościowy';
  const headingId = `karta-${card.cardId}`;
  const next = nextRewardLabel(card);
  const closed = card.status === 'closed';
  /** the company's colours, as on its wallet pass */
  const brand = card.companyBranding;

  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group
          gap="sm"
          wrap="nowrap"
          p="sm"
          style={{ background: brand.backgroundColor, color: brand.foregroundColor, borderRadius: 12 }}
          data-testid="card-company"
        >
          {card.companyLogoUrl ? (
            <Avatar
              src={card.companyLogoUrl}
              alt={`Logo: ${company}`}
              radius="md"
              size="lg"
              styles={{ image: { objectFit: 'contain', background: '#fff' } }}
            />
          ) : (
            <Avatar color="gray" variant="white" radius="xl" size="lg" aria-hidden>
              {company.slice(0, 1).toUpperCase()}
            </Avatar>
          )}
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={2} fz="lg" id={headingId} c={brand.foregroundColor}>
              {company}
            </Title>
            <Text c={brand.labelColor} size="sm">
              {program}
            </Text>
          </Stack>
          {card.tier ? (
            <Badge variant="light" color="punkto" ml="auto" title={card.tier.benefits || undefined}>
              Poziom: {card.tier.name}
            </Badge>
          ) : null}
        </Group>

        {closed ? (
          <Text c="dimmed" data-testid="card-closed">
            {closedCardText(card)}
          </Text>
        ) : card.qrPayload ? (
          <Stack gap={4} align="center">
            <CardQrCode payload={card.qrPayload} label={`Kod QR karty ${card.humanReadableId}`} />
            <Text size="xs" c="dimmed">
              Numer karty
            </Text>
            <Text
              fw={700}
              fz={22}
              ff="monospace"
              style={{ letterSpacing: '0.08em' }}
              data-testid="card-number"
            >
              {card.humanReadableId}
            </Text>
            <WalletButtons cardId={card.cardId} companyName={company} />
          </Stack>
        ) : null}

        <Stack gap={6}>
          <Group justify="space-between" align="baseline">
            <Text size="sm" c="dimmed">
              {isStampCard(card) ? 'Pieczątki' : 'Saldo'}
            </Text>
            <Text fw={700} fz={24} aria-live="polite" data-testid="card-balance">
              {balanceLabel(card)}
            </Text>
          </Group>
          {isStampCard(card) && card.stampsRequired ? (
            <StampCircles stamps={card.stamps} required={card.stampsRequired} label={balanceLabel(card)} />
          ) : null}
          {next ? (
            <>
              <Progress
                value={nextRewardProgress(card)}
                aria-label={`Postęp do nagrody ${card.nextReward?.name ?? ''}`}
                size="lg"
                radius="xl"
              />
              <Text size="sm">{next}</Text>
            </>
          ) : card.rewards.some((r) => r.redeemable) ? (
            <Text size="sm" fw={500} c="#1b5e20">
              Masz nagrodę do odebrania — pokaż kartę przy kasie.
            </Text>
          ) : null}
          {card.nextTier ? (
            <Text size="sm" c="dimmed">
              Do poziomu {card.nextTier.name}: {formatPoints(card.nextTier.pointsToGo)}
            </Text>
          ) : null}
          {card.expiry && !closed ? (
            <ExpiryNote expiry={card.expiry} unit={isStampCard(card) ? 'stamps' : 'points'} />
          ) : null}
        </Stack>

        {card.birthdayReward && !closed ? (
          <BirthdayRewardNote reward={card.birthdayReward} audience="customer" />
        ) : null}
        {!closed && card.qrPayload ? <InviteFriend cardId={card.cardId} /> : null}

        {!closed ? (
          <RegenerateCardAction
            cardId={card.cardId}
            refresh={portalQueryKey}
            label="Wygeneruj nową kartę"
            title="Wygenerować nową kartę?"
            explanation={`Karta otrzyma nowy numer i nowy kod QR. Obecny kod (${card.humanReadableId}) przestanie działać — także jego zrzuty ekranu i wydruki. Punkty, pieczątki i poziom zostają na karcie.`}
          />
        ) : null}
      </Stack>
    </Card>
  );
}
