import { Badge, Group, Stack, Text } from '@mantine/core';
import type { CardActivity } from '@punkto/contracts/cards';
import { formatDateTime } from '../../../lib/format-date';
import { activityAmountLabel, activityLabel } from '../utils/portal-labels';

/** History entries as a list (phone-first: no table). */
export function ActivityList({ items, label }: { items: CardActivity[]; label: string }) {
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
                <Text size="xs" c="dimmed">
                  <time dateTime={activity.occurredAt}>{formatDateTime(activity.occurredAt)}</time>
                </Text>
              </Group>
              <Text size="sm">{activity.description}</Text>
              <Text size="xs" c="dimmed">
                {[activity.companyName, activity.programName].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
            {amount ? (
              <Text
                fw={700}
                c={amount.startsWith('+') ? '#1b5e20' : '#b71c1c'}
                style={{ whiteSpace: 'nowrap' }}
              >
                {amount}
              </Text>
            ) : null}
          </Group>
        );
      })}
    </Stack>
  );
}
