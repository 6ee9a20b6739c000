import { Menu, UnstyledButton } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { AuthUser } from '../types';
import { isBusinessUser, isCustomer } from '../utils/guards';
import { AccountButtonContent, useSignOut } from './account-button';

/** The signed-in header menu: Panel, Moje konto / Moje karty, Profil, Ustawienia, Wyloguj (loaded lazily by UserMenu). */
export function AccountMenu({ user }: { user: AuthUser }) {
  const signOut = useSignOut();
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        {/* named by its content ("Menu konta: <name>"), so the accessible name contains the visible text */}
        <UnstyledButton>
          <AccountButtonContent user={user} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        {isBusinessUser(user) ? (
          <>
            <MenuLink to="/panel" label="Panel" />
            <MenuLink to="/panel/konto" label="Moje konto" />
          </>
        ) : null}
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
  to: '/panel' | '/panel/konto' | '/klient/karty' | '/klient/profil' | '/klient/ustawienia';
  label: string;
}) {
  const navigate = useNavigate();
  return <Menu.Item onClick={() => void navigate({ to })}>{label}</Menu.Item>;
}
