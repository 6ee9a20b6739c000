import { Avatar, Group, Text, VisuallyHidden } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { notify } from '../../../lib/notify-instance';
import { authStore } from '../stores/auth-store-instance';
import type { AuthUser } from '../types';

// Shared by the header's menu (user-menu) and the lazily loaded dropdown (account-menu), so neither imports the other.
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
