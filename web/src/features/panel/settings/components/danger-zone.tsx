import { Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { COMPANY_NAME_CONFIRMATION_HINT, sameCompanyName } from '@punkto/contracts/company-name-match';
import { DeleteTenantRequest } from '@punkto/contracts/tenant';
import { useDisclosure } from '@mantine/hooks';
import { DangerConfirmModal } from '../../../../components/ui/danger-confirm-modal';
import { useZodForm } from '../../../../lib/form/use-zod-form';
import { useDeleteTenant } from '../api/delete-tenant';

/**
 * Owners only: deleting the company, confirmed by typing its name (the server compares it too). Employees lose
 * access; the owner can register a new company afterwards.
 */
export function DangerZone({
  companyName,
  onDeleted,
}: {
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
          Tej operacji nie można cofnąć.
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
