import { Alert, Button, Card, Loader, Stack, Text } from '@mantine/core';
import type { PaidPlanId } from '@punkto/contracts/billing';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ButtonLink } from '../../../../components/ui/link';
import { PageHeader } from '../../../../components/ui/page-header';
import { errorMessage } from '../../../../lib/api/api-errors';
import { notify } from '../../../../lib/notify-instance';
import { plansQueryOptions, subscriptionQueryOptions, useInitiatePayment } from '../api/subscription';
import { formatPln, priceFor } from '../utils/pricing';
import { PayuCardForm } from './payu-card-form';

/**
 * /subskrypcja/platnosc: what will be paid and why, then the provider's card form: PayU's secure form on this
 * page (its token starts the payment, 3-D Secure at PayU, back to /subskrypcja/sukces), or the sandbox's hosted
 * checkout in embedded mode. The amount is computed by billing when the payment starts; the one shown here comes from
 * the plan list or from billing's answer to the plan change (a prorated upgrade).
 */
export function PaymentPage({
  tenantId,
  planId,
  isForYear,
  quotedGrosze,
}: {
  tenantId: string;
  planId: PaidPlanId;
  isForYear: boolean;
  quotedGrosze: number | undefined;
}) {
  const plans = useQuery(plansQueryOptions());
  const { data: sub } = useSuspenseQuery(subscriptionQueryOptions(tenantId));
  const initiate = useInitiatePayment(tenantId);
  const navigate = useNavigate();
  const plan = plans.data?.plans.find((p) => p.id === planId);
  const due = sub.pendingChange ?? { planId: sub.planId, isForYear: sub.isForYear };
  // past due: the renewal the saved card could not pay, paid now (billing: purpose renewal)
  const overdue = sub.status === 'past_due' && due.planId === planId && due.isForYear === isForYear;
  const upgrade = !overdue && (sub.status === 'active' || sub.status === 'past_due');
  const amount = quotedGrosze ?? (plan ? priceFor(plan, isForYear) : undefined);

  const cardForm = plans.data?.cardForm;

  const follow = async (started: { paymentId: string; redirectUri: string | null }) => {
    // PayU's 3-D Secure (or the sandbox's checkout); the payer comes back to /subskrypcja/sukces
    if (started.redirectUri) window.location.assign(started.redirectUri);
    else await navigate({ to: '/subskrypcja/sukces', search: { paymentId: started.paymentId } });
  };

  const pay = async () => {
    try {
      await follow(await initiate.mutateAsync({ planId, isForYear }));
    } catch (error) {
      notify.fromError(error);
    }
  };

  const payWithToken = async (cardToken: string) => {
    let started;
    try {
      started = await initiate.mutateAsync({ planId, isForYear, cardToken });
    } catch (error) {
      throw new Error(errorMessage(error), { cause: error });
    }
    await follow(started);
  };

  return (
    <Stack gap="lg" maw={560}>
      <PageHeader
        title="Płatność"
        description="Płatność kartą u operatora płatności; karta zostanie zapamiętana do odnowień."
      />
      <Card withBorder>
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            Plan
          </Text>
          <Text fw={700}>
            {plan?.name ?? planId} · {isForYear ? 'rocznie' : 'miesięcznie'}
          </Text>
          {amount !== undefined ? (
            <Text size="xl" fw={700} data-testid="amount">
              {formatPln(amount)} brutto
            </Text>
          ) : null}
          {overdue ? (
            <Text size="sm">
              Zaległa opłata za kolejny okres. Po jej zaksięgowaniu plan znów będzie opłacony, a ta karta
              posłuży do następnych odnowień.
            </Text>
          ) : null}
          {upgrade ? (
            <Text size="sm">
              Dopłata za zmianę planu: cena nowego planu pomniejszona o niewykorzystaną część opłaconego
              okresu. Nowy plan działa od razu; jeśli opłacony okres jeszcze się nie zaczął (plan kupiony w
              okresie próbnym), termin następnej płatności się nie zmienia.
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            Faktura VAT zostanie wystawiona po zaksięgowaniu płatności.
          </Text>
        </Stack>
      </Card>
      {sub.status === 'trialing' ? (
        <Alert color="blue">
          Opłacony okres zacznie się, gdy skończy się okres próbny — niewykorzystane dni okresu próbnego nie
          przepadają.
        </Alert>
      ) : null}
      {!cardForm ? (
        plans.isError ? (
          <Alert color="red">Nie udało się wczytać sposobu płatności. Odśwież stronę.</Alert>
        ) : (
          <Loader size="sm" aria-label="Wczytywanie" />
        )
      ) : cardForm.provider === 'payu' && cardForm.payu ? (
        <PayuCardForm
          payu={cardForm.payu}
          busy={initiate.isPending}
          submitLabel={amount !== undefined ? `Zapłać ${formatPln(amount)}` : 'Zapłać'}
          onToken={payWithToken}
        />
      ) : (
        <Button size="md" onClick={() => void pay()} loading={initiate.isPending}>
          Przejdź do płatności
        </Button>
      )}
      <ButtonLink to="/subskrypcja/wybor" variant="subtle">
        Wróć do wyboru planu
      </ButtonLink>
    </Stack>
  );
}
