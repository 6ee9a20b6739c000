import { Badge, Group, Text } from '@mantine/core';
import { Outlet, createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_business/panel')({
  component: PanelLayout,
});

/** Business panel frame; its nested sections (programs, clients, employees…) plug into the Outlet. */
function PanelLayout() {
  return (
    <>
      <Group gap="xs" mt="md">
        <Badge variant="light" radius="sm">
          Panel firmy
        </Badge>
        <Text size="sm" c="dimmed">
          Obszar dla właścicieli firm i pracowników
        </Text>
      </Group>
      <Outlet />
    </>
  );
}
