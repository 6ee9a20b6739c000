import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { AwardConfirmAboveGrosze, type TenantResponse } from '@punkto/contracts/tenant';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../lib/api/api-errors';
import { groszeToInput, parsePriceToGrosze } from '../../../../lib/money';
import { notify } from '../../../../lib/notify-instance';
import { useUpdateTenant } from '../api/update-tenant';

/** "Bezpieczeństwo przy kasie": the purchase above which the scanner asks to confirm an award. */
export function AwardThresholdForm({ tenant }: { tenant: TenantResponse }) {
  const update = useUpdateTenant(tenant.id);
  const [value, setValue] = useState(groszeToInput(tenant.awardConfirmAboveGrosze));
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const grosze = parsePriceToGrosze(value);
    const parsed = AwardConfirmAboveGrosze.safeParse(grosze ?? Number.NaN);
    if (grosze === null || !parsed.success) {
      setError(
        grosze === null
          ? 'Podaj kwotę w złotych, np. 300.'
          : (parsed.error?.issues[0]?.message ?? 'Popraw kwotę.'),
      );
      return;
    }
    setError(null);
    try {
      await update.mutateAsync({ awardConfirmAboveGrosze: parsed.data });
      notify.success('Próg potwierdzenia został zapisany.');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="award-threshold-title">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Bezpieczeństwo przy kasie">
        <Stack gap="sm">
          <Title order={2} size="h4" id="award-threshold-title">
            Bezpieczeństwo przy kasie
          </Title>
          <Text size="sm" c="dimmed">
            Przy większym zakupie skaner poprosi pracownika o potwierdzenie kwoty — chroni przed pomyłką typu
            4250 zamiast 42,50.
          </Text>
          <TextInput
            label="Potwierdzaj zakupy powyżej (zł)"
            inputMode="decimal"
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            maw={260}
          />
          <Group>
            <Button type="submit" loading={update.isPending}>
              Zapisz próg
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
