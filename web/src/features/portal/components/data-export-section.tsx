import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api/api-errors';
import { saveBlob } from '../../../lib/save-blob';
import { gatherMyData, type ExportStep } from '../data-export/my-data';
import { myDataSources } from '../data-export/my-data-api';
import { myDataFileName } from '../data-export/my-data-summary';
import { myDataZip } from '../data-export/my-data-zip';

type State = { kind: 'idle' } | { kind: 'working'; step: ExportStep } | { kind: 'failed'; message: string };

function stepText(step: ExportStep): string {
  if (step.step === 'account') return 'Zbieramy dane konta, kart, wiadomości i ankiet…';
  return step.pages ? `Zbieramy historię: strona ${step.page} z ${step.pages}…` : 'Zbieramy historię…';
}

/**
 * „Twoje dane”: the customer downloads everything the product keeps about them as a ZIP built in the browser
 * from their own calls (ADR 0045): `dane.json` and `podsumowanie.txt`. Any failed call: an error, no file.
 */
export function DataExportSection() {
  const [state, setState] = useState<State>({ kind: 'idle' });

  const download = async () => {
    setState({ kind: 'working', step: { step: 'account' } });
    try {
      const now = new Date();
      const data = await gatherMyData(myDataSources(), now, (step) => setState({ kind: 'working', step }));
      saveBlob(await myDataZip(data), myDataFileName(now));
      setState({ kind: 'idle' });
    } catch (error) {
      setState({ kind: 'failed', message: errorMessage(error) });
    }
  };

  return (
    <Card withBorder padding="lg">
      <Stack gap="md" align="flex-start">
        <Title order={2} size="h4">
          Twoje dane
        </Title>
        <Text size="sm" c="dimmed">
          Pobierz plik ZIP z danymi Twojego konta: profil, zgody, karty z historią, wiadomości od firm i
          zaproszenia do ankiet po wizytach (bez odpowiedzi — te są anonimowe i nie są przypisane do konta). W
          środku jest czytelne podsumowanie (podsumowanie.txt) i te same dane w formacie JSON (dane.json).
        </Text>
        <Button variant="light" loading={state.kind === 'working'} onClick={() => void download()}>
          Pobierz moje dane
        </Button>
        {state.kind === 'working' ? (
          <Text size="sm" c="dimmed" role="status">
            {stepText(state.step)}
          </Text>
        ) : null}
        {state.kind === 'failed' ? (
          <Alert color="red" variant="light" title="Nie udało się przygotować pliku" w="100%">
            Nic nie zostało pobrane. {state.message}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
