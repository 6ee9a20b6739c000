import { Badge, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { formatPhone, UNVERIFIED_PHONE_HINT, UNVERIFIED_PHONE_LABEL } from '../../lib/phone';

/**
 * A client's phone as staff see it. A number the customer typed is labelled "niepotwierdzony": nobody checked
 * it belongs to them (we send no SMS). The explanation is the badge's tooltip (hover, focus or touch), and
 * read out to screen readers with the label.
 */
export function CustomerPhone({ phone, givenBy }: { phone: string; givenBy: 'staff' | 'customer' | null }) {
  return (
    <Group component="span" gap={6} wrap="wrap" style={{ display: 'inline-flex' }}>
      <Text component="span" inherit style={{ whiteSpace: 'nowrap' }}>
        {formatPhone(phone)}
      </Text>
      {givenBy === 'customer' ? (
        <Tooltip label={UNVERIFIED_PHONE_HINT} events={{ hover: true, focus: true, touch: true }} withArrow>
          <Badge component="span" variant="light" color="gray" c="gray.8" size="sm" tabIndex={0}>
            {UNVERIFIED_PHONE_LABEL}
            <VisuallyHidden>: {UNVERIFIED_PHONE_HINT}</VisuallyHidden>
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}
