import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  Image,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { UserProfile } from '@punkto/contracts/identity';
import { ProgramErrors, type ProgramPublicInfo as ProgramPublicInfoSchema } from '@punkto/contracts/programs';
import { OptionalPhone } from '@punkto/contracts/tenant';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { FormError } from '../../../components/ui/form-error';
import { AnchorLink, ButtonLink } from '../../../components/ui/link';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage, isApiError } from '../../../lib/api/api-errors';
import { useZodForm } from '../../../lib/form/use-zod-form';
import { phoneInputValue } from '../../../lib/phone';
import { WalletButtons } from '../../../components/wallet/wallet-buttons';
import { publicProgramQueryOptions, useCardOfProgram, useJoinProgram } from '../api/join';
import { joinAudience, joinOutcomeOf, joinPageHref, type JoinOutcome } from '../utils/join-view';
import { PhoneInput } from '../../../components/ui/phone-input';
import { ReferralClaim, ReferralInviteNote } from './referral-claim';

type ProgramPublicInfo = z.infer<typeof ProgramPublicInfoSchema>;

/**
 * The join form: an optional phone (prefilled from the profile) staff may find the card by, and the customer's
 * consent to the company's marketing e-mails (off unless ticked).
 */
const JoinForm = z.object({ phone: OptionalPhone, marketingConsent: z.boolean() });

const kindPitch: Record<ProgramPublicInfo['kind'], string> = {
  points: 'Zbieraj punkty za zakupy i wymieniaj je na nagrody.',
  stamps: 'Zbieraj pieczątki przy każdej wizycie — pełna karta to nagroda.',
  tiers: 'Zbieraj punkty i awansuj na kolejne poziomy z lepszymi korzyściami.',
};

function Frame({ children }: { children: ReactNode }) {
  return (
    <Box maw={560} mx="auto" py={{ base: 'lg', sm: 48 }}>
      {children}
    </Box>
  );
}

type JoinPageProps = {
  programId: string | undefined;
  tenantId: string | undefined;
  /** the signed-in person, or null for a visitor */
  user: UserProfile | null;
};

/** /dodaj-karte-do-portfela?program=…&firma=…: the public enrolment page behind the poster's QR code. */
export function JoinPage({ programId, tenantId, user }: JoinPageProps) {
  if (!programId || !tenantId) {
    return (
      <Frame>
        <Stack gap="lg">
          <PageHeader title="Nieprawidłowy link" />
          <Alert color="yellow" variant="light">
            Ten link do zapisu jest niepełny. Zeskanuj kod QR z plakatu jeszcze raz albo poproś o nowy link.
          </Alert>
          <ButtonLink to="/" variant="default" w="fit-content">
            Strona główna
          </ButtonLink>
        </Stack>
      </Frame>
    );
  }
  return <JoinProgram programId={programId} tenantId={tenantId} user={user} />;
}

function JoinProgram({
  programId,
  tenantId,
  user,
}: {
  programId: string;
  tenantId: string;
  user: UserProfile | null;
}) {
  const program = useQuery(publicProgramQueryOptions(tenantId, programId));

  if (program.isPending) {
    return (
      <Frame>
        <Stack gap="md" role="status" aria-busy="true" aria-label="Ładowanie programu">
          <Skeleton height={180} radius="lg" />
          <Skeleton height={24} width="70%" />
          <Skeleton height={44} />
        </Stack>
      </Frame>
    );
  }
  if (program.isError) {
    const notFound =
      isApiError(program.error) &&
      (program.error.status === 404 ||
        program.error.code === ProgramErrors.notFound.code ||
        program.error.code === ProgramErrors.deleted.code);
    return (
      <Frame>
        <Stack gap="lg">
          <PageHeader title={notFound ? 'Nie znaleziono programu' : 'Nie udało się wczytać programu'} />
          <Alert color={notFound ? 'yellow' : 'red'} variant="light">
            {notFound
              ? 'Ten program lojalnościowy nie istnieje albo nie przyjmuje teraz nowych klientów. Zapytaj w firmie o aktualny kod QR.'
              : errorMessage(program.error)}
          </Alert>
          <Group>
            {!notFound ? <Button onClick={() => void program.refetch()}>Spróbuj ponownie</Button> : null}
            <ButtonLink to="/" variant="default">
              Strona główna
            </ButtonLink>
          </Group>
        </Stack>
      </Frame>
    );
  }
  // keyed by the person: the phone box starts from their profile
  return <ProgramOffer key={user?.id ?? 'anonymous'} info={program.data} user={user} />;
}

function BrandCard({ info }: { info: ProgramPublicInfo }) {
  return (
    <Card
      radius="lg"
      padding="xl"
      style={{ backgroundColor: info.backgroundColor, color: info.foregroundColor }}
    >
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          {info.logoUrl ? (
            <Image
              src={info.logoUrl}
              alt={`Logo: ${info.companyName}`}
              h={50}
              w="auto"
              maw={160}
              fit="contain"
            />
          ) : null}
          <Text fw={700} size="lg" style={{ color: 'inherit' }}>
            {info.companyName}
          </Text>
        </Group>
        <Title order={1} fz={{ base: 26, sm: 30 }} style={{ color: 'inherit' }}>
          {info.programName}
        </Title>
      </Stack>
    </Card>
  );
}

