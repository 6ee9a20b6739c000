import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { Email, Username } from '@punkto/contracts/identity';
import { Roles } from '@punkto/contracts/permissions';
import { OptionalPhone } from '@punkto/contracts/tenant';
import { useState } from 'react';
import { z } from 'zod';
import { useZodForm } from '../../../lib/form/use-zod-form';
import { formatPhone, phoneInputValue } from '../../../lib/phone';
import { notify } from '../../../lib/notify-instance';
import { useResendEmailConfirmation } from '../api/resend-email-confirmation';
import { useUpdateUser } from '../api/update-user';
import type { AuthUser } from '../types';
import { FormError } from '../../../components/ui/form-error';
import { PhoneInput } from '../../../components/ui/phone-input';
import { EmailInput } from '../../../components/ui/email-input';
import { FormSubmit } from '../../../components/ui/form-submit';
import { FormCard } from '../../../components/ui/form-card';

const NameForm = z.object({ username: Username });
const EmailForm = z.object({ email: Email });
const PhoneForm = z.object({ phone: OptionalPhone });

/**
 * /klient/profil and /panel/konto: name, an e-mail change that applies after the new address is confirmed, and a
 * customer's phone (unverified; the companies the customer belongs to find the card by it). An employee changes
 * the e-mail too (the company's record follows, ADR 0053); the name is the company's record, which the owner
 * keeps (StaffNameNotice).
 */
export function ProfileDetails({ user }: { user: AuthUser }) {
  const updateUser = useUpdateUser();
  const nameForm = useZodForm(NameForm, { username: user.username });

  const saveName = nameForm.onSubmit(async ({ username }) => {
    await updateUser.mutateAsync({ username });
    notify.success('Zapisano zmiany.');
  });

  const signedInAs = (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Zalogowano jako
        </Text>
        <Text fw={700} size="lg">
          {user.username}
        </Text>
        <Text>{user.email}</Text>
      </Stack>
    </Card>
  );
  if (user.role === Roles.employee)
    return (
      <Stack gap="lg">
        {signedInAs}
        <StaffNameNotice />
        <EmailSection user={user} />
      </Stack>
    );

  return (
    <Stack gap="lg">
      {signedInAs}

      <FormCard title="Imię i nazwisko" label="Imię i nazwisko" onSubmit={saveName}>
        <TextInput label="Imię i nazwisko" autoComplete="name" {...nameForm.getInputProps('username')} />
        <FormSubmit error={nameForm.formError} submitting={nameForm.submitting}>
          Zapisz
        </FormSubmit>
      </FormCard>

      {user.role === Roles.customer ? <PhoneSection user={user} /> : null}

      <EmailSection user={user} />
    </Stack>
  );
}

/** A new address: a link goes to it, and the account's address changes once the link is opened. */
function EmailSection({ user }: { user: AuthUser }) {
  const updateUser = useUpdateUser();
  const resend = useResendEmailConfirmation();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const emailForm = useZodForm(EmailForm, { email: '' });

  const changeEmail = emailForm.onSubmit(async ({ email }) => {
    if (email === user.email) {
      emailForm.setFormError('To jest Twój obecny adres e-mail.');
      return;
    }
    await updateUser.mutateAsync({ email });
    setPendingEmail(email);
    emailForm.reset();
  });

  const resendConfirmation = async () => {
    try {
      const { message } = await resend.mutateAsync();
      notify.success(message || 'Wysłaliśmy link ponownie.');
    } catch (error) {
      notify.fromError(error);
    }
  };

  return (
    <FormCard title="Adres e-mail" label="Zmiana adresu e-mail" onSubmit={changeEmail}>
      <Text size="sm" c="dimmed">
        Wyślemy link potwierdzający na nowy adres. Do czasu potwierdzenia logujesz się obecnym adresem.
        {user.role === Roles.employee
          ? ' Po potwierdzeniu nowy adres pojawi się też na liście pracowników firmy.'
          : ''}
      </Text>
      {pendingEmail ? (
        <Alert color="punkto" variant="light" title="Potwierdź nowy adres">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Wysłaliśmy wiadomość na adres <strong>{pendingEmail}</strong>. Adres konta zmieni się po
              kliknięciu linku z tej wiadomości.
            </Text>
            <Button size="xs" variant="light" onClick={resendConfirmation} loading={resend.isPending}>
              Wyślij ponownie
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <EmailInput label="Nowy adres e-mail" {...emailForm.getInputProps('email')} />
      <FormError message={emailForm.formError} />
      <Group>
        <Button type="submit" variant="default" loading={emailForm.submitting}>
          Zmień adres e-mail
        </Button>
      </Group>
    </FormCard>
  );
}

/**
 * An employee's name is the company's record of them (the owner's „Pracownicy”, the names in card histories):
 * the owner changes it, so the employee's own page says so instead of offering a change the company's records
 * would not follow. The e-mail address is the employee's own (EmailSection).
 */
function StaffNameNotice() {
  return (
    <Alert color="gray" variant="light" title="Imię i nazwisko">
      Twoje imię i nazwisko ustala firma: zmienia się je w zakładce „Pracownicy” panelu firmy. Jeśli trzeba je
      poprawić, poproś o to osobę zarządzającą firmą.
    </Alert>
  );
}

/** The customer's phone: set, change or remove (an empty box). Never verified, and said so. */
function PhoneSection({ user }: { user: AuthUser }) {
  const updateUser = useUpdateUser();
  const form = useZodForm(PhoneForm, { phone: phoneInputValue(user.phone) });

  const savePhone = form.onSubmit(async ({ phone }) => {
    if (phone === (user.phone ?? null)) {
      notify.success('Zapisano zmiany.');
      return;
    }
    const saved = await updateUser.mutateAsync({ phone: phone ?? '' });
    form.setFieldValue('phone', phoneInputValue(saved.phone));
    notify.success(saved.phone ? 'Zapisano numer telefonu.' : 'Usunięto numer telefonu.');
  });

  return (
    <FormCard title="Numer telefonu" label="Numer telefonu" onSubmit={savePhone}>
      <Text size="sm" c="dimmed">
        Numer nie jest potwierdzony — nie wysyłamy SMS-ów. Służy tylko do tego, by obsługa w firmach, do
        których należysz, mogła znaleźć Twoją kartę po numerze telefonu. Zmiana obowiązuje we wszystkich
        Twoich kartach.
      </Text>
      {user.phone ? (
        <Text size="sm">
          Obecny numer: <strong>{formatPhone(user.phone)}</strong> (niepotwierdzony)
        </Text>
      ) : null}
      <PhoneInput
        description="Polski numer (9 cyfr) albo z kierunkowym kraju, np. +49 151 23456789. Zostaw puste, aby usunąć numer."
        {...form.getInputProps('phone')}
      />
      <FormSubmit error={form.formError} submitting={form.submitting}>
        Zapisz numer
      </FormSubmit>
    </FormCard>
  );
}
