import { Stack } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../../components/ui/page-header';
import { tenantQueryOptions } from '../../../../lib/queries/tenant';
import { programsQueryOptions } from '../../programs/api/list-programs';
import { campaignsQueryOptions } from '../api/messages';
import { CampaignList } from './campaign-list';
import { ComposeForm } from './compose-form';

/**
 * /panel/wiadomosci: a message from the company to its customers — on the card in Apple Wallet and Google
 * Wallet and by e-mail — composed with previews, sent now or scheduled; below, the campaigns with their
 * delivery reports (read again while one is sending).
 */
export function MessagesPage({ tenantId }: { tenantId: string }) {
  const { data: list } = useSuspenseQuery(campaignsQueryOptions(tenantId));
  const { data: programs } = useSuspenseQuery(programsQueryOptions(tenantId));
  const tenant = useQuery(tenantQueryOptions(tenantId));
  return (
    <Stack gap="lg" py={{ base: 'md', sm: 'lg' }}>
      <PageHeader
        title="Wiadomości"
        description="Krótka wiadomość do Twoich klientów: na kartę w ich portfelu i e-mailem do tych, którzy się na to zgodzili."
      />
      <ComposeForm
        tenantId={tenantId}
        companyName={tenant.data?.companyName ?? 'Twoja firma'}
        programs={programs}
        limits={list.limits}
      />
      <CampaignList tenantId={tenantId} campaigns={list.campaigns} programs={programs} />
    </Stack>
  );
}
