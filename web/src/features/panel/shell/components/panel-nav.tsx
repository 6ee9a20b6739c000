import { Box, Flex } from '@mantine/core';
import { ButtonLink } from '../../../../components/ui/link';
import { ScrollHintNav } from '../../../../components/ui/scroll-hint';
import type { PanelSection } from '../utils/permissions';

/**
 * The panel's navigation, one `<nav>` for every screen size: a horizontally scrolling row of buttons on phones,
 * with a fade and an arrow on the side that has more (ScrollHintNav), a vertical list beside the content from `sm` up. Only the sections the person may open are listed.
 */
export function PanelNav({ sections }: { sections: readonly PanelSection[] }) {
  return (
    <ScrollHintNav label="Panel firmy" mx={{ base: 'calc(var(--mantine-spacing-md) * -1)', sm: 0 }}>
      <Flex
        component="ul"
        direction={{ base: 'row', sm: 'column' }}
        gap={6}
        m={0}
        py={0}
        px={{ base: 'md', sm: 0 }}
        style={{ listStyle: 'none' }}
      >
        {sections.map((section) => (
          <Box component="li" key={section.to} style={{ flexShrink: 0 }}>
            <ButtonLink
              to={section.to}
              size="compact-md"
              variant="subtle"
              color="gray"
              fullWidth
              justify="flex-start"
              activeOptions={{ exact: section.exact ?? false }}
              activeProps={{ variant: 'light', color: 'punkto' }}
            >
              {section.label}
            </ButtonLink>
          </Box>
        ))}
      </Flex>
    </ScrollHintNav>
  );
}
