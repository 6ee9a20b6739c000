import { deciderSpecification } from '@punkto/platform/es/decider-specification';
import { describe, expect, it } from 'vitest';
import { periodEndCheckAt, type SubscriptionEvent, type SubscriptionState } from './subscription';
import { subscriptionDecider, type BookPayment, type SubscriptionCommand } from './subscription.decider';
import { NotResumableError, SubscriptionNotFoundError } from './subscription.errors';

/** ADR 0047: closing the company (TenantDeleted) ends the subscription at once and for good. */
const spec = deciderSpecification(subscriptionDecider);
const T = 't1';
const created = '2026-03-01T10:00:00.000Z';

const cmd = <C extends SubscriptionCommand>(
  type: C['type'],
  data: Omit<C['data'], 'tenantId'>,
  now: string,
) => ({ type, data: { tenantId: T, ...data }, metadata: { now: new Date(now) } }) as C;
const startTrial = cmd('StartTrial', { createdAt: created, trialDays: 14 }, created);
const pay = (paymentId: string, now: string): BookPayment =>
  cmd<BookPayment>(
    'BookPayment',
    { paymentId, purpose: 'purchase', planId: 'basic', isForYear: false, amountGrosze: 3000 },
    now,
  );
const close = (now: string) => cmd('CloseCompany', {}, now);

function history(...commands: SubscriptionCommand[]): SubscriptionEvent[] {
  const events: SubscriptionEvent[] = [];
  for (const command of commands) events.push(...subscriptionDecider.decide(command, stateOf(events)));
  return events;
}
const stateOf = (events: SubscriptionEvent[]): SubscriptionState =>
  events.reduce(subscriptionDecider.evolve, subscriptionDecider.initialState());

const closedEntitlement = (planId: 'trial' | 'basic', periodEnd: string) => ({
  status: 'cancelled' as const,
  planId,
  customerLimit: planId === 'trial' ? 500 : 100,
  writable: false,
  periodEnd,
});

describe('when the company is closed during a paid period (basic monthly, paid 20 March after the trial → 20 Mar – 20 Apr)', () => {
  const paid = history(startTrial, pay('p1', '2026-03-20T00:00:00.000Z'));
  const periodEnd = '2026-04-20T00:00:00.000Z';

  it('CloseCompany cancels the subscription at once, with the reason company_closed', () =>
    spec
      .given(paid)
      .when(close('2026-03-25T12:00:00.000Z'))
      .then([
        {
          type: 'SubscriptionCancelled',
          data: {
            tenantId: T,
            at: '2026-03-25T12:00:00.000Z',
            reason: 'company_closed',
            entitlement: closedEntitlement('basic', periodEnd),
          },
        },
      ]));

  const closed = history(
    startTrial,
    pay('p1', '2026-03-20T00:00:00.000Z'),
    close('2026-03-25T12:00:00.000Z'),
  );

  it('leaves nothing to schedule: no period-end job, so no renewal', () => {
    const state = stateOf(closed);
    expect(state).toMatchObject({ status: 'cancelled', companyClosed: true });
    expect(periodEndCheckAt(state as Exclude<SubscriptionState, { status: 'none' }>)).toBeNull();
  });

  it('a redelivered TenantDeleted (CloseCompany again) changes nothing', () =>
    spec.given(closed).when(close('2026-03-25T12:05:00.000Z')).thenNothingHappens());

  it('the period end afterwards renews nothing and records no failure', () => {
    spec
      .given(closed)
      .when(cmd('EndPeriod', {}, '2026-04-20T00:00:00.000Z'))
      .thenNothingHappens();
    spec
      .given(closed)
      .when(cmd('RecordRenewalFailure', { reason: 'declined' }, '2026-04-20T00:00:00.000Z'))
      .thenNothingHappens();
  });

  it('a payment booked afterwards buys no period: the company is closed', () =>
    spec.given(closed).when(pay('p2', '2026-04-01T00:00:00.000Z')).thenNothingHappens());

  it('the owner’s commands are refused: change of plan, cancellation, resumption', () => {
    spec
      .given(closed)
      .when(
        cmd(
          'ChangePlan',
          { planId: 'extended', isForYear: false, activeCustomers: 0 },
          '2026-04-01T00:00:00.000Z',
        ),
      )
      .thenThrows(SubscriptionNotFoundError);
    spec
      .given(closed)
      .when(cmd('CancelSubscription', {}, '2026-04-01T00:00:00.000Z'))
      .thenThrows(SubscriptionNotFoundError);
    spec
      .given(closed)
      .when(cmd('ResumeSubscription', {}, '2026-04-01T00:00:00.000Z'))
      .thenThrows(NotResumableError);
  });
});

describe('when the company is closed in its trial', () => {
  it('the trial ends at once (reason company_closed) and its expiry later does nothing', () => {
    const [event] = subscriptionDecider.decide(
      close('2026-03-05T00:00:00.000Z'),
      stateOf(history(startTrial)),
    );
    expect(event).toMatchObject({
      type: 'SubscriptionCancelled',
      data: { reason: 'company_closed', entitlement: { status: 'cancelled', writable: false } },
    });
    spec
      .given([...history(startTrial), event!])
      .when(cmd('ExpireTrial', {}, '2026-03-16T00:00:00.000Z'))
      .thenNothingHappens();
  });
});

describe('when the company is closed after its subscription lapsed', () => {
  it('the closure is still recorded, so no later payment revives it', () => {
    const lapsed = history(startTrial, cmd('ExpireTrial', {}, '2026-03-16T00:00:00.000Z'));
    const closed = [
      ...lapsed,
      ...subscriptionDecider.decide(close('2026-03-20T00:00:00.000Z'), stateOf(lapsed)),
    ];
    expect(closed.at(-1)).toMatchObject({
      type: 'SubscriptionCancelled',
      data: { reason: 'company_closed' },
    });
    spec.given(closed).when(pay('p1', '2026-03-21T00:00:00.000Z')).thenNothingHappens();
  });
});

describe('when the company never had a subscription', () => {
  it('CloseCompany has nothing to cancel', () => spec.given([]).when(close(created)).thenNothingHappens());
});
