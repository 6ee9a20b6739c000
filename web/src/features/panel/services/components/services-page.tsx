import { Button, Group, Stack, Table } from '@mantine/core';
import type { CatalogueService } from '@punkto/contracts/catalogue';
import { useSuspenseQuery } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { PageHeader } from '../../../../components/ui/page-header';
import { EmptyState } from '../../../../components/ui/query-state';
import { useConfirmedRemoval } from '../../../../lib/use-confirmed-removal';
import { useModalTarget } from '../../../../lib/use-modal-target';
import { servicesQueryOptions } from '../../../../lib/queries/catalogue';
import { useDeleteService } from '../api/services';
import { formatGrosze } from '../../../../lib/money';
import { ServiceFormModal } from './service-form-modal';
import { ListTable, type ListColumn } from '../../../../components/ui/list-table';

/**
 * /panel/uslugi: the services catalogue staff pick from when awarding points. The route's loader fetched it
 * (loadSection); a failure is the route's errorComponent.
 */
const COLUMNS: ListColumn<never>[] = [
  { label: 'Nazwa' },
  { label: 'Cena', align: 'right' },
  { label: 'Punkty' },
  { label: 'Status' },
  { label: 'Akcje', hidden: true },
];

export function ServicesPage({ tenantId }: { tenantId: string }) {
  const { data: services } = useSuspenseQuery(servicesQueryOptions(tenantId));
  const editor = useModalTarget<CatalogueService>();
  const remove = useDeleteService(tenantId);
  const deletion = useConfirmedRemoval({
    remove: (service: CatalogueService) => remove.mutateAsync(service.id),
    pending: remove.isPending,
    done: (service) => `Usunięto usługę „${service.name}”.`,
  });

  const addButton = <Button onClick={() => editor.open(null)}>Dodaj usługę</Button>;

  return (
    <Stack gap="lg" py={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="flex-end" gap="md">
        <PageHeader
          title="Usługi"
          description="Cennik usług, z którego pracownicy wybierają przy przyznawaniu punktów."
        />
        {services.length > 0 ? addButton : null}
      </Group>

      {services.length === 0 ? (
        <EmptyState title="Nie masz jeszcze żadnych usług" titleAs="h2" actions={addButton}>
          Dodaj usługi z cenami — pracownik wybierze usługę, a punkty policzą się same (według ceny albo
          stałej liczby punktów).
        </EmptyState>
      ) : (
        <ListTable label="Usługi" minWidth={560} columns={COLUMNS}>
          {services.map((service) => (
            <Table.Tr key={service.id}>
              <Table.Td fw={500}>{service.name}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatGrosze(service.priceGrosze)}
              </Table.Td>
              <Table.Td>{service.fixedPoints === null ? 'wg ceny' : `${service.fixedPoints} pkt`}</Table.Td>
              <Table.Td>
                <StatusBadge tone={service.active ? 'positive' : 'neutral'}>
                  {service.active ? 'Aktywna' : 'Nieaktywna'}
                </StatusBadge>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => editor.open(service)}
                    aria-label={`Edytuj usługę ${service.name}`}
                  >
                    Edytuj
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => deletion.ask(service)}
                    aria-label={`Usuń usługę ${service.name}`}
                  >
                    Usuń
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}

      <ServiceFormModal
        tenantId={tenantId}
        service={editor.target}
        opened={editor.opened}
        onClose={editor.close}
      />
      <ConfirmDialog {...deletion.dialog} title="Usunąć usługę?" confirmLabel="Usuń usługę">
        {`Usługa „${deletion.target?.name ?? ''}” zniknie z cennika. Historia przyznanych punktów zostaje.`}
      </ConfirmDialog>
    </Stack>
  );
}
