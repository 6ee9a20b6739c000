import { Stack, Tabs } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../../components/ui/page-header';
import { tenantQueryOptions } from '../../../../lib/queries/tenant';
import { programsQueryOptions } from '../../programs/api/list-programs';
import { campaignsQueryOptions } from '../api/messages';
import { AutomationsSection } from './automations-section';
import { CampaignList } from './campaign-list';
import { ComposeForm } from './compose-form';

/**
 * /panel/wiadomosci: a message from the company to its customers — on the card in Apple Wallet and Google
 * Wallet and by e-mail — composed with previews, sent now or scheduled; below, the campaigns with their
 * delivery reports (read again while one is sending). A second tab holds the automatic messages (ADR 0060).
 */
export function MessagesPage({ tenantId }: { tenantId: string }) {
  const { data: list } = useSuspenseQuery(campaignsQueryOptions(tenantId));
  const { data: programs } = useSuspenseQuery(programsQueryOptions(tenantId));
  const tenant = useQuery(tenantQueryOptions(tenantId));
  const companyName = tenant.data?.companyName ?? 'Twoja firma';
  return (
    <Stack gap="lg" py={{ base: 'md', sm: 'lg' }}>
      <PageHeader
        title="Wiadomości"
        description="Krótka wiadomość do Twoich klientów: na kartę w ich portfelu i e-mailem do tych, którzy się na to zgodzili."
      />
      <Tabs defaultValue="campaigns" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="campaigns">Kampanie</Tabs.Tab>
          <Tabs.Tab value="automations">Wiadomości automatyczne</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="campaigns" pt="md">
          <Stack gap="lg">
            <ComposeForm
              tenantId={tenantId}
              companyName={companyName}
              programs={programs}
              limits={list.limits}
            />
            <CampaignList tenantId={tenantId} campaigns={list.campaigns} programs={programs} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="automations" pt="md">
          <AutomationsSection tenantId={tenantId} companyName={companyName} programs={programs} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
