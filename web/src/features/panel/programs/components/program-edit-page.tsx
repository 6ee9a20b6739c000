import { Alert, Stack } from '@mantine/core';
import type { ProgramInput } from '@punkto/contracts/programs';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ButtonLink } from '../../../../components/ui/link';
import { PageHeader } from '../../../../components/ui/page-header';
import { notify } from '../../../../lib/notify-instance';
import { programsQueryOptions } from '../api/list-programs';
import { useSaveProgram } from '../api/save-program';
import { ProgramEditor } from './program-editor';
import { ExpirySettingsSection } from './expiry-settings-section';
import { ReferralSettingsSection } from './referral-settings-section';
import { emptyProgramForm, programFormOf } from '../utils/program-form';

const backToList = (
  <ButtonLink to="/panel/programy" variant="default">
    Anuluj
  </ButtonLink>
);

/** /panel/programy/nowy */
export function NewProgramPage({ tenantId }: { tenantId: string }) {
  const save = useSaveProgram(tenantId);
  const navigate = useNavigate();
  const onSubmit = async (body: ProgramInput) => {
    const program = await save.mutateAsync(body);
    notify.success(`Program „${program.name}” został utworzony.`);
    await navigate({ to: '/panel/programy' });
  };
  return (
    <Stack gap="lg">
      <PageHeader title="Nowy program" description="Wybierz rodzaj programu, ustal zasady i dodaj nagrody." />
      <ProgramEditor
        initial={emptyProgramForm()}
        submitLabel="Utwórz program"
        onSubmit={onSubmit}
        actions={backToList}
      />
    </Stack>
  );
}

function EditForm({ tenantId, programId }: { tenantId: string; programId: string }) {
  const { data: programs } = useSuspenseQuery(programsQueryOptions(tenantId));
  const save = useSaveProgram(tenantId, programId);
  const navigate = useNavigate();
  const program = programs.find((p) => p.id === programId);
  if (!program)
    return (
      <Alert color="yellow" variant="light" title="Nie znaleziono programu">
        Program mógł zostać usunięty.{' '}
        <ButtonLink to="/panel/programy" variant="subtle" size="compact-sm">
          Wróć do listy
        </ButtonLink>
      </Alert>
    );
  const onSubmit = async (body: ProgramInput) => {
    await save.mutateAsync(body);
    notify.success('Zmiany w programie zostały zapisane.');
    await navigate({ to: '/panel/programy' });
  };
  return (
    <ProgramEditor
      key={program.id}
      initial={programFormOf(program)}
      kindLocked
      submitLabel="Zapisz zmiany"
      onSubmit={onSubmit}
      actions={backToList}
    />
  );
}

/** the program's referral settings (ADR 0061) and expiry (ADR 0062), each in its own section with its own save */
function ProgramSettings({ tenantId, programId }: { tenantId: string; programId: string }) {
  const { data: programs } = useSuspenseQuery(programsQueryOptions(tenantId));
  const program = programs.find((p) => p.id === programId);
  if (!program) return null;
  const unit = program.kind === 'stamps' ? 'stamps' : 'points';
  return (
    <>
      <ReferralSettingsSection tenantId={tenantId} programId={programId} unit={unit} />
      <ExpirySettingsSection tenantId={tenantId} programId={programId} unit={unit} />
    </>
  );
}

/** /panel/programy/$programId: the route's loader fetched the programs (loadSection). */
export function EditProgramPage({ tenantId, programId }: { tenantId: string; programId: string }) {
  return (
    <Stack gap="lg">
      <PageHeader title="Edycja programu" />
      <EditForm tenantId={tenantId} programId={programId} />
      <ProgramSettings tenantId={tenantId} programId={programId} />
    </Stack>
  );
}
