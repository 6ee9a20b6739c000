import { Alert, Checkbox, SegmentedControl, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { AddClientRequest, ClientErrors } from '@punkto/contracts/clients';
import type { Program } from '@punkto/contracts/programs';
import { ProgramErrors } from '@punkto/contracts/programs';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ModalFormFooter } from '../../../../components/ui/modal-form-footer';
import { AnchorLink } from '../../../../components/ui/link';
import { errorMessage } from '../../../../lib/api/api-errors';
import { refusalOnField } from '../../../../lib/form/field-errors';
import { useZodForm } from '../../../../lib/form/use-zod-form';
import { notify } from '../../../../lib/notify-instance';
import { programsQueryOptions } from '../../programs/api/list-programs';
import { useAddClient, useCreateClient } from '../api/clients';
import { NewClientForm, PhoneOnlyClientForm } from '../utils/client-forms';
import { EmailInput } from '../../../../components/ui/email-input';
import { AppModal } from '../../../../components/ui/app-modal';

type AddClientModalProps = { tenantId: string; opened: boolean; onClose: () => void };

/**
 * "Dodaj klienta": a new customer (an account is created for them, or — without an e-mail — a card used at the
 * till, ADR 0056) or an existing one by e-mail.
 */
export function AddClientModal({ tenantId, opened, onClose }: AddClientModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Dodaj klienta" size="lg">
      {opened ? <AddClientBody tenantId={tenantId} onDone={onClose} /> : null}
    </AppModal>
  );
}

function AddClientBody({ tenantId, onDone }: { tenantId: string; onDone: () => void }) {
  const programs = useQuery(programsQueryOptions(tenantId));
  const [tab, setTab] = useState<string | null>('nowy');

  if (programs.isPending) return <Text size="sm">Ładowanie programów…</Text>;
  if (programs.isError) {
    return (
      <Alert color="red" variant="light" title="Nie udało się wczytać programów">
        {errorMessage(programs.error)}
      </Alert>
    );
  }
  const active = programs.data.filter((program) => program.active);
  if (active.length === 0) {
    return (
      <Alert color="yellow" variant="light" title="Brak aktywnego programu">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Klienta można zapisać tylko do aktywnego programu lojalnościowego.</Text>
          <AnchorLink to="/panel/programy">Przejdź do programów</AnchorLink>
        </Stack>
      </Alert>
    );
  }

  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List grow>
        <Tabs.Tab value="nowy">Nowy klient</Tabs.Tab>
        <Tabs.Tab value="istniejacy">Istniejący klient</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="nowy" pt="md">
        <NewClientTab tenantId={tenantId} programs={active} onDone={onDone} />
      </Tabs.Panel>
      <Tabs.Panel value="istniejacy" pt="md">
        <ExistingClientTab tenantId={tenantId} programs={active} onDone={onDone} />
      </Tabs.Panel>
    </Tabs>
  );
}

/** Known refusals shown under the field they concern. */
const refusalFields = {
  [ClientErrors.alreadyEnrolled.code]: 'email',
  [ClientErrors.programInactive.code]: 'programId',
  [ProgramErrors.notFound.code]: 'programId',
};

/** the programme box of every tab's form */
type ProgramField = {
  values: { programId: string };
  errors: Partial<Record<string, string>>;
  setFieldValue: (field: 'programId', value: string) => void;
};

function ProgramSelect({ programs, form }: { programs: Program[]; form: ProgramField }) {
  return (
    <Select
      label="Program lojalnościowy"
      placeholder="Wybierz program"
      required
      data={programs.map((program) => ({ value: program.id, label: program.name }))}
      value={form.values.programId || null}
      onChange={(next) => form.setFieldValue('programId', next ?? '')}
      error={form.errors.programId}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** What both tabs get: the tenant, its programs to enrol into, and how to close the modal. */
type ClientTabProps = { tenantId: string; programs: Program[]; onDone: () => void };

/** With a single program there is nothing to choose: it is preselected. */
function preselectedProgram(programs: Program[]): string {
  return programs.length === 1 ? programs[0]!.id : '';
}

/** How the new client will use the card: in the phone (an account, by e-mail) or at the till (a phone only). */
type NewClientKind = 'email' | 'phone';

function NewClientTab(props: ClientTabProps) {
  const [kind, setKind] = useState<NewClientKind>('email');
  return (
    <Stack gap="md">
      <SegmentedControl
        fullWidth
        value={kind}
        onChange={(value) => setKind(value as NewClientKind)}
        aria-label="Jak klient będzie korzystać z karty"
        data={[
          { value: 'email', label: 'Z adresem e-mail' },
          { value: 'phone', label: 'Tylko telefon' },
        ]}
      />
      {kind === 'email' ? <NewClientWithEmail {...props} /> : <NewClientWithPhone {...props} />}
    </Stack>
  );
}

/** the phone box of both forms */
function PhoneInput({
  optional,
  ...props
}: { optional: boolean } & ReturnType<ReturnType<typeof useZodForm>['getInputProps']>) {
  return (
    <TextInput
      label={optional ? 'Telefon (opcjonalnie)' : 'Telefon'}
      required={!optional}
      type="tel"
      inputMode="tel"
      autoComplete="off"
      placeholder="np. 600 100 200"
      {...props}
    />
  );
}

/** what the two new-client forms share around their own fields */
type NewClientFormState = ProgramField & {
  getInputProps: (field: 'name') => ReturnType<ReturnType<typeof useZodForm>['getInputProps']>;
  formError: string | null;
  submitting: boolean;
};

/** the intro, the name, the form's own fields, the programme, what follows it, and the buttons */
function NewClientFields({
  form,
  intro,
  programs,
  onDone,
  children,
  afterProgram,
}: {
  form: NewClientFormState;
  intro: string;
  programs: Program[];
  onDone: () => void;
  children: ReactNode;
  afterProgram?: ReactNode;
}) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
      <TextInput label="Imię i nazwisko" required autoComplete="off" {...form.getInputProps('name')} />
      {children}
      <ProgramSelect programs={programs} form={form} />
      {afterProgram}
      <ModalFormFooter
        error={form.formError}
        onCancel={onDone}
        submitLabel="Dodaj klienta"
        submitting={form.submitting}
      />
    </Stack>
  );
}

