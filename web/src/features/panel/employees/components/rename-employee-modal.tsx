import { Stack, TextInput } from '@mantine/core';
import type { Employee } from '@punkto/contracts/employees';
import { Username } from '@punkto/contracts/identity';
import { z } from 'zod';
import { ModalFormFooter } from '../../../../components/ui/modal-form-footer';
import { useZodForm } from '../../../../lib/form/use-zod-form';
import { notify } from '../../../../lib/notify-instance';
import { useRenameEmployee } from '../api/employees';
import { AppModal } from '../../../../components/ui/app-modal';

const RenameSchema = z.object({ name: Username });

type RenameEmployeeModalProps = {
  tenantId: string;
  employee: Employee | null;
  opened: boolean;
  onClose: () => void;
};

/** Edit an employee's name (PATCH …/employees/{employeeId}). */
export function RenameEmployeeModal({ tenantId, employee, opened, onClose }: RenameEmployeeModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Zmień imię i nazwisko">
      {opened && employee ? (
        <RenameEmployeeForm key={employee.id} tenantId={tenantId} employee={employee} onDone={onClose} />
      ) : null}
    </AppModal>
  );
}

function RenameEmployeeForm({
  tenantId,
  employee,
  onDone,
}: {
  tenantId: string;
  employee: Employee;
  onDone: () => void;
}) {
  const rename = useRenameEmployee(tenantId);
  const form = useZodForm(RenameSchema, { name: employee.name });

  const submit = form.onSubmit(async ({ name }) => {
    const saved = await rename.mutateAsync({ employeeId: employee.id, name });
    notify.success(`Zapisano: ${saved.name}.`);
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Zmiana imienia i nazwiska pracownika">
      <Stack gap="md">
        <TextInput label="Imię i nazwisko" required data-autofocus {...form.getInputProps('name')} />
        <ModalFormFooter
          error={form.formError}
          onCancel={onDone}
          submitLabel="Zapisz"
          submitting={form.submitting}
        />
      </Stack>
    </form>
  );
}
