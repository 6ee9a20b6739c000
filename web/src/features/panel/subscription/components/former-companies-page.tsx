import { Button, Card, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { FormerCompany } from '@punkto/contracts/billing';
import { useSuspenseQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../../components/ui/page-header';
import { formatDate } from '../../../../lib/format-date';
import { notify } from '../../../../lib/notify-instance';
import { saveBlob } from '../../../../lib/save-blob';
import { formerCompaniesQueryOptions, useDownloadFormerInvoice } from '../api/subscription';
import { formatPln } from '../utils/pricing';

/** one closed company: its name, NIP, when it was closed, and its invoices with a PDF each */
function FormerCompanyInvoices({ company }: { company: FormerCompany }) {
  const download = useDownloadFormerInvoice();
  const save = async (invoice: { id: string; number: string }) => {
    try {
      const pdf = await download.mutateAsync({ tenantId: company.tenantId, invoiceId: invoice.id });
      saveBlob(pdf, `Faktura-${invoice.number.replace(/\//g, '-')}.pdf`);
    } catch (error) {
      notify.fromError(error);
    }
  };
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
        <Table.ScrollContainer minWidth={320}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Numer</Table.Th>
                <Table.Th>Data</Table.Th>
                <Table.Th ta="right">Brutto</Table.Th>
                <Table.Th>Dostępna do</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Pobierz</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {company.invoices.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td>{invoice.number}</Table.Td>
                  <Table.Td>{formatDate(invoice.issueDate)}</Table.Td>
                  <Table.Td ta="right">{formatPln(invoice.grossGrosze)}</Table.Td>
                  <Table.Td>{formatDate(invoice.keptUntil)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => void save(invoice)}
                      aria-label={`Pobierz PDF faktury ${invoice.number}`}
                    >
                      Pobierz PDF
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
