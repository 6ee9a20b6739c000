import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { PaidPlanId } from '@punkto/contracts/billing';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { ButtonLink } from '../../../../components/ui/link';
import { PageHeader } from '../../../../components/ui/page-header';
import { errorMessage } from '../../../../lib/api/api-errors';
import { formatDate } from '../../../../lib/format-date';
import { notify } from '../../../../lib/notify-instance';
import {
  invoicesQueryOptions,
  paymentMethodsQueryOptions,
  plansQueryOptions,
  subscriptionQueryOptions,
  useAddCard,
  useCancelSubscription,
  useDownloadInvoice,
  useRemoveCard,
  useResumeSubscription,
  useSetDefaultCard,
} from '../api/subscription';
import { daysLabel, formatPln, STATUS_LABELS } from '../utils/pricing';
import { InvoicePdfButton } from './invoice-pdf-button';
import { PayuCardForm } from './payu-card-form';

/** /subskrypcja/zarzadzaj: the plan, the next charge, saved cards, invoices, cancel and resume. */
export function ManagePage({ tenantId }: { tenantId: string }) {
  const { data: sub } = useSuspenseQuery(subscriptionQueryOptions(tenantId));
  const { data: methods } = useSuspenseQuery(paymentMethodsQueryOptions(tenantId));
  const { data: invoices } = useSuspenseQuery(invoicesQueryOptions(tenantId));
  // how cards are taken: PayU's card form (a 0 zł verification of its token) or the sandbox's page
  const plans = useQuery(plansQueryOptions());
  const payuForm = plans.data?.cardForm.provider === 'payu' ? plans.data.cardForm.payu : null;
  const [addingCard, setAddingCard] = useState(false);
  const cancel = useCancelSubscription(tenantId);
  const resume = useResumeSubscription(tenantId);
  const addCard = useAddCard(tenantId);
  const removeCard = useRemoveCard(tenantId);
  const setDefault = useSetDefaultCard(tenantId);
  const navigate = useNavigate();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const downloadInvoice = useDownloadInvoice(tenantId);

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify.success(done);
    } catch (error) {
      notify.fromError(error);
    }
  };
  const paying = sub.status === 'active' || sub.status === 'past_due';

  /** PayU: the card form's TOK_ → billing's 0 zł order → 3-D Secure at PayU → back to /subskrypcja/sukces */
  const addWithToken = async (cardToken: string) => {
    let started;
    try {
      started = await addCard.mutateAsync({ cardToken });
    } catch (error) {
      throw new Error(errorMessage(error), { cause: error });
    }
    if (started.redirectUri) window.location.assign(started.redirectUri);
    else await navigate({ to: '/subskrypcja/sukces', search: { paymentId: started.paymentId } });
  };

  return (
    <Stack gap="lg">
      <PageHeader title="Subskrypcja" />
      <Card withBorder aria-label="Twój plan" component="section">
        <Stack gap={6}>
          <Group gap="xs">
            <Title order={3}>
              {sub.status === 'trialing' ? STATUS_LABELS.trialing : `Plan ${sub.planName}`}
            </Title>
            {sub.status === 'trialing' ? null : <Badge variant="light">{STATUS_LABELS[sub.status]}</Badge>}
            {sub.planId !== 'trial' ? (
              <Badge variant="outline">{sub.isForYear ? 'rocznie' : 'miesięcznie'}</Badge>
            ) : null}
          </Group>
          <Text size="sm">
            Aktywni klienci: <strong>{sub.activeCustomers}</strong> z {sub.customerLimit}
          </Text>
          {sub.status === 'trialing' ? (
            <Text size="sm">
              Okres próbny kończy się {formatDate(sub.periodEnd)} (zostało {daysLabel(sub.trialDaysLeft)}).
            </Text>
          ) : null}
          {paying && !sub.cancelAtPeriodEnd ? (
            <Text size="sm">
              Następna płatność: {formatDate(sub.periodEnd)}
              {sub.nextChargeGrosze !== null ? `, ${formatPln(sub.nextChargeGrosze)}` : ''}
              {sub.pendingChange
                ? ` (od wtedy plan ${sub.pendingChange.planId === 'basic' ? 'Podstawowy' : 'Rozszerzony'}, ${sub.pendingChange.isForYear ? 'rocznie' : 'miesięcznie'})`
                : ''}
            </Text>
          ) : null}
          {sub.cancelAtPeriodEnd ? (
            <Text size="sm">
              Subskrypcja anulowana — działa do {formatDate(sub.periodEnd)}, potem panel przejdzie w tryb
              tylko do odczytu.
            </Text>
          ) : null}
          {sub.status === 'past_due' ? (
            <Alert color="orange">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  Nie udało się pobrać opłaty.
                  {sub.nextRetryAt ? ` Ponowimy próbę ${formatDate(sub.nextRetryAt)}.` : ''} Możesz też
                  zapłacić teraz inną kartą — zostanie zapamiętana do kolejnych odnowień.
                </Text>
                <ButtonLink
                  size="compact-sm"
                  to="/subskrypcja/platnosc"
                  search={{
                    plan: (sub.pendingChange ?? { planId: sub.planId }).planId as PaidPlanId,
                    cykl: (sub.pendingChange ?? sub).isForYear ? 'year' : 'month',
                    kwota: sub.nextChargeGrosze ?? undefined,
                  }}
                >
                  Zapłać teraz
                </ButtonLink>
              </Stack>
            </Alert>
          ) : null}
          {!sub.writable ? (
            <Alert color="red">
              Panel działa tylko do odczytu. Karty Twoich klientów działają bez zmian. Opłać plan, aby
              przywrócić zmiany.
            </Alert>
          ) : null}
          <Group mt="xs">
            <ButtonLink to="/subskrypcja/wybor">{paying ? 'Zmień plan' : 'Wybierz plan'}</ButtonLink>
            {paying && !sub.cancelAtPeriodEnd ? (
              <Button variant="subtle" color="red" onClick={() => setConfirmCancel(true)}>
                Anuluj subskrypcję
              </Button>
            ) : null}
            {sub.cancelAtPeriodEnd ? (
              <Button
                variant="light"
                loading={resume.isPending}
                onClick={() => void run(() => resume.mutateAsync(), 'Subskrypcja wznowiona.')}
              >
                Wznów subskrypcję
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Card>

      <Stack gap="xs" component="section" aria-label="Karty płatnicze">
        <Title order={3}>Karty płatnicze</Title>
        {methods.items.length === 0 ? (
          <Text size="sm">
            Brak zapisanej karty. Karta zapisze się przy pierwszej płatności albo dodasz ją poniżej.
          </Text>
        ) : null}
        {methods.items.map((card) => (
          <Group
            key={card.id}
            justify="space-between"
            wrap="wrap"
            role="group"
            aria-label={`${card.brand} ${card.maskedNumber}`}
          >
            <Text size="sm">
              {card.brand} {card.maskedNumber} · ważna do {card.expiry}{' '}
              {card.isDefault ? <Badge size="sm">domyślna</Badge> : null}
            </Text>
            <Group gap="xs">
              {!card.isDefault ? (
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => void run(() => setDefault.mutateAsync(card.id), 'Ustawiono kartę domyślną.')}
                >
                  Ustaw jako domyślną
                </Button>
              ) : null}
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                onClick={() => void run(() => removeCard.mutateAsync(card.id), 'Usunięto kartę.')}
              >
                Usuń
              </Button>
            </Group>
          </Group>
        ))}
        {payuForm ? (
          addingCard ? (
            <Card withBorder component="section" aria-label="Nowa karta" maw={560}>
              <Stack gap="sm">
                <Title order={4}>Nowa karta</Title>
                <Text size="sm">
                  Sprawdzimy kartę bez obciążania jej — PayU autoryzuje kwotę 0 zł, nic nie zostanie pobrane i
                  nie wystawimy faktury. Bank może poprosić o potwierdzenie (3-D Secure). Po dodaniu karty
                  możesz ustawić ją jako domyślną do odnowień.
                </Text>
                <PayuCardForm
                  payu={payuForm}
                  busy={addCard.isPending}
                  submitLabel="Zweryfikuj i dodaj kartę (0 zł)"
                  note="Dane karty trafiają bezpośrednio do PayU; Punkto zapisuje tylko zamaskowany numer."
                  problemTitle="Karta nie została dodana"
                  onToken={addWithToken}
                />
                <Group>
                  <Button variant="subtle" onClick={() => setAddingCard(false)}>
                    Anuluj
                  </Button>
                </Group>
              </Stack>
            </Card>
          ) : (
            <Group>
              <Button variant="light" onClick={() => setAddingCard(true)}>
                Dodaj kartę
              </Button>
            </Group>
          )
        ) : (
          <Group>
            <Button
              variant="light"
              loading={addCard.isPending}
              disabled={!plans.data}
              onClick={() =>
                void (async () => {
                  try {
                    const started = await addCard.mutateAsync({});
                    if (started.redirectUri) window.location.assign(started.redirectUri);
                  } catch (error) {
                    notify.fromError(error);
                  }
                })()
              }
            >
              Dodaj kartę
            </Button>
          </Group>
        )}
      </Stack>

      <Stack gap="xs" component="section" aria-label="Faktury">
        <Title order={3}>Faktury</Title>
        {invoices.items.length === 0 ? (
          <Text size="sm">Brak faktur.</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Numer</Table.Th>
                  <Table.Th>Data</Table.Th>
                  <Table.Th>Opis</Table.Th>
                  <Table.Th ta="right">Brutto</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Pobierz</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoices.items.map((invoice) => (
                  <Table.Tr key={invoice.id}>
                    <Table.Td>{invoice.number}</Table.Td>
                    <Table.Td>{formatDate(invoice.issueDate)}</Table.Td>
                    <Table.Td>{invoice.description}</Table.Td>
                    <Table.Td ta="right">{formatPln(invoice.grossGrosze)}</Table.Td>
                    <Table.Td>
                      <InvoicePdfButton invoice={invoice} pdfOf={downloadInvoice.mutateAsync} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>

      <ConfirmDialog
        opened={confirmCancel}
        title="Anulować subskrypcję?"
        confirmLabel="Anuluj subskrypcję"
        danger
        loading={cancel.isPending}
        onCancel={() => setConfirmCancel(false)}
        onConfirm={() =>
          void run(async () => {
            await cancel.mutateAsync();
            setConfirmCancel(false);
          }, 'Subskrypcja zostanie zakończona z końcem opłaconego okresu.')
        }
      >
        <Text size="sm">
          Plan działa do {formatDate(sub.periodEnd)}. Potem panel przejdzie w tryb tylko do odczytu, a karty
          klientów będą działać dalej. Do tego dnia możesz subskrypcję wznowić.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
