import { Badge, Box, Flex, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { tenantQueryOptions } from '../../../../lib/queries/tenant';
import { SubscriptionBanner } from '../../subscription/components/subscription-banner';
import { PanelNav } from './panel-nav';
import { usePanelSession } from '../hooks/panel-session';
import { sectionsFor } from '../utils/permissions';

function CompanyName({ tenantId }: { tenantId: string }) {
  const tenant = useQuery(tenantQueryOptions(tenantId));
  // as tall as the name's line: the panel below does not move when the name arrives (layout shift)
  if (tenant.isPending)
    return (
      <Skeleton
        h="calc(var(--mantine-font-size-lg) * var(--mantine-line-height-lg))"
        w={180}
        role="status"
        aria-label="Ładowanie nazwy firmy"
      />
    );
  if (!tenant.data) return null;
  return (
    <Text fw={700} size="lg" truncate maw="70vw">
      {tenant.data.companyName}
    </Text>
  );
}

/** The business panel frame: company name and role, the sections this person may open, the section itself. */
export function PanelShell({ children }: { children: ReactNode }) {
  const session = usePanelSession();
  const sections = sectionsFor(session.user);
  return (
    <Box py={{ base: 'sm', sm: 'md' }}>
      <Group gap="xs" mb="sm" wrap="nowrap">
        {session.tenantId ? <CompanyName tenantId={session.tenantId} /> : null}
        <Badge variant="light" radius="sm" style={{ flexShrink: 0 }}>
          {session.isOwner ? 'Właściciel' : 'Pracownik'}
        </Badge>
      </Group>
      <Flex direction={{ base: 'column', sm: 'row' }} gap={{ base: 'md', sm: 'xl' }} align="flex-start">
        <Box
          w={{ base: '100%', sm: 210 }}
          style={{ flexShrink: 0 }}
          pos={{ base: 'static', sm: 'sticky' }}
          top={80}
        >
          <PanelNav sections={sections} />
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }} w="100%">
          {session.tenantId ? (
            <Stack gap="xs" mb="md">
              <SubscriptionBanner tenantId={session.tenantId} />
            </Stack>
          ) : null}
          {children}
        </Box>
      </Flex>
    </Box>
  );
}
