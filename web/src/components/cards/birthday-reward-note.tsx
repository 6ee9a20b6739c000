import { Alert, Stack, Text } from '@mantine/core';
import type { CardBirthdayReward } from '@punkto/contracts/birthdays';
import { warsawFormat } from '@punkto/contracts/warsaw-format';
import type { ReactNode } from 'react';

/** `22 czerwca 2027` of a Warsaw calendar date `2027-06-22` (noon UTC is the same day in Warsaw) */
const longDate = warsawFormat({ dateStyle: 'long' });
const calendarDateLabel = (date: string) => longDate(`${date}T12:00:00Z`);

/**
 * The card's birthday reward (ADR 0058), for the customer's card and the scanner: what it is, from when until
 * when, and whether it was given out. `children`: the scanner's button.
 */
export function BirthdayRewardNote({
  reward,
  audience,
  children,
}: {
  reward: CardBirthdayReward;
  audience: 'customer' | 'staff';
  children?: ReactNode;
}) {
  const until = calendarDateLabel(reward.validUntil);
  const redeemed = reward.redeemedAt !== null;
  const line = redeemed
    ? 'Nagroda urodzinowa została już wydana.'
    : audience === 'customer'
      ? `Do odebrania do ${until} — pokaż kartę przy kasie.`
      : reward.redeemable
        ? `Ważna do ${until}. Bez punktów i pieczątek.`
        : `Ważna od ${calendarDateLabel(reward.validFrom)} do ${until}.`;
  return (
    <section aria-label="Nagroda urodzinowa">
      <Alert color={redeemed ? 'gray' : 'grape'} variant="light" title={`🎂 ${reward.name}`} role="note">
        <Stack gap="xs">
          <Text size="sm">{line}</Text>
          {children}
        </Stack>
      </Alert>
    </section>
  );
}
