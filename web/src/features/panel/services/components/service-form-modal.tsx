import { Stack, Switch, TextInput } from '@mantine/core';
import type { CatalogueService } from '@punkto/contracts/catalogue';
import { ModalFormFooter } from '../../../../components/ui/modal-form-footer';
import { renameValidationFields } from '../../../../lib/form/field-errors';
import { useZodForm } from '../../../../lib/form/use-zod-form';
import { notify } from '../../../../lib/notify-instance';
import { useSaveService } from '../api/services';
import {
  ServiceForm,
  emptyServiceForm,
  serviceServerFields,
  toServiceFormValues,
} from '../utils/service-form';
import { AppModal } from '../../../../components/ui/app-modal';

type ServiceFormModalProps = {
  tenantId: string;
  /** the service being edited, or null for a new one */
  service: CatalogueService | null;
  opened: boolean;
  onClose: () => void;
};

/** Add or edit a service: name, price in złoty (comma or dot), fixed points or "by the price", active. */
export function ServiceFormModal({ tenantId, service, opened, onClose }: ServiceFormModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={service ? 'Edytuj usługę' : 'Nowa usługa'}>
      {/* keyed so the form starts from the chosen service every time the modal opens */}
      {opened ? (
        <ServiceFormBody key={service?.id ?? 'new'} tenantId={tenantId} service={service} onDone={onClose} />
      ) : null}
    </AppModal>
  );
}

function ServiceFormBody({
  tenantId,
  service,
  onDone,
}: {
  tenantId: string;
  service: CatalogueService | null;
  onDone: () => void;
}) {
  const save = useSaveService(tenantId);
  const form = useZodForm(ServiceForm, service ? toServiceFormValues(service) : emptyServiceForm);

  const submit = form.onSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync({ serviceId: service?.id, input });
      notify.success(service ? `Zapisano usługę „${saved.name}”.` : `Dodano usługę „${saved.name}”.`);
      onDone();
    } catch (error) {
      throw renameValidationFields(error, serviceServerFields);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={service ? 'Edycja usługi' : 'Nowa usługa'}>
      <Stack gap="md">
        <TextInput label="Nazwa usługi" required data-autofocus {...form.getInputProps('name')} />
        <TextInput
          label="Cena (zł)"
          description="Np. 12,50 — możesz użyć przecinka albo kropki."
          inputMode="decimal"
          required
          {...form.getInputProps('price')}
        />
        <TextInput
          label="Stała liczba punktów"
          description="Zostaw puste, aby punkty liczyły się według ceny i zasad programu."
          inputMode="numeric"
          {...form.getInputProps('fixedPoints')}
        />
        <Switch label="Usługa aktywna" {...form.getCheckboxProps('active')} />
        <ModalFormFooter
          error={form.formError}
          onCancel={onDone}
          submitLabel={service ? 'Zapisz zmiany' : 'Dodaj usługę'}
          submitting={form.submitting}
        />
      </Stack>
    </form>
  );
}
