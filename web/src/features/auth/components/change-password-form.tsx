import { PasswordInput } from '@mantine/core';
import { ChangePasswordRequest, PASSWORD_RULE_MESSAGE } from '@punkto/contracts/identity';
import { useZodForm } from '../../../lib/form/use-zod-form';
import { notify } from '../../../lib/notify-instance';
import { useChangePassword } from '../api/change-password';
import { FormSubmit } from '../../../components/ui/form-submit';
import { FormCard } from '../../../components/ui/form-card';

const ChangePasswordForm = ChangePasswordRequest.extend({
  confirmPassword: ChangePasswordRequest.shape.newPassword,
}).refine((v) => v.newPassword === v.confirmPassword, {
  message: 'Hasła nie są takie same.',
  path: ['confirmPassword'],
});

export function ChangePasswordSection() {
  const changePassword = useChangePassword();
  const form = useZodForm(ChangePasswordForm, { currentPassword: '', newPassword: '', confirmPassword: '' });

  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    await changePassword.mutateAsync({ currentPassword, newPassword });
    form.reset();
    notify.success('Hasło zostało zmienione.');
  });

  return (
    <FormCard title="Zmiana hasła" label="Zmiana hasła" onSubmit={submit}>
      <PasswordInput
        label="Obecne hasło"
        autoComplete="current-password"
        {...form.getInputProps('currentPassword')}
      />
      <PasswordInput
        label="Nowe hasło"
        description={PASSWORD_RULE_MESSAGE}
        autoComplete="new-password"
        {...form.getInputProps('newPassword')}
      />
      <PasswordInput
        label="Powtórz nowe hasło"
        autoComplete="new-password"
        {...form.getInputProps('confirmPassword')}
      />
      <FormSubmit error={form.formError} submitting={form.submitting}>
        Zmień hasło
      </FormSubmit>
    </FormCard>
  );
}
