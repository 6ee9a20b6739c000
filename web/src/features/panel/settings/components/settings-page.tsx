import { Button, Card, Group, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { TenantErrors, type TenantResponse } from '@punkto/contracts/tenant';
import { useSuspenseQuery } from '@tanstack/react-query';
import { FormError } from '../../../../components/ui/form-error';
import { PageHeader } from '../../../../components/ui/page-header';
import { refusalOnField } from '../../../../lib/form/field-errors';
import { useZodForm } from '../../../../lib/form/use-zod-form';
import { useLeaveGuard } from '../../../../lib/form/use-leave-guard';
import { notify } from '../../../../lib/notify-instance';
import { tenantQueryOptions } from '../../../../lib/queries/tenant';
import { usePanelSession } from '../../shell/hooks/panel-session';
import { useUpdateTenant } from '../api/update-tenant';
import { CardPreview } from './card-preview';
import { AwardThresholdForm } from './award-threshold-form';
import { DangerZone } from './danger-zone';
import { AddressContactFieldset, BrandingFieldset } from './form-fields';
import { ImageUpload } from './image-upload';
import { LocationsSection } from './locations-section';
import {
  BrandingSchema,
  CompanyFormSchema,
  brandingValuesOf,
  companyUpdate,
  companyValuesOf,
  previewColor,
} from '../utils/company-form';

function SettingsForms({
  tenant,
  onCompanyDeleted,
}: {
  tenant: TenantResponse;
  onCompanyDeleted: () => Promise<void>;
}) {
  const { isOwner } = usePanelSession();
  const update = useUpdateTenant(tenant.id);
  const company = useZodForm(CompanyFormSchema, companyValuesOf(tenant));
  const branding = useZodForm(BrandingSchema, brandingValuesOf(tenant));
  const leaveGuard = useLeaveGuard(company.isDirty() || branding.isDirty());

  const saveCompany = company.onSubmit(async (parsed) => {
    try {
      await update.mutateAsync(companyUpdate(parsed));
    } catch (error) {
      // another company has this NIP (ADR 0035): the message goes under the NIP field
      throw refusalOnField(error, { [TenantErrors.nipTaken.code]: 'nip' });
    }
    notify.success('Dane firmy zostały zapisane.');
  });
  const saveBranding = branding.onSubmit(async (parsed) => {
    await update.mutateAsync({ branding: parsed });
    notify.success('Wygląd karty został zapisany.');
  });

  const previewBranding = {
    backgroundColor: previewColor(branding.values.backgroundColor, tenant.branding.backgroundColor),
    foregroundColor: previewColor(branding.values.foregroundColor, tenant.branding.foregroundColor),
    labelColor: previewColor(branding.values.labelColor, tenant.branding.labelColor),
  };

  return (
    <Stack gap="xl">
      {leaveGuard}
      <Card withBorder padding="lg" component="section" aria-labelledby="company-title">
        <form onSubmit={saveCompany} noValidate aria-label="Dane firmy">
          <Stack gap="sm">
            <Title order={2} size="h4" id="company-title">
              Dane firmy
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label="Nazwa firmy"
                autoComplete="organization"
                required
                {...company.getInputProps('companyName')}
              />
              <TextInput
                label="NIP"
                description="10 cyfr, np. 123-456-32-18"
                inputMode="numeric"
                required
                {...company.getInputProps('nip')}
              />
            </SimpleGrid>
            <Textarea
              label="Opis firmy (opcjonalnie)"
              description="Krótko, czym się zajmujesz — klienci zobaczą to na stronie zapisu."
              autosize
              minRows={2}
              maxRows={6}
              {...company.getInputProps('description')}
              onChange={(event) => company.setFieldValue('description', event.currentTarget.value)}
            />
            <AddressContactFieldset form={company} />
            <FormError message={company.formError} />
            <Group>
              <Button type="submit" loading={company.submitting}>
                Zapisz dane firmy
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>

      <Card withBorder padding="lg" component="section" aria-labelledby="branding-title">
        <Stack gap="lg">
          <Title order={2} size="h4" id="branding-title">
            Wygląd karty
          </Title>
          <form onSubmit={saveBranding} noValidate aria-label="Kolory karty">
            <Stack gap="sm">
              <BrandingFieldset form={branding} />
              <FormError message={branding.formError} />
              <Group>
                <Button type="submit" loading={branding.submitting}>
                  Zapisz kolory
                </Button>
              </Group>
            </Stack>
          </form>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <ImageUpload tenantId={tenant.id} kind="logo" image={tenant.logo} />
            <ImageUpload tenantId={tenant.id} kind="hero" image={tenant.heroImage} />
          </SimpleGrid>
          <CardPreview
            companyName={company.values.companyName}
            branding={previewBranding}
            logo={tenant.logo}
            heroImage={tenant.heroImage}
          />
        </Stack>
      </Card>

      <LocationsSection tenantId={tenant.id} companyName={tenant.companyName} />

      <AwardThresholdForm tenant={tenant} />

      {isOwner ? (
        <DangerZone tenantId={tenant.id} companyName={tenant.companyName} onDeleted={onCompanyDeleted} />
      ) : null}
    </Stack>
  );
}

/**
 * /panel/ustawienia (tenant.settings): company data, card colours, logo and hero image, live card preview, the
 * locations where passes come up on the lock screen.
 */
export function SettingsPage({
  tenantId,
  onCompanyDeleted,
}: {
  tenantId: string;
  onCompanyDeleted: () => Promise<void>;
}) {
  // fetched by the route's loader (loadSection); a failure is the route's errorComponent
  const { data: tenant } = useSuspenseQuery(tenantQueryOptions(tenantId));
  return (
    <Stack gap="lg">
      <PageHeader
        title="Ustawienia firmy"
        description="Dane firmy, adres, wygląd karty lojalnościowej i lokalizacje."
      />
      <SettingsForms tenant={tenant} onCompanyDeleted={onCompanyDeleted} />
    </Stack>
  );
}
