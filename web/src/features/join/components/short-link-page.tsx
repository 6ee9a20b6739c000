import { Alert, Box, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { EnrolmentLinkErrors, normaliseShortCode, shortCodeProblem } from '@punkto/contracts/enrolment-links';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { z } from 'zod';
import { ButtonLink } from '../../../components/ui/link';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { errorMessage, isApiError } from '../../../lib/api/api-errors';
import { useZodForm } from '../../../lib/form/use-zod-form';
import { enrolmentLinkQueryOptions } from '../api/join';

function Frame({ children }: { children: ReactNode }) {
  return (
    <Box maw={560} mx="auto" py={{ base: 'lg', sm: 48 }}>
      {children}
    </Box>
  );
}

/**
 * /k/<code>: the short enrolment link of the poster (ADR 0014). The code is read as forgivingly as it is
 * unambiguous (any case, spaces, dashes), resolved, and the page is REPLACED by the program's enrolment page
 * (no history entry for /k/: "back" leaves, as from the enrolment page itself). A spinner meanwhile; an unknown
 * code gets a page that says so, with a field to type the code again.
 */
export function ShortLinkPage({ typed }: { typed: string }) {
  const code = normaliseShortCode(typed);
  if (!code)
    return (
      <CodeEntry
        title="Nieprawidłowy kod programu"
        alert={shortCodeProblem(typed) ?? undefined}
        initialCode={typed}
      />
    );
  return <ResolveCode code={code} />;
}

function ResolveCode({ code }: { code: string }) {
  const link = useQuery(enrolmentLinkQueryOptions(code));
  const navigate = useNavigate();
  const target = link.data;

  useEffect(() => {
    if (!target) return;
    void navigate({
      to: '/dodaj-karte-do-portfela',
      search: { program: target.programId, firma: target.tenantId },
      replace: true,
    });
  }, [target, navigate]);

  if (link.isPending || target) return <PageSpinner />;
  const unknown = isApiError(link.error) && link.error.code === EnrolmentLinkErrors.notFound.code;
  if (unknown)
    return (
      <CodeEntry
        title="Nie znaleziono programu"
        alert={`Nie ma programu lojalnościowego o kodzie ${code}. Sprawdź kod na plakacie i wpisz go jeszcze raz.`}
        initialCode={code}
      />
    );
  return (
    <CodeEntry
      title="Nie udało się otworzyć programu"
      alert={errorMessage(link.error)}
      initialCode={code}
      onRetry={() => void link.refetch()}
    />
  );
}

const CodeForm = z.object({
  code: z.string().superRefine((value, ctx) => {
    const problem = shortCodeProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});

/** A page with a field for the program's code (from the poster): an unknown or mistyped code, or none yet. */
export function CodeEntry({
  title,
  alert,
  initialCode = '',
  onRetry,
}: {
  title: string;
  alert?: string | undefined;
  initialCode?: string;
  onRetry?: () => void;
}) {
  const navigate = useNavigate();
  const form = useZodForm(CodeForm, { code: initialCode });
  const submit = form.onSubmit(async ({ code }) => {
    await navigate({ to: '/k/$code', params: { code: normaliseShortCode(code)! } });
  });

  return (
    <Frame>
      <Stack gap="lg">
        <PageHeader
          title={title}
          description="Kod programu to 5 znaków spod kodu QR na plakacie w firmie, np. AB3D9."
        />
        {alert ? (
          <Alert color="yellow" variant="light" role="alert">
            {alert}
          </Alert>
        ) : null}
        <form onSubmit={submit} noValidate aria-label="Wpisz kod programu">
          <Stack gap="md">
            <TextInput
              label="Kod programu"
              placeholder="np. AB3D9"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              size="md"
              {...form.getInputProps('code')}
            />
            <Group>
              <Button type="submit" size="md">
                Przejdź do programu
              </Button>
              {onRetry ? (
                <Button variant="default" size="md" onClick={onRetry}>
                  Spróbuj ponownie
                </Button>
              ) : null}
            </Group>
          </Stack>
        </form>
        <Text size="sm" c="dimmed">
          Masz kod QR? Zeskanuj go aparatem telefonu — otworzy się od razu strona programu.
        </Text>
        <ButtonLink to="/" variant="subtle" w="fit-content">
          Strona główna
        </ButtonLink>
      </Stack>
    </Frame>
  );
}
