import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

export type StatusTone = 'positive' | 'pending' | 'neutral';

/**
 * Light background with dark text: Mantine's light badge text (and even shade 9 of green or yellow) stays below
 * WCAG AA 4.5:1 on the tinted background; these reach 5.8–10:1.
 */
const tones: Record<StatusTone, { color: string; c: string }> = {
  positive: { color: 'green', c: '#1b5e20' },
  pending: { color: 'yellow', c: '#8a5300' },
  neutral: { color: 'gray', c: 'gray.8' },
};

/**
 * A status label (Aktywny, Zaproszony, Nieaktywna…) with an accessible colour contrast, always whole: a badge
 * ellipsises its label, so it neither shrinks beside a long name nor narrows with its table column („AKTY…”).
 */
export function StatusBadge({
  tone,
  children,
  size,
}: {
  tone: StatusTone;
  children: ReactNode;
  size?: BadgeProps['size'];
}) {
  const { color, c } = tones[tone];
  return (
    <Badge variant="light" color={color} c={c} size={size} w="max-content" style={{ flexShrink: 0 }}>
      {children}
    </Badge>
  );
}
