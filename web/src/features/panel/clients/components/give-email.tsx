import { Checkbox, Text } from '@mantine/core';
import { ClientErrors, type Client } from '@punkto/contracts/clients';
import { Email } from '@punkto/contracts/identity';
import { z } from 'zod';
import { EmailInput } from '../../../../components/ui/email-input';
import { refusalOnField } from '../../../../lib/form/field-errors';
import { useLeaveGuard } from '../../../../lib/form/use-leave-guard';
import { useZodForm } from '../../../../lib/form/use-zod-form';
import { notify } from '../../../../lib/notify-instance';
import { useEditClient } from '../api/clients';
import { FormSubmit } from '../../../../components/ui/form-submit';
import { FormCard } from '../../../../components/ui/form-card';

const GiveEmailForm = z.object({ email: Email, marketingConsent: z.boolean() });

/**
 * „Karta w telefonie klienta” on a phone-only client's page (ADR 0056, permission „Dodawanie i edycja klientów”):
 * staff give the address once; the customer gets an account (or a notice, when the address has one) and this
 * card — its number, balance and history — moves to it, into the portal and the wallet.
 */
export function GiveEmailSection({ tenantId, client }: { tenantId: string; client: Client }) {
  const editClient = useEditClient(tenantId, client.id);
  const form = useZodForm(GiveEmailForm, { email: '', marketingConsent: false });

  const save = form.onSubmit(async ({ email, marketingConsent }) => {
    await editClient.mutateAsync({ email, marketingConsent }).catch((error: unknown) => {
      throw refusalOnField(error, {
        [ClientErrors.alreadyEnrolled.code]: 'email',
        [ClientErrors.emailFixed.code]: 'email',
      });
    });
    notify.success(
      `Wysłaliśmy wiadomość na adres ${email}. Karta — z punktami i historią — przejdzie na konto klienta w Punkto.`,
    );
  });

  const leaveGuard = useLeaveGuard(form.isDirty());

  return (
    <FormCard
      title="Karta w telefonie klienta"
      label="Karta w telefonie klienta"
      onSubmit={save}
      titleId="client-give-email-title"
      before={leaveGuard}
    >
      <Text size="sm" c="dimmed">
        Podaj adres e-mail klienta, a wyślemy mu link do konta w Punkto. Ta sama karta — z numerem, punktami i
        historią — będzie wtedy w jego portalu i w portfelu telefonu. Adres można podać tylko raz; później
        zmienia go sam klient.
      </Text>
      <EmailInput label="Adres e-mail klienta" autoComplete="off" required {...form.getInputProps('email')} />
      <Checkbox
        label="Klient zgadza się na wiadomości marketingowe"
        {...form.getCheckboxProps('marketingConsent')}
      />
      <FormSubmit error={form.formError} submitting={form.submitting}>
        Wyślij zaproszenie
      </FormSubmit>
    </FormCard>
  );
}
