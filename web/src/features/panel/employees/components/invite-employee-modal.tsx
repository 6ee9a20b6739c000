import { Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { EmployeeErrors, InviteEmployeeRequest } from '@punkto/contracts/employees';
import type { Permission } from '@punkto/contracts/permissions';
import { ModalFormFooter } from '../../../../components/ui/modal-form-footer';
import { refusalOnField } from '../../../../lib/form/field-errors';
import { useZodForm } from '../../../../lib/form/use-zod-form';
import { notify } from '../../../../lib/notify-instance';
import { useInviteEmployee } from '../api/employees';
import type { PermissionGroup } from '../utils/permission-matrix';
import { EmailInput } from '../../../../components/ui/email-input';
import { AppModal } from '../../../../components/ui/app-modal';

type InviteEmployeeModalProps = {
  tenantId: string;
  groups: PermissionGroup[];
  /** what the inviting person may grant (what they hold themselves) */
  grantable: ReadonlySet<Permission>;
  opened: boolean;
  onClose: () => void;
};

/** Invite an employee: name, e-mail and the permissions they start with. They get an e-mail with a link. */
export function InviteEmployeeModal({
  tenantId,
  groups,
  grantable,
  opened,
  onClose,
}: InviteEmployeeModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Zaproś pracownika" size="lg">
      {opened ? (
        <InviteForm tenantId={tenantId} groups={groups} grantable={grantable} onDone={onClose} />
      ) : null}
    </AppModal>
  );
}

function InviteForm({
  tenantId,
  groups,
  grantable,
  onDone,
}: {
  tenantId: string;
  groups: PermissionGroup[];
  grantable: ReadonlySet<Permission>;
  onDone: () => void;
}) {
  const invite = useInviteEmployee(tenantId);
  const form = useZodForm(InviteEmployeeRequest, {
    name: '',
    email: '',
    permissions: [] as Permission[],
  });

  const submit = form.onSubmit(async (body) => {
    try {
      const employee = await invite.mutateAsync(body);
      notify.success(`Zaproszenie wysłane na adres ${employee.email}.`);
      onDone();
    } catch (error) {
      // the e-mail is taken: say so under the e-mail field
      throw refusalOnField(error, { [EmployeeErrors.emailTaken.code]: 'email' });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Zaproszenie pracownika">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Pracownik dostanie e-mail z linkiem do ustawienia hasła. Uprawnienia możesz zmienić w każdej chwili.
        </Text>
        <TextInput
          label="Imię i nazwisko"
          required
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('name')}
        />
        <EmailInput autoComplete="off" required {...form.getInputProps('email')} />
        <Checkbox.Group
          label="Uprawnienia"
          description="Zaznacz, co pracownik może robić w panelu."
          value={form.values.permissions}
          onChange={(value) => form.setFieldValue('permissions', value as Permission[])}
          error={form.errors.permissions}
        >
          <Stack gap="sm" mt="xs">
            {groups.map(({ group, permissions }) => (
              <Stack key={group} gap={6} role="group" aria-label={group}>
                <Text size="sm" fw={600}>
                  {group}
                </Text>
                {permissions.map((permission) => (
                  <Checkbox
                    key={permission.key}
                    value={permission.key}
                    label={permission.label}
                    disabled={!grantable.has(permission.key)}
                  />
                ))}
              </Stack>
            ))}
          </Stack>
        </Checkbox.Group>
        <ModalFormFooter
          error={form.formError}
          onCancel={onDone}
          submitLabel="Wyślij zaproszenie"
          submitting={form.submitting}
        />
      </Stack>
    </form>
  );
}
