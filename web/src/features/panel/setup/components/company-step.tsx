import { Stack, Text, TextInput } from '@mantine/core';
import { CreateTenantRequest, TenantErrors } from '@punkto/contracts/tenant';
import { isApiError } from '../../../../lib/api/api-errors';
import { refusalOnField } from '../../../../lib/form/field-errors';
import { useZodForm } from '../../../../lib/form/use-zod-form';
import { createTenant } from '../api/create-tenant';
import { FormSubmit } from '../../../../components/ui/form-submit';

export const SESSION_NOT_READY_MESSAGE =
  'Firma została zarejestrowana, ale sesja jeszcze się nie odświeżyła. Odśwież stronę za chwilę, aby kontynuować.';

/**
 * Step 1: company name + NIP → POST /tenants/create, then the session is refreshed until the token carries the
 * new `tid` (`waitForTenant`). An owner who already has a company (409) only needs that refresh.
 */
export function CompanyStep({
  waitForTenant,
  onDone,
}: {
  /** refreshes the session until it carries a tenant (this one, when given); answers its id */
  waitForTenant: (tenantId?: string) => Promise<string | null>;
  onDone: (tenantId: string) => void;
}) {
  const form = useZodForm(CreateTenantRequest, { companyName: '', nip: '' });

  const submit = form.onSubmit(async (body) => {
    let created: string | undefined;
    try {
      created = (await createTenant(body)).tenantId;
    } catch (error) {
      if (!(isApiError(error) && error.code === TenantErrors.ownerAlreadyHasTenant.code))
        // another company has this NIP (ADR 0035): the message goes under the NIP field
        throw refusalOnField(error, { [TenantErrors.nipTaken.code]: 'nip' });
    }
    const tenantId = await waitForTenant(created);
    if (!tenantId) {
      form.setFormError(SESSION_NOT_READY_MESSAGE);
      return;
    }
    onDone(tenantId);
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Dane firmy">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Nazwa pojawi się na karcie lojalnościowej klientów. NIP sprawdzamy sumą kontrolną.
        </Text>
        <TextInput
          label="Nazwa firmy"
          autoComplete="organization"
          required
          {...form.getInputProps('companyName')}
        />
        <TextInput
          label="NIP"
          description="10 cyfr, np. 123-456-32-18"
          inputMode="numeric"
          required
          {...form.getInputProps('nip')}
        />
        <FormSubmit error={form.formError} submitting={form.submitting}>
          Zarejestruj firmę
        </FormSubmit>
      </Stack>
    </form>
  );
}
