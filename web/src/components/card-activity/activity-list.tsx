import { Badge, Group, Stack, Text } from '@mantine/core';
import type { CardActivity } from '@punkto/contracts/cards';
import type { ReactNode } from 'react';
import { activityAmountLabel, activityLabel } from '../../lib/card-activity';
import { formatDateTime } from '../../lib/format-date';

/**
 * History entries of loyalty cards as a list (phone-first: no table), for the customer's portal and the staff's
 * client page. A voided award or redemption stays, marked „Anulowano” with the reason and its amount struck
 * through; the correction is its own entry. `details` and `action` add what staff see (who, „Anuluj”).
 */
export function ActivityList<T extends CardActivity>({
  items,
  label,
  details,
  action,
}: {
  items: T[];
  label: string;
  details?: (activity: T) => ReactNode;
  action?: (activity: T) => ReactNode;
}) {
  return (
    <Stack component="ul" gap={0} aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((activity) => {
        const amount = activityAmountLabel(activity);
        return (
          <Group
            component="li"
            key={activity.id}
            justify="space-between"
            align="flex-start"
            wrap="nowrap"
            py="sm"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Badge variant="light" color="gray" c="gray.8" size="sm">
                  {activityLabel(activity.type)}
                </Badge>
                {activity.voided ? (
                  <Badge variant="light" color="red" c="#b71c1c" size="sm">
                    Anulowano
                  </Badge>
                ) : null}
                <Text size="xs" c="dimmed">
                  <time dateTime={activity.occurredAt}>{formatDateTime(activity.occurredAt)}</time>
                </Text>
              </Group>
              <Text size="sm">{activity.description}</Text>
              {activity.voided ? (
                <Text size="xs" c="#b71c1c">
                  Anulowano {formatDateTime(activity.voided.voidedAt)}. Powód: {activity.voided.reason}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed">
                {[activity.companyName, activity.programName].filter(Boolean).join(' · ')}
              </Text>
              {details?.(activity)}
            </Stack>
            <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
              {amount ? (
                <Text
                  fw={700}
                  c={amount.startsWith('+') ? '#1b5e20' : '#b71c1c'}
                  td={activity.voided ? 'line-through' : undefined}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {amount}
                </Text>
              ) : null}
              {action?.(activity)}
            </Stack>
          </Group>
        );
      })}
    </Stack>
  );
}
