import { Group, ScrollArea } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Horizontal, scrollable sub-navigation of an area (the customer portal): on a narrow screen it scrolls
 * sideways; its links keep their width (flexShrink 0 on each), so no label is cut.
 */
export function SectionNav({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ScrollArea type="never" mt="md">
      <Group component="nav" aria-label={label} gap="xs" wrap="nowrap" preventGrowOverflow={false}>
        {children}
      </Group>
    </ScrollArea>
  );
}
