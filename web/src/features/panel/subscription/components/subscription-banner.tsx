import { Alert, Group, Text } from '@mantine/core';
import { Permissions } from '@punkto/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../../../components/ui/link';
import { formatDate } from '../../../../lib/format-date';
import { usePanelSession } from '../../shell/hooks/panel-session';
import { subscriptionQueryOptions } from '../api/subscription';
import { daysLabel } from '../utils/pricing';

/**
 * The panel's subscription banner: the trial's days left, a failed renewal, the read-only mode of a lapsed
 * subscription with its payment prompt, and usage near or at the plan's limit of active customers.
 */
export function SubscriptionBanner({ tenantId }: { tenantId: string }) {
  const { can } = usePanelSession();
  const { data: sub } = useQuery(subscriptionQueryOptions(tenantId));
  if (!sub) return null;
  const manage = can(Permissions.billingManage);
  const action = (label: string, to: '/subskrypcja/wybor' | '/subskrypcja/zarzadzaj') =>
    manage ? (
      <ButtonLink to={to} size="compact-sm" variant="white">
        {label}
      </ButtonLink>
    ) : null;
  const atLimit = sub.activeCustomers >= sub.customerLimit;
  const nearLimit = sub.activeCustomers >= Math.ceil(sub.customerLimit * 0.9);

  const banners = [];
  if (!sub.writable)
    banners.push(
      <Alert
        key="lapsed"
        color="red"
        variant="filled"
        role="alert"
        title="Subskrypcja wygasła — panel działa tylko do odczytu"
      >
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">
            Karty, punkty i nagrody Twoich klientów działają bez zmian. Opłać plan, aby znów wprowadzać
            zmiany.
          </Text>
          {action('Opłać plan', '/subskrypcja/wybor')}
        </Group>
      </Alert>,
    );
  else if (sub.status === 'trialing')
    banners.push(
      <Alert key="trial" color="blue" variant="light" data-testid="trial-banner">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">
            Okres próbny: zostało <strong>{daysLabel(sub.trialDaysLeft)}</strong> (do{' '}
            {formatDate(sub.periodEnd)}).
          </Text>
          {action('Wybierz plan', '/subskrypcja/wybor')}
        </Group>
      </Alert>,
    );
  else if (sub.status === 'past_due')
    banners.push(
      <Alert key="past-due" color="orange" variant="light">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">
            Nie udało się pobrać opłaty za subskrypcję.
            {sub.nextRetryAt ? ` Ponowimy próbę ${formatDate(sub.nextRetryAt)}.` : ''}
          </Text>
          {action('Sprawdź kartę', '/subskrypcja/zarzadzaj')}
        </Group>
      </Alert>,
    );
  if (atLimit)
    banners.push(
      <Alert key="limit" color="red" variant="light">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">
            Osiągnięto limit {sub.customerLimit} aktywnych klientów w planie: nowi klienci nie dostaną karty,
            dopóki nie zmienisz planu — wtedy czekające karty zostaną wydane automatycznie.
          </Text>
          {action('Zmień plan', '/subskrypcja/wybor')}
        </Group>
      </Alert>,
    );
  else if (nearLimit)
    banners.push(
      <Alert key="near" color="yellow" variant="light">
        <Text size="sm">
          Aktywni klienci: {sub.activeCustomers} z {sub.customerLimit} dostępnych w planie.
        </Text>
      </Alert>,
    );
  return banners.length ? <>{banners}</> : null;
}
