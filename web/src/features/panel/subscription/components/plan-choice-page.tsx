import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { PaidPlanId, SubscriptionPlan } from '@punkto/contracts/billing';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { AnchorLink } from '../../../../components/ui/link';
import { PageHeader } from '../../../../components/ui/page-header';
import { formatDate } from '../../../../lib/format-date';
import { notify } from '../../../../lib/notify-instance';
import { plansQueryOptions, subscriptionQueryOptions, useChangePlan } from '../api/subscription';
import { planStore } from '../utils/plan-store';
import { daysLabel, formatPln, priceFor, savingsLabel, STATUS_LABELS } from '../utils/pricing';

/**
 * /subskrypcja/wybor: the plans of SPEC §9 with a monthly/yearly toggle and the yearly savings, the current
 * plan and usage. Choosing a plan asks billing what it means now: a payment (the trial, a lapsed plan, an
 * upgrade: prorated) leads to /subskrypcja/platnosc; a downgrade or a change of cycle is scheduled for the
 * end of the period and said so.
 */
export function PlanChoicePage({ tenantId }: { tenantId: string }) {
  const store = planStore(useQuery(plansQueryOptions()));
  const { data: sub } = useSuspenseQuery(subscriptionQueryOptions(tenantId));
  const [cycle, setCycle] = useState<'month' | 'year'>('year');
  const isForYear = cycle === 'year';
  const change = useChangePlan(tenantId);
  const navigate = useNavigate();
  const paid = store.plans.filter((p): p is SubscriptionPlan & { id: PaidPlanId } => p.id !== 'trial');

  const choose = async (planId: PaidPlanId) => {
    try {
      const result = await change.mutateAsync({ planId, isForYear });
      if (result.outcome === 'payment_required')
        await navigate({
          to: '/subskrypcja/platnosc',
          search: { plan: planId, cykl: cycle, kwota: result.amountGrosze ?? undefined },
        });
      else if (result.outcome === 'scheduled')
        notify.success(`Zmiana planu nastąpi ${formatDate(result.effectiveAt)}, z końcem opłaconego okresu.`);
      else notify.info('To Twój obecny plan.');
    } catch (error) {
      notify.fromError(error);
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Wybierz plan"
        description="Wszystkie funkcje w każdym planie: karty w portfelu, analityka, skaner QR."
      />
      <Card withBorder>
        <Group justify="space-between" wrap="wrap">
          <div>
            <Text size="sm" c="dimmed">
              Obecny plan
            </Text>
            <Text fw={700}>
              {sub.status === 'trialing'
                ? STATUS_LABELS.trialing
                : `${sub.planName} · ${STATUS_LABELS[sub.status]}`}
            </Text>
            {sub.status === 'trialing' ? (
              <Text size="sm">Do końca okresu próbnego: {daysLabel(sub.trialDaysLeft)}</Text>
            ) : null}
          </div>
          <Text size="sm" data-testid="usage">
            Aktywni klienci: <strong>{sub.activeCustomers}</strong> z {sub.customerLimit}
          </Text>
        </Group>
      </Card>
      <SegmentedControl
        value={cycle}
        onChange={(value) => setCycle(value as 'month' | 'year')}
        data={[
          { value: 'month', label: 'Miesięcznie' },
          { value: 'year', label: 'Rocznie (taniej)' },
        ]}
        aria-label="Okres rozliczeniowy"
        w={{ base: '100%', sm: 360 }}
      />
      {store.status === 'failed' ? (
        <Alert color="red" title="Błąd">
          {store.error}
        </Alert>
      ) : null}
      {store.status === 'loading' || store.status === 'idle' ? (
        <Text c="dimmed">Wczytywanie planów…</Text>
      ) : null}
      {store.status === 'succeeded' && !store.available ? <Text>Brak dostępnych planów.</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {paid.map((plan) => {
          const current =
            sub.planId === plan.id &&
            sub.isForYear === isForYear &&
            sub.status !== 'lapsed' &&
            sub.status !== 'cancelled';
          const tooSmall = sub.activeCustomers > plan.customerLimit;
          return (
            <Card key={plan.id} withBorder padding="lg" aria-label={`Plan ${plan.name}`} component="section">
              <Stack gap="xs">
                <Group justify="space-between">
                  <Title order={3}>{plan.name}</Title>
                  {current ? <Badge>Twój plan</Badge> : null}
                </Group>
                <Text size="xl" fw={700}>
                  {formatPln(priceFor(plan, isForYear))}{' '}
                  <Text span size="sm" c="dimmed">
                    brutto / {isForYear ? 'rok' : 'miesiąc'}
                  </Text>
                </Text>
                {isForYear && savingsLabel(plan) ? (
                  <Text size="sm" fw={700}>
                    {savingsLabel(plan)}
                  </Text>
                ) : null}
                <Text size="sm">Do {plan.customerLimit} aktywnych klientów</Text>
                {tooSmall ? (
                  <Text size="sm" c="red">
                    Masz {sub.activeCustomers} aktywnych klientów — ten plan pozwala na {plan.customerLimit}.
                  </Text>
                ) : null}
                <Button
                  onClick={() => void choose(plan.id)}
                  loading={change.isPending}
                  disabled={current || tooSmall}
                >
                  {current ? 'Obecny plan' : `Wybieram ${plan.name}`}
                </Button>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Ponad 500 klientów?{' '}
        <AnchorLink to="/pomoc" underline="always">
          Skontaktuj się z nami
        </AnchorLink>{' '}
        — przygotujemy ofertę.
      </Text>
    </Stack>
  );
}
