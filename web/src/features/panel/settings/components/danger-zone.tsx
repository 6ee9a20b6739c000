import { Alert, Button, Card, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { COMPANY_NAME_CONFIRMATION_HINT, sameCompanyName } from '@punkto/contracts/company-name-match';
import { DeleteTenantRequest } from '@punkto/contracts/tenant';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../../components/ui/link';
import { DangerConfirmModal } from '../../../../components/ui/danger-confirm-modal';
import { useZodForm } from '../../../../lib/form/use-zod-form';
import { subscriptionQueryOptions } from '../../subscription/api/subscription';
import { useDeleteTenant } from '../api/delete-tenant';
import { closureNextChargeLine, closurePlanLine } from '../utils/closure-billing';

/**
 * The money part of the dialog (ADR 0047): the plan, the next charge (or none), what closing does to them,
 * and where the invoices are.
 */
function ClosureBilling({ tenantId }: { tenantId: string }) {
  const sub = useQuery({ ...subscriptionQueryOptions(tenantId), staleTime: 0 });
  return (
    <Alert color="gray" variant="light" title="Subskrypcja i faktury" aria-label="Subskrypcja i faktury">
      <Stack gap={4}>
        {sub.isPending ? (
          <Loader size="xs" aria-label="Wczytywanie subskrypcji" />
        ) : sub.data ? (
          <>
            <Text size="sm">{closurePlanLine(sub.data)}</Text>
            <Text size="sm">{closureNextChargeLine(sub.data)}</Text>
          </>
        ) : (
          <Text size="sm">Nie udało się wczytać subskrypcji.</Text>
        )}
        <Text size="sm">
          Usunięcie firmy od razu kończy subskrypcję: nic więcej nie zostanie pobrane, a zapisane karty
          płatnicze zostaną usunięte u operatora płatności.
        </Text>
        <Text size="sm">
          Faktury zostaną w Twoim koncie przez 5 lat od końca roku ich wystawienia (strona „Faktury
          zamkniętych firm”). <AnchorLink to="/subskrypcja/zarzadzaj">Zobacz faktury</AnchorLink>
        </Text>
      </Stack>
    </Alert>
  );
}

/**
 * Owners only: deleting the company, confirmed by typing its name (the server compares it too). Employees lose
 * access; the owner can register a new company afterwards.
 */
export function DangerZone({
  tenantId,
  companyName,
  onDeleted,
}: {
  tenantId: string;
  companyName: string;
  onDeleted: () => Promise<void>;
}) {
  const [opened, modal] = useDisclosure(false);
  const deleteTenant = useDeleteTenant();
  const form = useZodForm(DeleteTenantRequest, { confirmCompanyName: '' });
  // the tenant service compares with the same function: any case, dash, quote or spacing
  const matches = sameCompanyName(form.values.confirmCompanyName, companyName);
  const typed = form.values.confirmCompanyName.trim() !== '';

  const submit = form.onSubmit(async (body) => {
    await deleteTenant.mutateAsync(body);
    modal.close();
    await onDeleted();
  });

  const close = () => {
    form.reset();
    modal.close();
  };

  return (
    <Card
      withBorder
      padding="lg"
      style={{ borderColor: 'var(--mantine-color-red-3)' }}
      component="section"
      aria-labelledby="danger-zone-title"
    >
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="danger-zone-title">
          Strefa niebezpieczna
        </Title>
        <Text size="sm" c="dimmed">
          Usunięcie firmy zamyka programy lojalnościowe i karty klientów, a pracownicy tracą dostęp do panelu.
          Subskrypcja kończy się od razu i nic więcej nie zostanie pobrane; faktury pozostaną do pobrania. Tej
          operacji nie można cofnąć.
        </Text>
        <Button color="red" variant="light" onClick={modal.open}>
          Usuń firmę
        </Button>
      </Stack>
      <DangerConfirmModal
        opened={opened}
        onClose={close}
        title="Usunąć firmę na zawsze?"
        formLabel="Potwierdzenie usunięcia firmy"
        onSubmit={submit}
        error={form.formError}
        submitting={form.submitting}
        submitLabel="Usuń firmę na zawsze"
        disabled={!matches}
      >
        {opened && <ClosureBilling tenantId={tenantId} />}
        <Text size="sm">
          Aby potwierdzić, wpisz nazwę firmy: <strong>{companyName}</strong>
        </Text>
        <TextInput
          label="Nazwa firmy"
          autoComplete="off"
          data-autofocus
          description={COMPANY_NAME_CONFIRMATION_HINT}
          {...form.getInputProps('confirmCompanyName')}
        />
        {typed && !matches && (
          <Text size="sm" c="dimmed" role="status">
            Nazwa jeszcze się nie zgadza. Przycisk usunięcia włączy się, gdy wpiszesz pełną nazwę firmy.
          </Text>
        )}
      </DangerConfirmModal>
    </Card>
  );
}