function NewClientWithPhone({ tenantId, programs, onDone }: ClientTabProps) {
  const create = useCreateClient(tenantId);
  const form = useZodForm(PhoneOnlyClientForm, {
    name: '',
    phone: '',
    programId: preselectedProgram(programs),
  });

  const submit = form.onSubmit(async (body) => {
    try {
      await create.mutateAsync({ ...body, marketingConsent: false });
    } catch (error) {
      throw refusalOnField(error, { ...refusalFields, [ClientErrors.alreadyEnrolled.code]: 'phone' });
    }
    notify.success(
      `Dodano klienta ${body.name}. Karta jest gotowa — w skanerze znajdziesz ją po numerze telefonu.`,
    );
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Nowy klient bez adresu e-mail">
      <NewClientFields
        form={form}
        programs={programs}
        onDone={onDone}
        intro={
          'Karta będzie używana przy kasie: obsługa znajdzie ją w skanerze po numerze telefonu albo imieniu i ' +
          'nazwisku. Bez adresu e-mail klient nie dostanie karty w telefonie ani wiadomości od firmy.'
        }
      >
        <PhoneInput optional={false} {...form.getInputProps('phone')} />
      </NewClientFields>
    </form>
  );
}

function NewClientWithEmail({ tenantId, programs, onDone }: ClientTabProps) {
  const create = useCreateClient(tenantId);
  const form = useZodForm(NewClientForm, {
    name: '',
    email: '',
    phone: '',
    programId: preselectedProgram(programs),
    marketingConsent: false,
  });

  const submit = form.onSubmit(async (body) => {
    try {
      await create.mutateAsync(body);
    } catch (error) {
      throw refusalOnField(error, refusalFields);
    }
    notify.success(`Dodano klienta ${body.name}. Wysłaliśmy mu e-mail z linkiem do ustawienia hasła.`);
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Nowy klient">
      <NewClientFields
        form={form}
        programs={programs}
        onDone={onDone}
        intro="Założymy klientowi konto i wyślemy e-mail z linkiem do ustawienia hasła."
        afterProgram={
          <Checkbox
            label="Klient zgadza się na wiadomości marketingowe"
            {...form.getCheckboxProps('marketingConsent')}
          />
        }
      >
        <EmailInput autoComplete="off" required {...form.getInputProps('email')} />
        <PhoneInput optional {...form.getInputProps('phone')} />
      </NewClientFields>
    </form>
  );
}

function ExistingClientTab({ tenantId, programs, onDone }: ClientTabProps) {
  const add = useAddClient(tenantId);
  const form = useZodForm(AddClientRequest, {
    email: '',
    programId: preselectedProgram(programs),
  });

  const submit = form.onSubmit(async (body) => {
    try {
      await add.mutateAsync(body);
    } catch (error) {
      throw refusalOnField(error, refusalFields);
    }
    notify.success(`Zapisaliśmy klienta ${body.email} do programu. Dostanie od nas wiadomość.`);
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Istniejący klient">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Klient ma już konto w Punkto? Podaj jego e-mail — zapiszemy go do programu i wyślemy mu wiadomość.
        </Text>
        <EmailInput label="E-mail klienta" autoComplete="off" required {...form.getInputProps('email')} />
        <ProgramSelect programs={programs} form={form} />
        <ModalFormFooter
          error={form.formError}
          onCancel={onDone}
          submitLabel="Zapisz do programu"
          submitting={form.submitting}
        />
      </Stack>
    </form>
  );
}
