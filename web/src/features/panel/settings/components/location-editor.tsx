import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { LocationLimits } from '@punkto/contracts/locations';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { parseCoordinates } from '../utils/coordinates';
import {
  coordinatesLabel,
  defaultTextFor,
  draftErrors,
  lockScreenPreview,
  type DraftField,
  type LocationDraft,
} from '../utils/location-form';

export interface LocationEditorProps {
  initial: LocationDraft;
  companyName: string;
  /** a new location or a change of one */
  isNew: boolean;
  saving: boolean;
  /** the API's refusal of this location, per field */
  serverErrors: Partial<Record<DraftField, string>>;
  onSave: (draft: LocationDraft) => void;
  onCancel: () => void;
}

/**
 * One location's form. Coordinates are typed, or pasted as a pair or a map link and read in the browser
 * (coordinates.ts): nothing is fetched, so it works without the internet (ADR 0057).
 */
export function LocationEditor(props: LocationEditorProps) {
  const { companyName, serverErrors } = props;
  const [draft, setDraft] = useState(props.initial);
  const [pasted, setPasted] = useState('');
  const [pasteResult, setPasteResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const shown = { ...serverErrors, ...errors };

  const set = (field: DraftField, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  /** a text input bound to a field of the draft: its value, its change and its error */
  const input = (field: DraftField) => ({
    value: draft[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(field, e.currentTarget.value),
    error: shown[field],
  });

  /** read as it is pasted or typed; what is not understood is said when the field is left (not mid-typing) */
  const readPasted = (text: string, leaving = false) => {
    setPasted(text);
    if (!text.trim()) return setPasteResult(null);
    const parsed = parseCoordinates(text);
    if ('error' in parsed) return setPasteResult(leaving ? { ok: false, text: parsed.error } : null);
    const { latitude, longitude } = parsed.coordinates;
    setDraft((d) => ({ ...d, latitude: String(latitude), longitude: String(longitude) }));
    setErrors((e) => ({ ...e, latitude: undefined, longitude: undefined }));
    setPasteResult({ ok: true, text: `Odczytano: ${coordinatesLabel({ latitude, longitude })}` });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = draftErrors(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) props.onSave(draft);
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-label={props.isNew ? 'Nowa lokalizacja' : 'Zmiana lokalizacji'}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Nazwa lokalizacji"
              placeholder="np. Kawiarnia na Rynku"
              required
              maxLength={LocationLimits.maxName + 20}
              {...input('name')}
            />
            <TextInput label="Adres (opcjonalnie)" placeholder="np. Rynek 1, Kraków" {...input('address')} />
          </SimpleGrid>
          <TextInput
            label="Wklej współrzędne lub link do mapy"
            description="Np. 52.2297, 21.0122. W Mapach Google kliknij miejsce prawym przyciskiem myszy, a potem liczby na górze menu — skopiują się do schowka. Zadziała też link z Map Google, Apple lub OpenStreetMap, jeśli zawiera współrzędne."
            value={pasted}
            onChange={(e) => readPasted(e.currentTarget.value)}
            onBlur={(e) => readPasted(e.currentTarget.value, true)}
            error={pasteResult && !pasteResult.ok ? pasteResult.text : undefined}
          />
          {pasteResult?.ok ? (
            <Text size="sm" c="teal.8" role="status">
              {pasteResult.text}
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="Szerokość geograficzna"
              description="od -90 do 90, np. 52.2297"
              inputMode="decimal"
              required
              {...input('latitude')}
            />
            <TextInput
              label="Długość geograficzna"
              description="od -180 do 180, np. 21.0122"
              inputMode="decimal"
              required
              {...input('longitude')}
            />
          </SimpleGrid>
          <TextInput
            label="Tekst na ekranie blokady (opcjonalnie)"
            description={`Najwyżej ${LocationLimits.maxRelevantText} znaków. „{nazwa firmy}” zastąpimy nazwą firmy. Klient zobaczy: „${lockScreenPreview(draft.relevantText, companyName)}”`}
            placeholder={defaultTextFor(companyName)}
            {...input('relevantText')}
          />
          <Group>
            <Button type="submit" loading={props.saving}>
              {props.isNew ? 'Dodaj i zapisz' : 'Zapisz zmiany'}
            </Button>
            <Button variant="default" onClick={props.onCancel} disabled={props.saving}>
              Anuluj
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
