import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { JoinIntent } from '@punkto/contracts/identity';
import { z } from 'zod';
import { AnchorLink } from '../../components/ui/link';
import { PageHeader } from '../../components/ui/page-header';
import { AuthCard } from '../../features/auth/components/auth-card';
import { BusinessSignupSteps } from '../../features/auth/components/business-signup-steps';
import { RegisterForm } from '../../features/auth/components/register-form';
import { RegistrationSent } from '../../features/auth/components/registration-sent';
import { JoiningNotice } from '../../features/join/components/joining-notice';
import { joinPageHref } from '../../features/join/utils/join-view';
import { enrolmentLinkIdParam } from '../../lib/search-params';

const searchSchema = z.object({
  /** which account: a company (business owner) or a customer */
  typ: z.enum(['firma', 'klient']).optional().catch(undefined),
  /** a customer signing up from a program's enrolment page: the program and its company */
  program: enrolmentLinkIdParam,
  firma: enrolmentLinkIdParam,
});

export const Route = createFileRoute('/stworz-konto/')({
  validateSearch: searchSchema,
  component: RegisterPage,
});

function RegisterPage() {
  const { typ, program, firma } = Route.useSearch();
  if (typ === 'firma') return <BusinessRegistration />;
  if (typ === 'klient')
    return (
      <CustomerRegistration
        joining={program && firma ? { programId: program, tenantId: firma } : undefined}
      />
    );
  return <ChooseAccountType />;
}

const iconProps = {
  width: 26,
  height: 26,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

function StoreIcon() {
  return (
    <svg {...iconProps}>
      <path d="M3 9l1.5-5h15L21 9" />
      <path d="M3 9h18v2a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0z" />
      <path d="M5 13v7h14v-7" />
      <path d="M10 20v-4h4v4" />
    </svg>
  );
}

function PersonIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </svg>
  );
}

function ChooseAccountType() {
  const navigate = useNavigate();
  const options = [
    {
      typ: 'firma' as const,
      icon: <StoreIcon />,
      title: 'Firma',
      text: 'Prowadzę firmę i chcę wydawać klientom karty lojalnościowe. 14 dni za darmo, bez karty płatniczej.',
    },
    {
      typ: 'klient' as const,
      icon: <PersonIcon />,
      title: 'Klient',
      text: 'Zbieram punkty i pieczątki w ulubionych miejscach i chcę mieć karty w telefonie.',
    },
  ];
  return (
    <Stack gap="xl" py={{ base: 'lg', sm: 48 }} maw={820} mx="auto">
      <PageHeader title="Załóż konto" description="Kim jesteś? Wybierz rodzaj konta." />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {options.map((option) => (
          <UnstyledButton
            key={option.typ}
            onClick={() => void navigate({ to: '/stworz-konto', search: { typ: option.typ } })}
            aria-label={`${option.title}: ${option.text}`}
          >
            <Card withBorder padding="xl" h="100%" style={{ cursor: 'pointer' }}>
              <Stack gap="sm">
                <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
                  {option.icon}
                </ThemeIcon>
                <Title order={2} size="h3">
                  {option.title}
                </Title>
                <Text c="dimmed">{option.text}</Text>
              </Stack>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Text size="sm" ta="center">
        Masz już konto? <AnchorLink to="/zaloguj">Zaloguj się</AnchorLink>
      </Text>
    </Stack>
  );
}

function BusinessRegistration() {
  const [email, setEmail] = useState<string | null>(null);
  return (
    <AuthCard
      width={640}
      title="Rejestracja firmy"
      description="Załóż konto właściciela. Dane firmy uzupełnisz po zalogowaniu."
    >
      <BusinessSignupSteps active={email ? 1 : 0}>
        <Stack mt="lg">
          {email ? (
            <RegistrationSent email={email} customer={false} />
          ) : (
            <RegisterForm kind="firma" onRegistered={setEmail} />
          )}
        </Stack>
      </BusinessSignupSteps>
    </AuthCard>
  );
}

function CustomerRegistration({ joining }: { joining: JoinIntent | undefined }) {
  const [email, setEmail] = useState<string | null>(null);
  return (
    <AuthCard
      title={email ? 'Sprawdź skrzynkę e-mail' : 'Rejestracja klienta'}
      description={
        email ? undefined : 'Załóż konto, aby mieć wszystkie karty lojalnościowe w jednym miejscu.'
      }
    >
      {email ? (
        <RegistrationSent email={email} customer />
      ) : (
        <Stack gap="md">
          {joining ? <JoiningNotice joining={joining} /> : null}
          <RegisterForm
            kind="klient"
            joining={joining}
            // someone who has an account after all logs in and is back on the programme's join page
            loginRedirect={joining ? joinPageHref(joining.programId, joining.tenantId) : undefined}
            onRegistered={setEmail}
          />
        </Stack>
      )}
    </AuthCard>
  );
}
