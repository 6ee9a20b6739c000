import { Button, Group, Stack, Text, UnstyledButton, VisuallyHidden, Avatar } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { ButtonLink } from '../../../components/ui/link';
import { notify } from '../../../lib/notify-instance';
import { useAuth } from '../hooks/use-auth';
import { authStore } from '../stores/auth-store-instance';
import type { AuthUser } from '../types';
import { isBusinessUser, isCustomer } from '../utils/guards';

// The account menu (a floating dropdown) loads when someone is signed in: a first visit does not pay for it.
const AccountMenu = lazy(() => import('./account-menu').then((module) => ({ default: module.AccountMenu })));

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

/** The avatar and name that open the account menu. */
export function AccountButtonContent({ user }: { user: AuthUser }) {
  return (
    <Group gap={8} wrap="nowrap">
      <VisuallyHidden>Menu konta: </VisuallyHidden>
      <Avatar size={32} radius="xl" color="punkto" aria-hidden>
        {initials(user.username)}
      </Avatar>
      <Text fw={600} size="sm" maw={160} truncate>
        {user.username}
      </Text>
    </Group>
  );
}

export function useSignOut(onDone?: () => void) {
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
  if (!user) {
    return (
      <ButtonLink to="/zaloguj" size="sm">
        Zaloguj się
      </ButtonLink>
    );
  }
  return (
    <Suspense
      fallback={
        // the same button, disabled until the menu has loaded, so the header does not move
        <UnstyledButton disabled>
          <AccountButtonContent user={user} />
        </UnstyledButton>
      }
    >
      <AccountMenu user={user} />
    </Suspense>
  );
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
