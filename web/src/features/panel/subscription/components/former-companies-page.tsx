import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { FormerCompany } from '@punkto/contracts/billing';
import { useSuspenseQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../../components/ui/page-header';
import { formatDate } from '../../../../lib/format-date';
import { formerCompaniesQueryOptions, useDownloadFormerInvoice } from '../api/subscription';
import { InvoicePdfButton } from './invoice-pdf-button';
import { formatPln } from '../utils/pricing';

/** one closed company: its name, NIP, when it was closed, and its invoices with a PDF each */
function FormerCompanyInvoices({ company }: { company: FormerCompany }) {
  const download = useDownloadFormerInvoice();
  const pdfOf = (invoiceId: string) => download.mutateAsync({ tenantId: company.tenantId, invoiceId });
  return (
    <Card withBorder padding="md" component="section" aria-label={company.companyName}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {company.companyName}
        </Title>
        <Text size="sm" c="dimmed">
          NIP {company.nip}
          {company.closedAt ? ` · firma usunięta ${formatDate(company.closedAt)}` : ''}
        </Text>
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Faktury">
          {company.invoices.map((invoice) => (
            <Group
              key={invoice.id}
              component="li"
              justify="space-between"
              gap="xs"
              py="xs"
              style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
            >
              <Stack gap={0}>
                <Text fw={600}>{invoice.number}</Text>
                <Text size="sm">
                  {formatDate(invoice.issueDate)} · {formatPln(invoice.grossGrosze)} brutto
                </Text>
                <Text size="xs" c="dimmed">
                  Dostępna do {formatDate(invoice.keptUntil)}
                </Text>
              </Stack>
              <InvoicePdfButton invoice={invoice} pdfOf={pdfOf} />
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

/** /faktury-zamknietych-firm: the invoices of the companies the signed-in person closed (ADR 0047). */
export function FormerCompaniesPage() {
  const { data } = useSuspenseQuery(formerCompaniesQueryOptions());
  return (
    <Stack gap="lg" py={{ base: 'lg', sm: 'xl' }} maw={900}>
      <PageHeader
        title="Faktury zamkniętych firm"
        description="Faktury firm, które usunięto, są dostępne przez 5 lat od końca roku ich wystawienia."
      />
      {data.items.length === 0 ? (
        <Text>Nie masz faktur zamkniętych firm.</Text>
      ) : (
        data.items.map((company) => <FormerCompanyInvoices key={company.tenantId} company={company} />)
      )}
    </Stack>
  );
}
