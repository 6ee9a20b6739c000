import { Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { LocationLimits, type Location } from '@punkto/contracts/locations';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormError } from '../../../../components/ui/form-error';
import { errorMessage, ValidationApiError } from '../../../../lib/api/api-errors';
import { notify } from '../../../../lib/notify-instance';
import { locationsQueryOptions, useReplaceLocations } from '../api/locations';
import {
  coordinatesLabel,
  draftOf,
  emptyDraft,
  fieldErrorsAt,
  locationOf,
  lockScreenPreview,
  type DraftField,
  type LocationDraft,
} from '../utils/location-form';
import { LocationEditor } from './location-editor';

/** which location is being edited: a new one at the end, or the one at `index` */
type Editing = { index: number; isNew: boolean } | null;

/**
 * „Lokalizacje” (ADR 0057): up to 10 places where the company's wallet passes come up on the lock screen. Every
 * add, change and removal saves the whole list (PUT), so nothing waits unsaved.
 */
export function LocationsSection({ tenantId, companyName }: { tenantId: string; companyName: string }) {
  const { data } = useSuspenseQuery(locationsQueryOptions(tenantId));
  const replace = useReplaceLocations(tenantId);
  const [editing, setEditing] = useState<Editing>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<DraftField, string>>>({});
  const locations = data.locations;
  const full = locations.length >= LocationLimits.maxLocations;

  const save = async (next: Location[], done: string, index: number | null): Promise<boolean> => {
    setFormError(null);
    setFieldErrors({});
    try {
      await replace.mutateAsync({ locations: next });
      notify.success(done);
      return true;
    } catch (error) {
      const onField =
        index !== null && error instanceof ValidationApiError ? fieldErrorsAt(error.errors, index) : {};
      setFieldErrors(onField);
      if (!Object.keys(onField).length) setFormError(errorMessage(error));
      return false;
    }
  };

  const onSave = async (draft: LocationDraft) => {
    if (!editing) return;
    const location = locationOf(draft);
    const next = [...locations];
    next.splice(editing.index, editing.isNew ? 0 : 1, location);
    const saved = await save(
      next,
      editing.isNew ? `Dodano lokalizację „${location.name}”.` : `Zapisano lokalizację „${location.name}”.`,
      editing.index,
    );
    if (saved) setEditing(null);
  };

  const remove = (index: number) =>
    void save(
      locations.filter((_, i) => i !== index),
      `Usunięto lokalizację „${locations[index]!.name}”.`,
      null,
    );

  const startEditing = (next: Editing) => {
    setEditing(next);
    setFieldErrors({});
    setFormError(null);
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="locations-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="locations-title">
          Lokalizacje
        </Title>
        <Text size="sm" c="dimmed">
          Gdy klient z kartą w portfelu (Apple lub Google) będzie w pobliżu Twojego lokalu, telefon może
          pokazać mu kartę na ekranie blokady — jeśli klient pozwolił portfelowi korzystać z lokalizacji.
          Dodaj najwyżej {LocationLimits.maxLocations} lokalizacji — tyle obsługuje Apple Wallet. Zmiany
          trafią na karty klientów automatycznie.
        </Text>
        {locations.length === 0 && !editing ? (
          <Text size="sm">Nie dodano jeszcze żadnej lokalizacji.</Text>
        ) : null}
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {locations.map((location, index) =>
            editing && !editing.isNew && editing.index === index ? (
              <li key={`edit-${index}`}>
                <LocationEditor
                  initial={draftOf(location)}
                  companyName={companyName}
                  isNew={false}
                  saving={replace.isPending}
                  serverErrors={fieldErrors}
                  onSave={(draft) => void onSave(draft)}
                  onCancel={() => startEditing(null)}
                />
              </li>
            ) : (
              <li key={`${location.name}-${index}`}>
                <LocationRow
                  location={location}
                  companyName={companyName}
                  busy={replace.isPending || editing !== null}
                  onEdit={() => startEditing({ index, isNew: false })}
                  onRemove={() => remove(index)}
                />
              </li>
            ),
          )}
        </Stack>
        {editing?.isNew ? (
          <LocationEditor
            initial={emptyDraft()}
            companyName={companyName}
            isNew
            saving={replace.isPending}
            serverErrors={fieldErrors}
            onSave={(draft) => void onSave(draft)}
            onCancel={() => startEditing(null)}
          />
        ) : null}
        <FormError message={formError} />
        {!editing ? (
          <Group>
            <Button
              variant="light"
              disabled={full || replace.isPending}
              onClick={() => startEditing({ index: locations.length, isNew: true })}
            >
              Dodaj lokalizację
            </Button>
            {full ? (
              <Text size="sm" c="dimmed">
                Masz już {LocationLimits.maxLocations} lokalizacji — to najwięcej, ile pokaże Apple Wallet.
              </Text>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

function LocationRow(props: {
  location: Location;
  companyName: string;
  busy: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { location } = props;
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {location.name}
          </Text>
          {location.address ? (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {location.address}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            {coordinatesLabel(location)}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Ekran blokady: „{lockScreenPreview(location.relevantText ?? '', props.companyName)}”
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            disabled={props.busy}
            onClick={props.onEdit}
            aria-label={`Edytuj: ${location.name}`}
          >
            Edytuj
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            disabled={props.busy}
            onClick={props.onRemove}
            aria-label={`Usuń: ${location.name}`}
          >
            Usuń
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
