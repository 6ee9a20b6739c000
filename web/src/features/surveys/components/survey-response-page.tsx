import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { SURVEY_COMMENT_MAX, type SurveyAnswerResponse } from '@punkto/contracts/surveys';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { ApiError, errorMessage } from '../../../lib/api/api-errors';
import { surveyQueryOptions, useRespondToSurvey } from '../api/survey';
import { answeredHere, surveyLinkProblem } from '../utils/survey-errors';

const SCORES = Array.from({ length: 10 }, (_, i) => String(i + 1));

function Frame({ children }: { children: ReactNode }) {
  return (
    <Container size={480} px="md" py="xl">
      <Card withBorder radius="md" padding="lg">
        {children}
      </Card>
    </Container>
  );
}

function Problem({ error }: { error: unknown }) {
  const problem = surveyLinkProblem(error instanceof ApiError ? error.code : undefined);
  return (
    <Frame>
      <Stack gap="sm">
        <Title order={1} size="h3">
          {problem?.title ?? 'Nie udało się otworzyć ankiety'}
        </Title>
        <Alert color={problem ? 'yellow' : 'red'} variant="light">
          {problem?.text ?? errorMessage(error)}
        </Alert>
      </Stack>
    </Frame>
  );
}

/**
 * /survey-response?token=…: the NPS survey from the e-mail, on the phone, without an account. Ten large score
 * buttons (native radio inputs in a fieldset), an optional comment, then a thank-you with the company's review
 * link for everyone who answered, whatever the score.
 */
export function SurveyResponsePage({ token }: { token: string | undefined }) {
  if (!token)
    return <Problem error={new ApiError({ status: 404, message: 'no token', code: 'SURVEY.NOT_FOUND' })} />;
  return <SurveyForm token={token} />;
}

function SurveyForm({ token }: { token: string }) {
  const survey = useQuery(surveyQueryOptions(token));
  const respond = useRespondToSurvey(token);
  const [score, setScore] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [missingScore, setMissingScore] = useState(false);
  const [done, setDone] = useState<SurveyAnswerResponse | null>(null);
  // set at once on a tap (state would change only at the next render): a second tap while the answer is on its
  // way sends nothing (issue 33: a double tap answered "already filled" and hid the review link)
  const sending = useRef(false);

  if (survey.isPending)
    return (
      <Frame>
        <Group justify="center" py="xl">
          <Loader aria-label="Wczytywanie ankiety" />
        </Group>
      </Frame>
    );
  if (survey.isError) return <Problem error={survey.error} />;
  // "already answered" after this page sent the answer (its reply was lost, then sent again) is this answer
  const thanks = done ?? answeredHere(!respond.isIdle, respond.error);
  if (!thanks && respond.isError && surveyLinkProblem((respond.error as ApiError).code))
    return <Problem error={respond.error} />;

  if (thanks)
    return (
      <Frame>
        <Stack gap="md">
          <Title order={1} size="h3">
            Dziękujemy za odpowiedź!
          </Title>
          <Text>
            Twoja ocena trafi do {survey.data.companyName} anonimowo — firma widzi tylko wyniki zbiorcze.
          </Text>
          {thanks.reviewUrl ? (
            <Stack gap="xs">
              <Text>Jeśli chcesz, podziel się opinią także publicznie:</Text>
              <Button
                component="a"
                href={thanks.reviewUrl}
                target="_blank"
                rel="noopener noreferrer"
                size="md"
              >
                Wystaw opinię o {survey.data.companyName}
              </Button>
            </Stack>
          ) : null}
        </Stack>
      </Frame>
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!score) {
      setMissingScore(true);
      return;
    }
    if (sending.current) return;
    sending.current = true;
    const trimmed = comment.trim();
    respond.mutate(
      { score: Number(score), ...(trimmed && { comment: trimmed }) },
      {
        onSuccess: (answer) => setDone(answer),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <Frame>
      <form onSubmit={submit} noValidate aria-label="Ankieta">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {survey.data.companyName} · ankieta anonimowa
          </Text>
          <Box component="fieldset" m={0} p={0} style={{ border: 0 }}>
            <Title order={1} size="h3" component="legend" mb="sm">
              {survey.data.question}
            </Title>
            <Text size="sm" c="dimmed" mb="sm" id="survey-scale">
              Skala od 1 (na pewno nie) do 10 (na pewno tak).
            </Text>
            <Chip.Group
              multiple={false}
              value={score}
              onChange={(value) => {
                setScore(value);
                setMissingScore(false);
              }}
            >
              <SimpleGrid cols={5} spacing="xs" aria-describedby="survey-scale">
                {SCORES.map((value) => (
                  <Chip
                    key={value}
                    value={value}
                    type="radio"
                    name="score"
                    size="xl"
                    radius="md"
                    icon={<></>}
                    styles={{
                      label: {
                        width: '100%',
                        justifyContent: 'center',
                        paddingInline: 0,
                        height: 56,
                        fontSize: 20,
                      },
                      iconWrapper: { display: 'none' },
                    }}
                    aria-label={`Ocena ${value}`}
                  >
                    {value}
                  </Chip>
                ))}
              </SimpleGrid>
            </Chip.Group>
            <Group justify="space-between" mt={6}>
              <Text size="xs" c="dimmed">
                1 — na pewno nie
              </Text>
              <Text size="xs" c="dimmed">
                10 — na pewno tak
              </Text>
            </Group>
            {missingScore ? (
              <Text c="red" size="sm" mt="xs" role="alert">
                Wybierz ocenę od 1 do 10.
              </Text>
            ) : null}
          </Box>
          <Textarea
            label="Komentarz (opcjonalnie)"
            description={`${comment.length}/${SURVEY_COMMENT_MAX} znaków`}
            placeholder="Co możemy poprawić? Co Ci się podobało?"
            autosize
            minRows={3}
            maxLength={SURVEY_COMMENT_MAX}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
          />
          {respond.isError ? (
            <Alert color="red" variant="light">
              {errorMessage(respond.error)}
            </Alert>
          ) : null}
          <Button type="submit" size="lg" loading={respond.isPending} fullWidth>
            Wyślij odpowiedź
          </Button>
          <Text size="xs" c="dimmed">
            Link działa jeden raz, do {new Date(survey.data.expiresAt).toLocaleDateString('pl-PL')}.
          </Text>
        </Stack>
      </form>
    </Frame>
  );
}
