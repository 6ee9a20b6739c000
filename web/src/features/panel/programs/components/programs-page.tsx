import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { programKindLabels, type Program } from '@punkto/contracts/programs';
import { useSuspenseQuery } from '@tanstack/react-query';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { ButtonLink } from '../../../../components/ui/link';
import { PageHeader } from '../../../../components/ui/page-header';
import { formatInteger } from '../../../../lib/format';
import { useConfirmedRemoval } from '../../../../lib/use-confirmed-removal';
import { useDeleteProgram } from '../api/delete-program';
import { programRule, rewardsCount } from '../utils/program-labels';
import { programsQueryOptions } from '../api/list-programs';

function ProgramCard({ program, onDelete }: { program: Program; onDelete: () => void }) {
  const activeRewards = program.rewards.filter((r) => r.active).length;
  const valuedRewards = program.rewards.filter((r) => r.valueGrosze !== undefined).length;
  return (
    <Card withBorder padding="lg" component="article" aria-labelledby={`program-${program.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4" id={`program-${program.id}`}>
            {program.name}
          </Title>
          <Badge color={program.active ? 'punkto' : 'dark'} variant="light" style={{ flexShrink: 0 }}>
            {program.active ? 'Aktywny' : 'Nieaktywny'}
          </Badge>
        </Group>
        <Group gap="xs">
          <Badge variant="outline" color="punkto">
            {programKindLabels[program.kind]}
          </Badge>
          <Text size="sm" c="dimmed">
            {programRule(program)}
          </Text>
        </Group>
        <Text size="sm">
          {rewardsCount(program.rewards.length)}
          {program.rewards.length > 0 && activeRewards < program.rewards.length
            ? ` (aktywne: ${formatInteger(activeRewards)})`
            : ''}
          {program.rewards.length > 0
            ? valuedRewards
              ? ` · z kosztem dla firmy: ${formatInteger(valuedRewards)}`
              : ' · bez kosztu dla firmy (analityka nie wyceni punktów)'
            : ''}
        </Text>
        {program.description ? (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {program.description}
          </Text>
        ) : null}
        <Group gap="xs" mt="xs">
          <ButtonLink
            to="/panel/programy/$programId"
            params={{ programId: program.id }}
            size="compact-md"
            variant="light"
            aria-label={`Edytuj program ${program.name}`}
          >
            Edytuj
          </ButtonLink>
          <Button
            size="compact-md"
            variant="subtle"
            color="red"
            onClick={onDelete}
            aria-label={`Usuń program ${program.name}`}
          >
            Usuń
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * /panel/programy (programs.manage): the company's programs with kind, status and rewards. The route's loader
 * fetched them (loadSection); a failure is the route's errorComponent.
 */
export function ProgramsPage({ tenantId }: { tenantId: string }) {
  const { data: programs } = useSuspenseQuery(programsQueryOptions(tenantId));
  const deleteProgram = useDeleteProgram(tenantId);
  const deletion = useConfirmedRemoval({
    remove: (program: Program) => deleteProgram.mutateAsync(program.id),
    pending: deleteProgram.isPending,
    done: (program) => `Program „${program.name}” został usunięty.`,
  });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <PageHeader
          title="Programy lojalnościowe"
          description="Zasady zbierania punktów lub pieczątek i nagrody."
        />
        <ButtonLink to="/panel/programy/nowy">Nowy program</ButtonLink>
      </Group>
      {programs.length === 0 ? (
        <Card withBorder padding="xl">
          <Stack gap="sm" align="flex-start">
            <Text fw={600}>Nie masz jeszcze żadnego programu.</Text>
            <Text size="sm" c="dimmed">
              Utwórz program, aby klienci mogli zbierać punkty lub pieczątki w telefonie.
            </Text>
            <ButtonLink to="/panel/programy/nowy">Utwórz pierwszy program</ButtonLink>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {programs.map((program) => (
            <ProgramCard key={program.id} program={program} onDelete={() => deletion.ask(program)} />
          ))}
        </SimpleGrid>
      )}
      <ConfirmDialog {...deletion.dialog} title="Usunąć program?" confirmLabel="Usuń program">
        {`Program „${deletion.target?.name ?? ''}” i jego nagrody zostaną usunięte, a karty klientów w tym programie zamknięte. Tej operacji nie można cofnąć.`}
      </ConfirmDialog>
    </Stack>
  );
}
