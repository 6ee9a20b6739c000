import { Group, ScrollArea } from '@mantine/core';
import type { ReactNode } from 'react';

/** Horizontal, scrollable sub-navigation of an area (customer portal, business panel). */
export function SectionNav({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ScrollArea type="never" mt="md">
      <Group component="nav" aria-label={label} gap="xs" wrap="nowrap">
        {children}
      </Group>
    </ScrollArea>
  );
}
