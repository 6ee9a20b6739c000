import { Text } from '@mantine/core';
import type { ExpiryNotice } from '@punkto/contracts/expiry';
import { warsawFormat } from '@punkto/contracts/warsaw-format';
import { formatPoints, formatStamps } from '../../lib/format';

/** `28 lutego 2027` of a Warsaw calendar date (noon UTC is the same day in Warsaw) */
const longDate = warsawFormat({ dateStyle: 'long' });

/** „40 pkt wygaśnie 28 lutego 2027” (ADR 0062): what of the balance expires next, and when */
export function expiryText(expiry: ExpiryNotice, unit: 'points' | 'stamps'): string {
  const amount = unit === 'stamps' ? formatStamps(expiry.amount) : formatPoints(expiry.amount);
  return `${amount} wygaśnie ${longDate(`${expiry.on}T12:00:00Z`)}`;
}

/** The card's next expiry, under its balance (the customer's card and the scanner). */
export function ExpiryNote({
  expiry,
  unit,
  size = 'sm',
}: {
  expiry: ExpiryNotice;
  unit: 'points' | 'stamps';
  size?: 'xs' | 'sm';
}) {
  return (
    <Text size={size} c="#8a4b00" data-testid="card-expiry">
      {expiryText(expiry, unit)}
    </Text>
  );
}
