import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import type { PaidPlanId } from '@punkto/contracts/billing';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ButtonLink } from '../../../../components/ui/link';
import { PageHeader } from '../../../../components/ui/page-header';
import { notify } from '../../../../lib/notify-instance';
import { plansQueryOptions, subscriptionQueryOptions, useInitiatePayment } from '../api/subscription';
import { formatPln, priceFor } from '../utils/pricing';

/**
 * /subskrypcja/platnosc: what will be paid and why, then the provider's card form (the sandbox checkout in
 * embedded mode). The amount is computed by billing when the payment starts; the one shown here comes from
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
  const upgrade = sub.status === 'active' || sub.status === 'past_due';
  const amount = quotedGrosze ?? (plan ? priceFor(plan, isForYear) : undefined);

  const pay = async () => {
    try {
      const started = await initiate.mutateAsync({ planId, isForYear });
      if (started.redirectUri) window.location.assign(started.redirectUri);
      else await navigate({ to: '/subskrypcja/sukces', search: { paymentId: started.paymentId } });
    } catch (error) {
      notify.fromError(error);
    }
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
          {upgrade ? (
            <Text size="sm">
              Dopłata za zmianę planu od dziś: cena nowego planu pomniejszona o niewykorzystaną część obecnego
              okresu.
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            Faktura VAT zostanie wystawiona po zaksięgowaniu płatności.
          </Text>
        </Stack>
      </Card>
      {sub.status === 'trialing' ? (
        <Alert color="blue">
          Niewykorzystane dni okresu próbnego zostaną doliczone do opłaconego okresu.
        </Alert>
      ) : null}
      <Button size="md" onClick={() => void pay()} loading={initiate.isPending}>
        Przejdź do płatności
      </Button>
      <ButtonLink to="/subskrypcja/wybor" variant="subtle">
        Wróć do wyboru planu
      </ButtonLink>
    </Stack>
  );
}
