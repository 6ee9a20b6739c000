import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScrollHintNav } from '../ui/scroll-hint';

/**
 * Horizontal, scrollable sub-navigation of an area (the customer portal): on a narrow screen it scrolls
 * sideways, with a fade and an arrow on the side that has more (ScrollHintNav); its links keep their width
 * (flexShrink 0 on each), so no label is cut.
 */
export function SectionNav({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ScrollHintNav label={label} mt="md">
      <Group gap="xs" wrap="nowrap" preventGrowOverflow={false}>
        {children}
      </Group>
    </ScrollHintNav>
  );
}
