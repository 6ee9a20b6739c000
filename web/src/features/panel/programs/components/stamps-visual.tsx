import { Box, Group, Text } from '@mantine/core';

/** N stamp circles (the first three stamped as an example, the last one is the reward). */
export function StampsVisual({ count }: { count: number }) {
  const n = Number.isInteger(count) && count >= 2 && count <= 50 ? count : null;
  if (n === null) return null;
  const stamped = Math.min(3, n - 1);
  return (
    <Box role="img" aria-label={`Karta z ${n} polami na pieczątki; ostatnie pole to nagroda`}>
      <Group gap={6} maw={44 * 10}>
        {Array.from({ length: n }, (_, i) => {
          const isReward = i === n - 1;
          const isStamped = i < stamped;
          return (
            <Box
              key={i}
              w={32}
              h={32}
              style={{
                borderRadius: '50%',
                border: `2px ${isReward ? 'solid' : 'dashed'} var(--mantine-color-punkto-6)`,
                background: isStamped
                  ? 'var(--mantine-color-punkto-6)'
                  : isReward
                    ? 'var(--mantine-color-punkto-0)'
                    : 'transparent',
                display: 'grid',
                placeItems: 'center',
                fontSize: 14,
                color: isStamped ? 'white' : 'var(--mantine-color-punkto-8)',
              }}
            >
              {isReward ? '★' : isStamped ? '✓' : ''}
            </Box>
          );
        })}
      </Group>
      <Text size="xs" c="dimmed" mt={6}>
        Po zebraniu {n} pieczątek klient odbiera nagrodę; potem karta zaczyna się od nowa.
      </Text>
    </Box>
  );
}
