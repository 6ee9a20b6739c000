import { CloseButton, Group, Paper, Text } from '@mantine/core';
import { MAINTENANCE_STATUS_URL } from '@punkto/contracts/errors';
import { AnchorLink } from '../../../components/ui/link';
import { aboveBanner } from '../../../lib/bottom-banner-space';
import { useMaintenanceBanner } from '../hooks/use-maintenance-banner';

/**
 * Bottom banner while the platform is in maintenance mode (SPEC §2, §4). Sticky (not fixed) so it
 * never covers the footer at the end of the page; stays under modals and drawers (z-index 200), and above the
 * cookie banner while that is shown.
 */
export function MaintenanceBanner() {
  const { visible, dismiss } = useMaintenanceBanner();
  if (!visible) return null;

  return (
    <Paper
      role="status"
      aria-live="polite"
      pos="sticky"
      bottom={aboveBanner('0px')}
      radius={0}
      px="md"
      py="sm"
      shadow="md"
      bg="yellow.1"
      style={{ borderTop: '1px solid var(--mantine-color-yellow-4)', zIndex: 150 }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" maw={1100} mx="auto">
        <Text size="sm" c="yellow.9">
          <Text span fw={700} inherit>
            Trwa przerwa techniczna.
          </Text>{' '}
          Niektóre funkcje mogą chwilowo nie działać.{' '}
          <AnchorLink to={MAINTENANCE_STATUS_URL} inherit fw={600} c="yellow.9" underline="always">
            Sprawdź status
          </AnchorLink>
        </Text>
        <CloseButton aria-label="Zamknij komunikat o przerwie technicznej" onClick={dismiss} />
      </Group>
    </Paper>
  );
}
