import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import {
  FeedbackCategories,
  FeedbackCategorySchema,
  FeedbackDescription,
  FeedbackMessages,
} from '@punkto/contracts/feedback';
import { z } from 'zod';
import { useZodForm } from '../../../lib/form/use-zod-form';
import { notify } from '../../../lib/notify-instance';
import { useSendBugReport } from '../api/send-bug-report';
import { collectReportContext } from '../utils/report-context';

const BugReportForm = z.object({
  description: FeedbackDescription,
  category: z.union([FeedbackCategorySchema, z.literal('')]),
});

const categoryOptions = Object.entries(FeedbackCategories).map(([value, label]) => ({ value, label }));

/**
 * The bug-report form in its dialog (bug-report-widget.tsx): a module of its own, loaded when the widget's button is
 * pointed at, focused or pressed — its form code (the modal, the select, the form hook) is not part of any page's
 * first screen.
 */
export function BugReportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Zgłoś błąd"
      closeButtonProps={{ 'aria-label': 'Zamknij formularz zgłoszenia' }}
      centered
    >
      {opened && <BugReportFormBody onDone={onClose} />}
    </Modal>
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
