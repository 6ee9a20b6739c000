import { TextInput } from '@mantine/core';
import { ClientErrors, type Client } from '@punkto/contracts/clients';
import { Username } from '@punkto/contracts/identity';
import { OptionalPhone } from '@punkto/contracts/tenant';
import { z } from 'zod';
import { useZodForm } from '../../../../lib/form/use-zod-form';
import { useLeaveGuard } from '../../../../lib/form/use-leave-guard';
import { refusalOnField } from '../../../../lib/form/field-errors';
import { notify } from '../../../../lib/notify-instance';
import { phoneInputValue } from '../../../../lib/phone';
import { useEditClient } from '../api/clients';
import { FormSubmit } from '../../../../components/ui/form-submit';
import { FormCard } from '../../../../components/ui/form-card';

const EditForm = z.object({ name: Username, phone: OptionalPhone });
/** a phone-only client (ADR 0056) keeps a phone: staff find the card by it */
const PhoneOnlyEditForm = EditForm.extend({
  phone: OptionalPhone.refine((phone) => phone !== null, ClientErrors.phoneRequired.message),
});

/**
 * „Popraw dane klienta” on the client's page (permission „Dodawanie i edycja klientów”): the name and the phone
 * as the company keeps them; an empty phone removes it. The scanner and the card's history follow.
 */
export function EditClientSection({ tenantId, client }: { tenantId: string; client: Client }) {
  const editClient = useEditClient(tenantId, client.id);
  const phoneOnly = client.email === null;
  const form = useZodForm(phoneOnly ? PhoneOnlyEditForm : EditForm, {
    name: client.name,
    phone: phoneInputValue(client.phone),
  });

  const save = form.onSubmit(async ({ name, phone }) => {
    const saved = await editClient.mutateAsync({ name, phone }).catch((error: unknown) => {
      throw refusalOnField(error, { [ClientErrors.phoneRequired.code]: 'phone' });
    });
    form.setFieldValue('name', saved.name);
    form.setFieldValue('phone', phoneInputValue(saved.phone));
    notify.success('Zapisano dane klienta.');
  });

  const leaveGuard = useLeaveGuard(form.isDirty());

  return (
    <FormCard
      title="Popraw dane klienta"
      label="Dane klienta do poprawy"
      onSubmit={save}
      titleId="client-edit-title"
      before={leaveGuard}
    >
      <TextInput label="Imię i nazwisko" autoComplete="off" {...form.getInputProps('name')} />
      <TextInput
        label={phoneOnly ? 'Telefon' : 'Telefon (opcjonalnie)'}
        required={phoneOnly}
        description={
          phoneOnly
            ? 'Polski numer (9 cyfr) albo z kierunkowym kraju. Klient nie ma adresu e-mail, więc po tym numerze znajdziesz jego kartę.'
            : 'Polski numer (9 cyfr) albo z kierunkowym kraju. Zostaw puste, aby usunąć numer.'
        }
        type="tel"
        inputMode="tel"
        autoComplete="off"
        {...form.getInputProps('phone')}
      />
      <FormSubmit error={form.formError} submitting={form.submitting}>
        Zapisz zmiany
      </FormSubmit>
    </FormCard>
  );
}
