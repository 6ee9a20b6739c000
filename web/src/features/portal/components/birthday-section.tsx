import { Alert, Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { Birthday } from '@punkto/contracts/birthdays';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { FormError } from '../../../components/ui/form-error';
import { errorMessage } from '../../../lib/api/api-errors';
import { notify } from '../../../lib/notify-instance';
import { myBirthdayQueryOptions, useSaveMyBirthday } from '../api/my-birthday';
import { birthdayLabel } from '../utils/portal-labels';

const monthName = new Intl.DateTimeFormat('pl-PL', { month: 'long', timeZone: 'UTC' });
const MONTHS = Array.from({ length: 12 }, (_, i) => ({
  value: String(i + 1),
  label: monthName.format(Date.UTC(2024, i, 1)),
}));
const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1));

/**
 * /klient/profil „Urodziny” (ADR 0058): the day and month of the customer's birthday, optional and without the year.
 * Companies with a birthday reward put it on the customer's card once a year around that day.
 */
export function BirthdaySection() {
  const current = useQuery(myBirthdayQueryOptions());
  const save = useSaveMyBirthday();
  const saved = current.data?.birthday ?? null;
  const [day, setDay] = useState('');
  const [month, setMonth] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setDay(saved ? String(saved.day) : '');
    setMonth(saved ? String(saved.month) : '');
  }, [saved]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!day || !month) return setError('Wybierz dzień i miesiąc urodzin.');
    const parsed = Birthday.safeParse({ day: Number(day), month: Number(month) });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Nieprawidłowa data.');
    try {
      await save.mutateAsync(parsed.data);
      notify.success('Zapisano datę urodzin.');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const clear = async () => {
    setError(null);
    try {
      await save.mutateAsync(null);
      notify.success('Usunięto datę urodzin.');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate aria-label="Urodziny">
        <Stack gap="md">
          <Title order={2} size="h4">
            Urodziny
          </Title>
          <Text size="sm" c="dimmed">
            Podaj dzień i miesiąc (bez roku), a firmy, które dają nagrodę urodzinową, dodadzą ją do Twojej
            karty. To dobrowolne — możesz w każdej chwili zmienić lub usunąć datę. Nagrodę dostajesz raz w
            roku.
          </Text>
          {current.isError ? (
            <Alert color="red" variant="light" role="alert">
              Nie udało się wczytać zapisanej daty urodzin. {errorMessage(current.error)}
            </Alert>
          ) : null}
          {saved ? (
            <Text size="sm" data-testid="birthday-saved">
              Zapisana data: <b>{birthdayLabel(saved)}</b>
            </Text>
          ) : null}
          <Group grow align="flex-start">
            <NativeSelect
              label="Dzień"
              value={day}
              onChange={(e) => setDay(e.currentTarget.value)}
              data={[{ value: '', label: '—' }, ...DAYS]}
            />
            <NativeSelect
              label="Miesiąc"
              value={month}
              onChange={(e) => setMonth(e.currentTarget.value)}
              data={[{ value: '', label: '—' }, ...MONTHS]}
            />
          </Group>
          <FormError message={error} />
          <Group>
            <Button type="submit" loading={save.isPending}>
              Zapisz datę urodzin
            </Button>
            {saved ? (
              <Button variant="subtle" color="red" onClick={() => void clear()} disabled={save.isPending}>
                Usuń datę
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
