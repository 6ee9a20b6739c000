import { Button, Stack, Text, UnstyledButton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { ButtonLink } from '../../../components/ui/link';
import { useAfterPaint } from '../../../lib/use-after-paint';
import { useAuth } from '../hooks/use-auth';
import { isBusinessUser, isCustomer } from '../utils/guards';
import { AccountButtonContent, useSignOut } from './account-button';

// The account menu (a floating dropdown) loads when someone is signed in, once the page has painted: neither a
// first visit nor a signed-in page's first screen pays for it.
const AccountMenu = lazy(() => import('./account-menu').then((module) => ({ default: module.AccountMenu })));

/** Header: "Zaloguj się", or the person's name with a menu (Panel / Moje karty, Wyloguj). */
export function UserMenu() {
  const { user } = useAuth();
  const painted = useAfterPaint();
  if (!user) {
    return (
      <ButtonLink to="/zaloguj" size="sm">
        Zaloguj się
      </ButtonLink>
    );
  }
  // the same button, disabled until the menu has loaded, so the header does not move
  const waiting = (
    <UnstyledButton disabled>
      <AccountButtonContent user={user} />
    </UnstyledButton>
  );
  if (!painted) return waiting;
  return (
    <Suspense fallback={waiting}>
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
        <>
          <ButtonLink to="/panel" onClick={onNavigate} variant="light" fullWidth>
            Panel
          </ButtonLink>
          <ButtonLink to="/panel/konto" onClick={onNavigate} variant="light" fullWidth>
            Moje konto
          </ButtonLink>
        </>
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
