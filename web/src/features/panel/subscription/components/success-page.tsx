import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../../../components/ui/link';
import { PageHeader } from '../../../../components/ui/page-header';
import { errorMessage } from '../../../../lib/api/api-errors';
import { paymentMethodsQueryOptions, paymentOrderQueryOptions } from '../api/subscription';
import { formatPln } from '../utils/pricing';

/**
 * /subskrypcja/sukces?paymentId=…: where the provider sends the payer back. Returning here proves nothing, so
 * the page asks billing about the payment (every 2 s) and says success ONLY once billing booked it; until then
 * it says it is waiting, and a declined or cancelled payment is said plainly. A card added on the manage page
 * (a 0 zł verification) comes back here too and is told as such: no payment, no invoice.
 */
export function SuccessPage({ tenantId, paymentId }: { tenantId: string; paymentId: string | undefined }) {
  const order = useQuery({
    ...paymentOrderQueryOptions(tenantId, paymentId ?? ''),
    enabled: Boolean(paymentId),
  });
  if (!paymentId)
    return (
      <Stack maw={560}>
        <PageHeader title="Płatność" />
        <Alert color="yellow">Nie wskazano płatności do sprawdzenia.</Alert>
        <ButtonLink to="/subskrypcja/zarzadzaj">Przejdź do subskrypcji</ButtonLink>
      </Stack>
    );
  if (order.isError)
    return (
      <Stack maw={560}>
        <PageHeader title="Płatność" />
        <Alert color="red" title="Nie udało się sprawdzić płatności">
          {errorMessage(order.error)}
        </Alert>
      </Stack>
    );
  const status = order.data?.status ?? 'pending';
  if (order.data?.purpose === 'card_verification')
    return <CardAddedPage tenantId={tenantId} status={status} />;
  return (
    <Stack maw={560} gap="md">
      {status === 'completed' ? (
        <>
          <PageHeader title="Płatność przyjęta" />
          <Alert color="green" title="Dziękujemy!">
            Zaksięgowaliśmy {formatPln(order.data!.amountGrosze)}. Twój plan jest aktywny, a faktura VAT czeka
            w zakładce Subskrypcja.
          </Alert>
          <ButtonLink to="/subskrypcja/zarzadzaj">Zarządzaj subskrypcją</ButtonLink>
        </>
      ) : status === 'failed' ? (
        <>
          <PageHeader title="Płatność nie powiodła się" />
          <Alert color="red">
            Operator nie przyjął płatności (karta odrzucona lub płatność przerwana). Nic nie zostało pobrane.
          </Alert>
          <ButtonLink to="/subskrypcja/wybor">Spróbuj ponownie</ButtonLink>
        </>
      ) : (
        <Waiting title="Czekamy na potwierdzenie płatności">
          Operator płatności jeszcze jej nie potwierdził. Strona odświeży się sama.
        </Waiting>
      )}
    </Stack>
  );
}

/** the outcome of adding a card (0 zł verification at the provider): the saved card, or why it was not saved */
function CardAddedPage({
  tenantId,
  status,
}: {
  tenantId: string;
  status: 'pending' | 'completed' | 'failed';
}) {
  const methods = useQuery({ ...paymentMethodsQueryOptions(tenantId), enabled: status === 'completed' });
  const newest = methods.data?.items.reduce<(typeof methods.data.items)[number] | undefined>(
    (last, card) => (!last || card.addedAt > last.addedAt ? card : last),
    undefined,
  );
  return (
    <Stack maw={560} gap="md">
      {status === 'completed' ? (
        <>
          <PageHeader title="Karta dodana" />
          <Alert color="green" title="Karta zweryfikowana">
            Operator płatności sprawdził kartę bez obciążenia (0 zł) i zapisaliśmy ją
            {newest ? ` (${newest.brand} ${newest.maskedNumber}, ważna do ${newest.expiry})` : ''}. Nic nie
            zostało pobrane. Jeśli to ma być karta do odnowień, ustaw ją jako domyślną w zakładce Subskrypcja.
          </Alert>
          <ButtonLink to="/subskrypcja/zarzadzaj">Przejdź do kart płatniczych</ButtonLink>
        </>
      ) : status === 'failed' ? (
        <>
          <PageHeader title="Karta nie została dodana" />
          <Alert color="red">
            Bank albo operator nie potwierdził karty (karta odrzucona lub weryfikacja przerwana). Nic nie
            zostało pobrane. Możesz spróbować ponownie albo użyć innej karty.
          </Alert>
          <ButtonLink to="/subskrypcja/zarzadzaj">Wróć do kart płatniczych</ButtonLink>
        </>
      ) : (
        <Waiting title="Czekamy na potwierdzenie karty">
          Operator płatności jeszcze nie potwierdził karty. Strona odświeży się sama.
        </Waiting>
      )}
    </Stack>
  );
}

/** still waiting for the provider: the page asks again by itself (the query's refetch), and says so */
function Waiting({ title, children }: { title: string; children: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Stack align="flex-start" gap="xs" role="status">
        <Loader size="sm" />
        <Text>{children}</Text>
      </Stack>
    </>
  );
}
