import { Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/ui/link';
import { PageHeader } from '../../../components/ui/page-header';
import { EmptyState, LoadError, LoadingBlocks } from '../../../components/ui/query-state';
import { formatDateTime } from '../../../lib/format-date';
import { myMessagesQueryOptions } from '../api/my-messages';

/** /klient/wiadomosci: what the companies whose cards the customer holds sent them, newest first. */
export function MessagesPage() {
  const messages = useQuery(myMessagesQueryOptions());
  return (
    <Box maw={820} py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <PageHeader
          title="Wiadomości"
          description="Wiadomości od firm, w których masz karty — wysłane na kartę w portfelu lub e-mailem."
        />
        {messages.isPending ? (
          <LoadingBlocks label="Ładowanie wiadomości" />
        ) : messages.isError ? (
          <LoadError
            title="Nie udało się wczytać wiadomości"
            error={messages.error}
            onRetry={() => void messages.refetch()}
          />
        ) : messages.data.messages.length === 0 ? (
          <EmptyState title="Nie masz jeszcze wiadomości" titleAs="h2">
            Firmy, w których zbierasz punkty lub pieczątki, mogą wysłać Ci krótką wiadomość — na przykład o
            nowej nagrodzie albo promocji. Zobaczysz ją tutaj i na karcie w portfelu. Nie chcesz ich dostawać?
            Wyłącz „Wiadomości od firm” w{' '}
            <AnchorLink to="/klient/ustawienia" underline="always">
              Ustawieniach
            </AnchorLink>
            .
          </EmptyState>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {messages.data.messages.map((message) => (
              <li key={message.id}>
                <Card withBorder padding="md" component="article" aria-labelledby={`message-${message.id}`}>
                  <Stack gap={4}>
                    <Group justify="space-between" gap="xs" align="baseline">
                      <Text size="sm" fw={600} c="punkto.8">
                        {message.companyName}
                      </Text>
                      <Text size="xs" c="dimmed" component="time" dateTime={message.sentAt}>
                        {formatDateTime(message.sentAt)}
                      </Text>
                    </Group>
                    <Title
                      order={2}
                      size="h5"
                      id={`message-${message.id}`}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {message.title}
                    </Title>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {message.body}
                    </Text>
                  </Stack>
                </Card>
              </li>
            ))}
          </Stack>
        )}
        {messages.data?.hasMore ? (
          <Text size="sm" c="dimmed">
            Tu widać {messages.data.messages.length} najnowszych wiadomości. Wszystkie znajdziesz w pliku
            „Pobierz moje dane” w{' '}
            <AnchorLink to="/klient/ustawienia" underline="always">
              Ustawieniach
            </AnchorLink>
            .
          </Text>
        ) : null}
        {messages.data && messages.data.messages.length > 0 ? (
          <Text size="sm" c="dimmed">
            Nie chcesz dostawać wiadomości od firm? Wyłącz je w{' '}
            <AnchorLink to="/klient/ustawienia" underline="always">
              Ustawieniach
            </AnchorLink>{' '}
            („Wiadomości od firm”).
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}
