import { Alert, Button, List, Stack, Text } from '@mantine/core';
import type { ProgramInput } from '@punkto/contracts/programs';
import type { TenantConfiguredResponse } from '@punkto/contracts/tenant';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSaveProgram } from '../../programs/api/save-program';
import { ProgramEditor } from '../../programs/components/program-editor';
import { emptyProgramForm } from '../../programs/utils/program-form';
import { tenantSetupChanged, validateTenant } from '../../shell/api/tenant-configured';

/**
 * Step 3: the first loyalty program (the same editor as in the panel) → POST loyalty-programs, then POST
 * validate-tenant; when the company is configured the wizard is finished.
 */
export function ProgramStep({
  tenantId,
  onBack,
  onConfigured,
}: {
  tenantId: string;
  onBack: () => void;
  onConfigured: () => Promise<void>;
}) {
  const save = useSaveProgram(tenantId);
  const queryClient = useQueryClient();
  const [stillMissing, setStillMissing] = useState<TenantConfiguredResponse['missing']>([]);

  const onSubmit = async (body: ProgramInput) => {
    await save.mutateAsync(body);
    const result = await validateTenant(tenantId);
    await tenantSetupChanged(queryClient, tenantId, result);
    if (result.configured) await onConfigured();
    else setStillMissing(result.missing);
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Zacznij od jednego programu — kolejne dodasz w panelu. Najprostszy: punkty za każdą złotówkę i nagroda
        za 100 punktów.
      </Text>
      {stillMissing.length > 0 ? (
        <Alert
          color="yellow"
          variant="light"
          title="Program został zapisany, ale konfiguracja nie jest pełna"
        >
          <List size="sm">
            {stillMissing.map((m) => (
              <List.Item key={m.key}>{m.message}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <ProgramEditor
        initial={{ ...emptyProgramForm('points'), name: 'Karta stałego klienta' }}
        submitLabel="Utwórz program i zakończ"
        onSubmit={onSubmit}
        actions={
          <Button variant="default" onClick={onBack}>
            Wstecz
          </Button>
        }
      />
    </Stack>
  );
}
