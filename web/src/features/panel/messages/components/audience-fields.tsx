import { NO_EMAIL_LABEL } from '@punkto/contracts/clients';
import { Group, Loader, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CustomerSegment } from '@punkto/contracts/customer-segments';
import type { AudienceSize } from '@punkto/contracts/messages';
import type { Program } from '@punkto/contracts/programs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatInteger } from '../../../../lib/format';
import { clientsQueryOptions } from '../../clients/api/clients';
import { audienceSizeQueryOptions } from '../api/messages';
import {
  audienceKindOptions,
  segmentOptions,
  toAudience,
  type AudienceForm,
  type AudienceKind,
} from '../utils/audience';
import { customersLabel } from '../utils/campaign-report';

const CLIENT_RESULTS = 8;

type AudienceFieldsProps = {
  tenantId: string;
  programs: readonly Program[];
  value: AudienceForm;
  onChange: (next: AudienceForm) => void;
  error: string | undefined;
};

/**
 * Who gets the message: everyone, a segment of the analytics, the customers of one program or one customer
 * (found like in /panel/klienci: by name, e-mail or phone); the fields a kind needs appear under it.
 */
export function AudienceFields({ tenantId, programs, value, onChange, error }: AudienceFieldsProps) {
  return (
    <Stack gap="sm">
      <Radio.Group
        label="Odbiorcy"
        value={value.kind}
        onChange={(kind) => onChange({ ...value, kind: kind as AudienceKind })}
      >
        <Stack gap={8} mt={6}>
          {audienceKindOptions.map((option) => (
            <Radio key={option.value} value={option.value} label={option.label} />
          ))}
        </Stack>
      </Radio.Group>
      {value.kind === 'segment' ? (
        <Select
          label="Segment"
          description="Segmenty liczymy tak jak w analityce, z wizyt klientów."
          placeholder="Wybierz segment"
          data={segmentOptions}
          value={value.segment}
          onChange={(segment) =>
            onChange({ ...value, segment: segment ? CustomerSegment.parse(segment) : null })
          }
          allowDeselect={false}
          error={error}
        />
      ) : null}
      {value.kind === 'program' ? (
        <Select
          label="Program"
          placeholder="Wybierz program"
          data={programs.map((program) => ({
            value: program.id,
            label: program.active ? program.name : `${program.name} (nieaktywny)`,
          }))}
          value={value.programId}
          onChange={(programId) => onChange({ ...value, programId })}
          allowDeselect={false}
          nothingFoundMessage="Nie masz jeszcze programów"
          error={error}
        />
      ) : null}
      {value.kind === 'customer' ? (
        <ClientPicker
          tenantId={tenantId}
          clientId={value.clientId}
          onChange={(clientId) => onChange({ ...value, clientId })}
          error={error}
        />
      ) : null}
    </Stack>
  );
}

function ClientPicker({
  tenantId,
  clientId,
  onChange,
  error,
}: {
  tenantId: string;
  clientId: string | null;
  onChange: (clientId: string | null) => void;
  error: string | undefined;
}) {
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 300);
  const clients = useQuery(
    clientsQueryOptions(tenantId, {
      pageNumber: 1,
      pageSize: CLIENT_RESULTS,
      searchTerm: debounced || undefined,
      sortBy: 'name',
      sortDescending: false,
    }),
  );
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  // a message goes to one enrolment (its consent and card): each of a person's programmes is a choice
  const items = (clients.data?.items ?? []).flatMap((person) =>
    person.enrolments.map((enrolment) => ({
      id: enrolment.clientId,
      name: person.name,
      email: person.email,
      programName: enrolment.programName,
    })),
  );

  return (
    <Stack gap="xs">
      <TextInput
        label="Szukaj klienta"
        placeholder="Imię, nazwisko, e-mail lub telefon"
        type="search"
        value={term}
        onChange={(event) => setTerm(event.currentTarget.value)}
        rightSection={clients.isFetching ? <Loader size="xs" aria-label="Szukam…" /> : null}
      />
      {clients.isError ? (
        <Text size="sm" c="red">
          Nie udało się wczytać klientów. Spróbuj wpisać wyszukiwanie ponownie.
        </Text>
      ) : items.length === 0 && !clients.isPending ? (
        <Text size="sm" c="dimmed">
          {debounced ? `Nikt nie pasuje do „${debounced}”.` : 'Nie masz jeszcze klientów.'}
        </Text>
      ) : (
        <Radio.Group
          label="Klient"
          value={clientId}
          onChange={(id) => {
            const client = items.find((c) => c.id === id);
            setChosenLabel(client ? `${client.name} (${client.email ?? NO_EMAIL_LABEL})` : null);
            onChange(id);
          }}
          error={error}
        >
          <Stack gap={6} mt={6}>
            {items.map((client) => (
              <Radio
                key={client.id}
                value={client.id}
                label={client.name}
                description={`${client.email ?? NO_EMAIL_LABEL} · ${client.programName}`}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {clientId && chosenLabel && !items.some((c) => c.id === clientId) ? (
        <Text size="sm">
          Wybrany klient: <strong>{chosenLabel}</strong>
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * How many customers the chosen audience reaches now, per channel — read again whenever the audience
 * changes; announced politely to screen readers.
 */
export function AudienceSizeSummary({ tenantId, audience }: { tenantId: string; audience: AudienceForm }) {
  const chosen = toAudience(audience);
  const size = useQuery(audienceSizeQueryOptions(tenantId, chosen));
  return (
    <Stack gap={4} aria-live="polite" data-testid="audience-size">
      <Group gap="xs">
        <Text fw={600}>Zasięg</Text>
        {size.isFetching ? <Loader size="xs" aria-label="Liczę odbiorców…" /> : null}
      </Group>
      {chosen === null ? (
        <Text size="sm" c="dimmed">
          Wybierz odbiorców, a pokażemy, do ilu klientów dotrze wiadomość.
        </Text>
      ) : size.isError ? (
        <Text size="sm" c="red">
          Nie udało się policzyć odbiorców.
        </Text>
      ) : size.data ? (
        <SizeLines size={size.data} />
      ) : (
        <Text size="sm" c="dimmed">
          Liczę odbiorców…
        </Text>
      )}
    </Stack>
  );
}

function SizeLines({ size }: { size: AudienceSize }) {
  return (
    <Stack gap={2}>
      <Text size="sm">
        W tej grupie: <strong>{customersLabel(size.customers)}</strong>
      </Text>
      <Text size="sm">
        Karta w Apple Wallet: {formatInteger(size.apple)} · w Google Wallet: {formatInteger(size.google)} ·
        e-mail (ze zgodą): {formatInteger(size.email)}
      </Text>
      <Text size="sm" c="dimmed">
        Nieosiągalni: {formatInteger(size.unreachable)} — bez karty w portfelu i bez zgody na e-maile albo z
        wyłączonymi wiadomościami od firm.
      </Text>
    </Stack>
  );
}
