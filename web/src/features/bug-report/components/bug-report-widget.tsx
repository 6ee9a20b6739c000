import { Affix, Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import {
  FeedbackCategories,
  FeedbackCategorySchema,
  FeedbackDescription,
  FeedbackMessages,
} from '@punkto/contracts/feedback';
import { useMediaQuery } from '@mantine/hooks';
import { useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { useZodForm } from '../../../lib/form/use-zod-form';
import { notify } from '../../../lib/notify-instance';
import { useSendBugReport } from '../api/send-bug-report';
import { collectReportContext, widgetSide } from '../utils/report-context';
import { aboveBanner } from '../../../lib/bottom-banner-space';

const BugReportForm = z.object({
  description: FeedbackDescription,
  category: z.union([FeedbackCategorySchema, z.literal('')]),
});

const categoryOptions = Object.entries(FeedbackCategories).map(([value, label]) => ({ value, label }));

/**
 * SPEC §2 bug-report widget: rendered by the root route for logged-in users only. A button (bottom-left on
 * `/`, bottom-right elsewhere) opens a form; the page and the browser are attached automatically, the user
 * context by the server. On wide screens it floats in the corner, beside the centred content; on phones, where
 * a floating button would lie over the content's own buttons, it is the last thing on the page.
 */
export function BugReportWidget() {
  const { pathname } = useLocation();
  const [opened, setOpened] = useState(false);
  const side = widgetSide(pathname);
  const floating = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const button = (
    <Button
      onClick={() => setOpened(true)}
      radius="xl"
      color="dark"
      aria-haspopup="dialog"
      style={floating ? { boxShadow: 'var(--mantine-shadow-md)' } : undefined}
    >
      Zgłoś błąd
    </Button>
  );

  return (
    <>
      {floating ? (
        <Affix
          position={{ bottom: aboveBanner('20px'), [side]: 20 }}
          zIndex={190}
          data-testid="bug-report-widget"
          data-side={side}
        >
          {button}
        </Affix>
      ) : (
        <Group
          justify={side === 'left' ? 'flex-start' : 'flex-end'}
          px="md"
          pb="md"
          data-testid="bug-report-widget"
          data-side={side}
        >
          {button}
        </Group>
      )}
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Zgłoś błąd"
        closeButtonProps={{ 'aria-label': 'Zamknij formularz zgłoszenia' }}
        centered
      >
        {opened && <BugReportFormBody onDone={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

function BugReportFormBody({ onDone }: { onDone: () => void }) {
  const send = useSendBugReport();
  const form = useZodForm(BugReportForm, { description: '', category: '' });

  const submit = form.onSubmit(async ({ description, category }) => {
    await send.mutateAsync({
      description,
      ...(category && { category }),
      ...collectReportContext(window),
    });
    notify.success(FeedbackMessages.thanks);
    onDone();
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Zgłoszenie błędu">
      <Stack gap="md">
        <Text size="sm" c="gray.8">
          Opisz, co się stało. Adres strony i dane przeglądarki dołączymy automatycznie.
        </Text>
        <Textarea
          label="Opis problemu"
          placeholder="Co robiłeś i co poszło nie tak?"
          required
          autosize
          minRows={4}
          maxRows={10}
          data-autofocus
          name="description"
          value={form.values.description}
          onChange={(event) => form.setFieldValue('description', event.currentTarget.value)}
          error={form.errors['description']}
        />
        <Select
          label="Kategoria (opcjonalnie)"
          placeholder="Wybierz kategorię"
          data={categoryOptions}
          clearable
          value={form.values.category || null}
          onChange={(value) => form.setFieldValue('category', value ?? '')}
          error={form.errors['category']}
          comboboxProps={{ withinPortal: true, zIndex: 400 }}
        />
        {form.formError && (
          <Alert color="red" variant="light" role="alert">
            {form.formError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Anuluj
          </Button>
          <Button type="submit" loading={form.submitting}>
            Wyślij zgłoszenie
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