/** After joining: the new card's wallet buttons as soon as the card is issued (moments later). */
function JoinedCardWallets({
  programId,
  companyName,
  referral = false,
}: {
  programId: string;
  companyName: string;
  /** just joined: a kept invite goes to the new card (ADR 0061) */
  referral?: boolean;
}) {
  const card = useCardOfProgram(programId, true);
  if (card.data)
    return (
      <Stack gap={4} w="100%">
        {referral ? <ReferralClaim programId={programId} cardId={card.data.cardId} /> : null}
        <Text size="sm">Dodaj kartę do portfela w telefonie — będzie się aktualizować sama.</Text>
        <WalletButtons cardId={card.data.cardId} companyName={companyName} />
      </Stack>
    );
  if (card.isError)
    return <Text size="sm">Karta pojawi się w zakładce Moje karty — stamtąd dodasz ją do portfela.</Text>;
  return (
    <Text size="sm" role="status">
      Wydajemy Twoją kartę…
    </Text>
  );
}

function ProgramOffer({ info, user }: { info: ProgramPublicInfo; user: UserProfile | null }) {
  useDocumentTitle(`${info.programName} — ${info.companyName} · Punkto`);
  const audience = joinAudience(user);
  const join = useJoinProgram(info.tenantId);
  const [outcome, setOutcome] = useState<JoinOutcome | null>(null);
  const form = useZodForm(JoinForm, { phone: phoneInputValue(user?.phone), marketingConsent: false });

  const joinNow = form.onSubmit(async ({ phone, marketingConsent }) => {
    setOutcome(null);
    try {
      await join.mutateAsync({ programId: info.programId, phone: phone ?? '', marketingConsent });
      setOutcome({ type: 'joined' });
    } catch (error) {
      // a refused phone is shown under its box
      if (isApiError(error) && error.isValidation) throw error;
      setOutcome(joinOutcomeOf(error));
    }
  });

  const here = joinPageHref(info.programId, info.tenantId);

  return (
    <Frame>
      <Stack gap="lg">
        <BrandCard info={info} />
        <Stack gap="xs">
          <Text size="lg">{kindPitch[info.kind]}</Text>
          {info.description ? <Text c="dimmed">{info.description}</Text> : null}
        </Stack>
        {outcome === null ? <ReferralInviteNote programId={info.programId} /> : null}

        {outcome?.type === 'joined' ? (
          <Alert color="green" variant="light" title="Jesteś w programie!" role="status">
            <Stack gap="sm" align="flex-start">
              <JoinedCardWallets programId={info.programId} companyName={info.companyName} referral />
              <ButtonLink to="/klient/karty" variant="default">
                Przejdź do Moich kart
              </ButtonLink>
            </Stack>
          </Alert>
        ) : outcome?.type === 'already-enrolled' ? (
          <Alert color="blue" variant="light" title="Już należysz do tego programu" role="status">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">Twoja karta jest w zakładce Moje karty.</Text>
              <JoinedCardWallets programId={info.programId} companyName={info.companyName} />
              <ButtonLink to="/klient/karty" variant="default">
                Przejdź do Moich kart
              </ButtonLink>
            </Stack>
          </Alert>
        ) : audience === 'customer' ? (
          <form onSubmit={joinNow} noValidate aria-label="Dołącz do programu">
            <Stack gap="sm">
              <PhoneInput {...form.getInputProps('phone')} />
              <Checkbox
                {...form.getCheckboxProps('marketingConsent')}
                label={`Chcę dostawać e-mailem wiadomości od ${info.companyName} (np. o nagrodach i promocjach)`}
                description="Nieobowiązkowe. Wypiszesz się w każdej chwili linkiem z e-maila."
              />
              <FormError message={form.formError} />
              <Button type="submit" size="lg" loading={form.submitting}>
                Dołącz do programu
              </Button>
              {outcome?.type === 'failed' ? (
                <Alert color="red" variant="light" role="alert">
                  {errorMessage(outcome.error)}
                </Alert>
              ) : null}
              <Text size="sm" c="dimmed">
                Dołączasz jako {user?.username} ({user?.email}).
              </Text>
            </Stack>
          </form>
        ) : audience === 'staff' ? (
          <Alert color="yellow" variant="light" title="Zaloguj się jako klient, aby dołączyć">
            <Text size="sm">
              Jesteś zalogowany kontem firmowym. Do programu lojalnościowego dołącza się kontem klienta —
              wyloguj się i zaloguj jako klient albo otwórz ten link na swoim telefonie.
            </Text>
          </Alert>
        ) : (
          <Card withBorder padding="lg">
            <Stack gap="md">
              <Title order={2} size="h4">
                Jak dołączyć?
              </Title>
              <List type="ordered" spacing={4} size="sm">
                <List.Item>Zaloguj się albo załóż darmowe konto klienta.</List.Item>
                <List.Item>Kliknij „Dołącz do programu”.</List.Item>
                <List.Item>
                  Karta pojawi się w zakładce Moje karty — dodasz ją do Apple lub Google Wallet.
                </List.Item>
              </List>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <ButtonLink to="/zaloguj" search={{ type: 'customer', redirect: here }} size="md" fullWidth>
                  Zaloguj się, aby dołączyć
                </ButtonLink>
                <ButtonLink
                  to="/stworz-konto"
                  search={{ typ: 'klient', program: info.programId, firma: info.tenantId }}
                  variant="default"
                  size="md"
                  fullWidth
                >
                  Załóż konto
                </ButtonLink>
              </SimpleGrid>
              <Text size="xs" c="dimmed">
                Po założeniu konta link aktywacyjny z e-maila zaprowadzi Cię z powrotem tutaj — kodu nie
                trzeba skanować ponownie.{' '}
                <AnchorLink to="/pomoc" size="xs" underline="always">
                  Pomoc
                </AnchorLink>
              </Text>
            </Stack>
          </Card>
        )}
      </Stack>
    </Frame>
  );
}
