import { Alert, Card, Skeleton, Stack, Stepper, Text } from '@mantine/core';
import type { UserProfile } from '@punkto/contracts/identity';
import { Roles } from '@punkto/contracts/permissions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ButtonLink } from '../../../../components/ui/link';
import { tenantConfiguredDetailsQueryOptions, tenantSetupChanged } from '../../shell/api/tenant-configured';
import { AddressStep } from './address-step';
import { CompanyStep } from './company-step';
import { FormAlertFromQuery } from './form-alert-from-query';
import { ProgramStep } from './program-step';
import { setupStepOf, type SetupStep } from '../utils/setup-step';

type SetupWizardProps = {
  user: UserProfile;
  /** refreshes the session until it carries a tenant (this one, when given); answers its id or null */
  waitForTenant: (tenantId?: string) => Promise<string | null>;
  /** everything is configured: go to the panel */
  onFinished: () => Promise<void>;
};

/**
 * /uzupelnij-konto (SPEC §2/§4): company → address and contact → first program, starting at the first step the
 * tenant service reports missing. The tenant guard's cached answer is refreshed after every step.
 */
export function SetupWizard({ user, waitForTenant, onFinished }: SetupWizardProps) {
  const tenantId = user.tenantId;
  const queryClient = useQueryClient();
  const configured = useQuery({
    ...tenantConfiguredDetailsQueryOptions(tenantId ?? ''),
    enabled: !!tenantId,
  });
  const [chosen, setChosen] = useState<SetupStep | null>(null);

  if (user.role !== Roles.owner) {
    return (
      <Alert color="yellow" variant="light" title="Konfigurację firmy dokańcza właściciel">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            Gdy właściciel uzupełni dane firmy i utworzy program, panel będzie gotowy do pracy.
          </Text>
          <ButtonLink to="/panel" size="sm" variant="default">
            Przejdź do panelu
          </ButtonLink>
        </Stack>
      </Alert>
    );
  }
  if (tenantId && configured.isError) {
    return <FormAlertFromQuery error={configured.error} title="Nie udało się sprawdzić konfiguracji firmy" />;
  }

  const computed = setupStepOf(tenantId, configured.data);
  if (computed === 'loading' && chosen === null)
    return <Skeleton h={280} role="status" aria-label="Sprawdzanie konfiguracji" />;
  if (computed === 'done' && chosen === null) {
    return (
      <Alert color="punkto" variant="light" title="Firma jest skonfigurowana">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Wszystkie wymagane dane są uzupełnione, a program lojalnościowy działa.</Text>
          <ButtonLink to="/panel" size="sm">
            Przejdź do panelu
          </ButtonLink>
        </Stack>
      </Alert>
    );
  }
  const active: SetupStep = chosen ?? (computed === 'loading' || computed === 'done' ? 0 : computed);

  return (
    <Card withBorder padding="lg">
      <Stepper
        active={active}
        onStepClick={(step) => tenantId && step === 1 && setChosen(1)}
        allowNextStepsSelect={false}
        size="sm"
      >
        <Stepper.Step label="Firma" description="Nazwa i NIP" allowStepSelect={false}>
          <CompanyStep
            waitForTenant={waitForTenant}
            onDone={(id) => {
              void tenantSetupChanged(queryClient, id);
              setChosen(1);
            }}
          />
        </Stepper.Step>
        <Stepper.Step label="Adres" description="Adres i kontakt" allowStepSelect={!!tenantId && active > 1}>
          {tenantId ? <AddressStep tenantId={tenantId} onDone={() => setChosen(2)} /> : null}
        </Stepper.Step>
        <Stepper.Step label="Program" description="Pierwszy program" allowStepSelect={false}>
          {tenantId ? (
            <ProgramStep tenantId={tenantId} onBack={() => setChosen(1)} onConfigured={onFinished} />
          ) : null}
        </Stepper.Step>
      </Stepper>
    </Card>
  );
}
