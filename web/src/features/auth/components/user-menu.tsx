import { Avatar, Button, Group, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { ButtonLink } from '../../../components/ui/link';
import { notify } from '../../../lib/notify-instance';
import { useAuth } from '../hooks/use-auth';
import { authStore } from '../stores/auth-store-instance';
import { isBusinessUser, isCustomer } from '../utils/guards';

function initials(name: string) {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join('') || '?'
  );
}

function useSignOut(onDone?: () => void) {
  const navigate = useNavigate();
  return async () => {
    onDone?.();
    try {
      await authStore.logout();
      await navigate({ to: '/' });
      notify.success('Wylogowano.');
    } catch {
      notify.error(authStore.getState().error ?? 'Błąd podczas wylogowywania');
    }
  };
}

/** Header: "Zaloguj się", or the person's name with a menu (Panel / Moje karty, Wyloguj). */
export function UserMenu() {
  const { user } = useAuth();
  const signOut = useSignOut();
  if (!user) {
    return (
      <ButtonLink to="/zaloguj" size="sm">
        Zaloguj się
      </ButtonLink>
    );
  }
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        {/* named by its content ("Menu konta: <name>"), so the accessible name contains the visible text */}
        <UnstyledButton>
          <Group gap={8} wrap="nowrap">
            <VisuallyHidden>Menu konta: </VisuallyHidden>
            <Avatar size={32} radius="xl" color="punkto" aria-hidden>
              {initials(user.username)}
            </Avatar>
            <Text fw={600} size="sm" maw={160} truncate>
              {user.username}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        {isBusinessUser(user) ? <MenuLink to="/panel" label="Panel" /> : null}
        {isCustomer(user) ? (
          <>
            <MenuLink to="/klient/karty" label="Moje karty" />
            <MenuLink to="/klient/profil" label="Profil" />
            <MenuLink to="/klient/ustawienia" label="Ustawienia" />
          </>
        ) : null}
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void signOut()}>
          Wyloguj
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function MenuLink({
  to,
  label,
}: {
  to: '/panel' | '/klient/karty' | '/klient/profil' | '/klient/ustawienia';
  label: string;
}) {
  const navigate = useNavigate();
  return <Menu.Item onClick={() => void navigate({ to })}>{label}</Menu.Item>;
}

/** The same for the phone drawer: plain buttons, full width. */
export function UserMenuMobile({ onNavigate }: { onNavigate: () => void }) {
  const { user } = useAuth();
  const signOut = useSignOut(onNavigate);
  if (!user) {
    return (
      <ButtonLink to="/zaloguj" onClick={onNavigate} fullWidth>
        Zaloguj się
      </ButtonLink>
    );
  }
  return (
    <Stack gap="xs">
      <Text fw={600}>{user.username}</Text>
      {isBusinessUser(user) ? (
        <ButtonLink to="/panel" onClick={onNavigate} variant="light" fullWidth>
          Panel
        </ButtonLink>
      ) : null}
      {isCustomer(user) ? (
        <ButtonLink to="/klient/karty" onClick={onNavigate} variant="light" fullWidth>
          Moje karty
        </ButtonLink>
      ) : null}
      <Button variant="default" color="red" onClick={() => void signOut()} fullWidth>
        Wyloguj
      </Button>
    </Stack>
  );
}
