import { Button, Group, Text } from '@mantine/core';

const time = (at: number) =>
  new Date(at).toLocaleTimeString('pl-PL', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * A live status page's „Sprawdź teraz” button (asks again at once) and the time it last got an answer — nothing
 * before the first one (`checkedAt` 0).
 */
export function CheckNow({
  onCheck,
  checking,
  checkedAt,
}: {
  onCheck: () => void;
  /** a check is running: the button shows it */
  checking: boolean;
  /** epoch milliseconds of the last answer, 0 when none yet */
  checkedAt: number;
}) {
  return (
    <Group gap="md">
      <Button variant="default" onClick={onCheck} loading={checking}>
        Sprawdź teraz
      </Button>
      {checkedAt ? (
        <Text size="sm" c="dimmed" data-testid="last-checked">
          Ostatnie sprawdzenie: <time dateTime={new Date(checkedAt).toISOString()}>{time(checkedAt)}</time>
        </Text>
      ) : null}
    </Group>
  );
}
