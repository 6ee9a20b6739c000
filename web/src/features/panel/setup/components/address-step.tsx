import { Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TenantResponse } from '@punkto/contracts/tenant';
import { useQuery } from '@tanstack/react-query';
import { useZodForm } from '../../../../lib/form/use-zod-form';
import { CardPreview } from '../../settings/components/card-preview';
import { AddressContactFieldset, BrandingFieldset } from '../../settings/components/form-fields';
import { useUpdateTenant } from '../../settings/api/update-tenant';
import {
  AddressContactSchema,
  BrandingSchema,
  addressContactUpdate,
  addressContactValuesOf,
  brandingValuesOf,
  previewColor,
} from '../../settings/utils/company-form';
import { tenantQueryOptions } from '../../../../lib/queries/tenant';
import { FormAlertFromQuery } from './form-alert-from-query';
import { FormSubmit } from '../../../../components/ui/form-submit';

const AddressStepSchema = AddressContactSchema.extend(BrandingSchema.shape);

function AddressForm({ tenant, onDone }: { tenant: TenantResponse; onDone: () => void }) {
  const update = useUpdateTenant(tenant.id);
  const form = useZodForm(AddressStepSchema, {
    ...addressContactValuesOf(tenant),
    ...brandingValuesOf(tenant),
  });

  const submit = form.onSubmit(async (parsed) => {
    const { backgroundColor, foregroundColor, labelColor, ...addressContact } = parsed;
    await update.mutateAsync({
      ...addressContactUpdate(addressContact),
      branding: { backgroundColor, foregroundColor, labelColor },
    });
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Adres i kontakt">
      <Stack gap="md">
        <AddressContactFieldset form={form} />
        <Title order={3} size="h5">
          Kolory karty (opcjonalnie)
        </Title>
        <Text size="sm" c="dimmed">
          Możesz je zmienić później w ustawieniach, gdzie wgrasz też logo.
        </Text>
        <BrandingFieldset form={form} />
        <CardPreview
          companyName={tenant.companyName}
          branding={{
            backgroundColor: previewColor(form.values.backgroundColor, tenant.branding.backgroundColor),
            foregroundColor: previewColor(form.values.foregroundColor, tenant.branding.foregroundColor),
            labelColor: previewColor(form.values.labelColor, tenant.branding.labelColor),
          }}
          logo={tenant.logo}
          heroImage={tenant.heroImage}
        />
        <FormSubmit error={form.formError} submitting={form.submitting}>
          Zapisz i przejdź dalej
        </FormSubmit>
      </Stack>
    </form>
  );
}

/** Step 2: address (required for "configured"), contact and optional card colours → PATCH update-tenant. */
export function AddressStep({ tenantId, onDone }: { tenantId: string; onDone: () => void }) {
  const tenant = useQuery(tenantQueryOptions(tenantId));
  if (tenant.isPending) return <Skeleton h={320} role="status" aria-label="Ładowanie danych firmy" />;
  if (tenant.isError)
    return <FormAlertFromQuery error={tenant.error} title="Nie udało się pobrać danych firmy" />;
  return <AddressForm tenant={tenant.data} onDone={onDone} />;
}
