import { Alert, Badge, Button, Card, Flex, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { programKindLabels, type Program } from '@punkto/contracts/programs';
import { useClipboard } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { AnchorLink } from '../../../../components/ui/link';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { PageHeader } from '../../../../components/ui/page-header';
import { EmptyState, LoadError, LoadingBlocks } from '../../../../components/ui/query-state';
import { notify } from '../../../../lib/notify-instance';
import { programsQueryOptions } from '../../programs/api/list-programs';
import { useDownloadPoster } from '../api/poster';
import { saveBlob } from '../../../../lib/save-blob';
import { posterFileName } from '../utils/download';

/** /panel/plakat: per program, the enrolment link to share and the A4 poster with its QR code. */
export function PosterPage({
  tenantId,
  canManagePrograms,
}: {
  tenantId: string;
  canManagePrograms: boolean;
}) {
  const programs = useQuery(programsQueryOptions(tenantId));

  return (
    <Stack gap="lg" py={{ base: 'md', sm: 'lg' }}>
      <PageHeader
        title="Plakat i link zapisu"
        description="Udostępnij klientom link do zapisu albo powieś przy kasie plakat z kodem QR."
      />
      {programs.isPending ? (
        <LoadingBlocks label="Ładowanie programów" count={1} height={160} />
      ) : programs.isError ? (
        <LoadError
          title="Nie udało się wczytać programów"
          error={programs.error}
          onRetry={() => void programs.refetch()}
        />
      ) : programs.data.length === 0 ? (
        <EmptyState
          title="Nie masz jeszcze programu lojalnościowego"
          actions={
            canManagePrograms ? <AnchorLink to="/panel/programy">Przejdź do programów</AnchorLink> : null
          }
        >
          Link zapisu i plakat powstają dla każdego programu. Utwórz program, aby zaprosić klientów.
        </EmptyState>
      ) : (
        <Stack gap="md">
          {programs.data.map((program) => (
            <ProgramEnrolmentCard key={program.id} tenantId={tenantId} program={program} />
          ))}
          <Text size="sm" c="dimmed">
            Klient skanuje kod aparatem telefonu, zakłada konto lub loguje się i od razu dołącza do programu.
            Krótki link z plakatu można też wpisać ręcznie — wielkość liter nie ma znaczenia.
          </Text>
        </Stack>
      )}
    </Stack>
  );
}

function ProgramEnrolmentCard({ tenantId, program }: { tenantId: string; program: Program }) {
  const download = useDownloadPoster(tenantId);
  const titleId = `program-${program.id}-title`;
  const clipboard = useClipboard({ timeout: 2500 });
  useEffect(() => {
    if (clipboard.copied) notify.success('Link skopiowany do schowka.');
  }, [clipboard.copied]);
  useEffect(() => {
    if (clipboard.error) notify.error('Nie udało się skopiować. Zaznacz link i skopiuj go ręcznie.');
  }, [clipboard.error]);

  const downloadPoster = async () => {
    try {
      const pdf = await download.mutateAsync(program.id);
      saveBlob(pdf, posterFileName(program.name));
      notify.success('Plakat został pobrany. Wydrukuj go na kartce A4.');
    } catch (error) {
      notify.fromError(error);
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group gap="xs" justify="space-between">
          <Title order={2} size="h4" id={titleId}>
            {program.name}
          </Title>
          <Group gap={6}>
            <Badge variant="light">{programKindLabels[program.kind]}</Badge>
            <StatusBadge tone={program.active ? 'positive' : 'neutral'}>
              {program.active ? 'Aktywny' : 'Nieaktywny'}
            </StatusBadge>
          </Group>
        </Group>
        {!program.active ? (
          <Alert color="yellow" variant="light">
            Program jest nieaktywny — klienci nie mogą teraz do niego dołączyć przez ten link.
          </Alert>
        ) : null}
        <Text size="lg">
          Kod programu:{' '}
          <Text span ff="monospace" fw={700} fz={{ base: 28, sm: 32 }} lts={3}>
            {program.shortCode}
          </Text>
        </Text>
        {/* on a phone the button goes under the field, which then has the whole width for the link */}
        <Flex gap="xs" direction={{ base: 'column', xs: 'row' }} align={{ base: 'stretch', xs: 'flex-end' }}>
          <TextInput
            label="Link do zapisu"
            value={program.enrolmentUrl}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button
            variant={clipboard.copied ? 'light' : 'default'}
            color={clipboard.copied ? 'green' : undefined}
            onClick={() => clipboard.copy(program.enrolmentUrl)}
            aria-label={`Kopiuj link do programu ${program.name}`}
          >
            {clipboard.copied ? 'Skopiowano' : 'Kopiuj'}
          </Button>
        </Flex>
        <Group gap="sm">
          <Button onClick={() => void downloadPoster()} loading={download.isPending}>
            Pobierz plakat A4 (PDF)
          </Button>
          <Button component="a" href={program.enrolmentUrl} target="_blank" rel="noopener" variant="subtle">
            Otwórz stronę zapisu
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
