import { Alert, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/link';

/** The good end of an account link (activation, e-mail change, new password): what happened, then „Zaloguj się”. */
export function ReadyToSignIn({
  title,
  children,
  customer = false,
  redirect,
}: {
  title: string;
  children: ReactNode;
  /** a customer's account: the customer login, never the business one */
  customer?: boolean;
  /** where the login leads (a program's join page the customer signed up from) */
  redirect?: string | undefined;
}) {
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" title={title}>
        {children}
      </Alert>
      <ButtonLink
        to="/zaloguj"
        search={customer ? { type: 'customer', ...(redirect && { redirect }) } : {}}
        size="md"
      >
        Zaloguj się
      </ButtonLink>
    </Stack>
  );
}
