import { Box, Group } from '@mantine/core';
import { stampCardReading } from '@punkto/contracts/stamp-card';

/** The stamp card: one circle per required stamp, the collected ones filled (up to 30 circles shown). */
export function StampCircles({
  stamps,
  required,
  label,
}: {
  stamps: number;
  required: number;
  label: string;
}) {
  const total = Math.min(Math.max(required, 0), 30);
  // the card being filled: stamps beyond a full card start the next one (ADR 0043)
  const filled = Math.min(stampCardReading(stamps, required).current, total);
  return (
    <Group gap={8} role="img" aria-label={label}>
      {Array.from({ length: total }, (_, i) => (
        <Box
          key={i}
          w={28}
          h={28}
          style={{
            borderRadius: '50%',
            border: '2px solid var(--mantine-color-punkto-7)',
            background: i < filled ? 'var(--mantine-color-punkto-7)' : 'transparent',
          }}
        />
      ))}
    </Group>
  );
}
