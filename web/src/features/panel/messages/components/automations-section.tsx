import { Alert, Stack, Text } from '@mantine/core';
import type { Program } from '@punkto/contracts/programs';
import { useSuspenseQuery } from '@tanstack/react-query';
import { formatInteger } from '../../../../lib/format';
import { automationsQueryOptions } from '../api/automations';
import { exampleExpiryValues } from '../utils/automation-text';
import { AutomationCard } from './automation-card';

/** the name of an active reward of the company's programs, for {nagroda} in the previews */
function exampleRewardOf(programs: readonly Program[]): string {
  for (const program of programs)
    for (const reward of program.rewards ?? []) if (reward.active !== false) return reward.name;
  return 'Kawa gratis';
}

/**
 * „Wiadomości automatyczne” of /panel/wiadomosci: welcome, reward ready, win-back and expiry warning, each switched on and
 * edited by the owner, sent by the service when it happens (ADR 0060).
 */
export function AutomationsSection({
  tenantId,
  companyName,
  programs,
}: {
  tenantId: string;
  companyName: string;
  programs: readonly Program[];
}) {
  const { data } = useSuspenseQuery(automationsQueryOptions(tenantId));
  const exampleReward = exampleRewardOf(programs);
  const exampleExpiry = exampleExpiryValues(programs, new Date());
  return (
    <Stack gap="md">
      <Text size="sm">
        Wysyłamy je sami, gdy coś się wydarzy — każdej osobie raz na dane zdarzenie. Nie wliczają się do
        tygodniowego limitu kampanii; firma może wysłać najwyżej {formatInteger(data.dailyCap)} wiadomości
        automatycznych dziennie.
      </Text>
      <Alert variant="light" color="blue">
        Powiadomienia na karcie w portfelu nie przychodzą między 21:00 a 8:00 — poczekają do rana. E-mail
        dostaną tylko klienci, którzy zgodzili się na wiadomości od Twojej firmy; nikt, kto wyłączył
        „Wiadomości od firm”.
      </Alert>
      {data.automations.map((automation) => (
        <AutomationCard
          key={automation.kind}
          tenantId={tenantId}
          automation={automation}
          companyName={companyName}
          exampleReward={exampleReward}
          exampleExpiry={exampleExpiry}
        />
      ))}
    </Stack>
  );
}
