import { SubscriptionEntitlementCarrier } from '@punkto/contracts/integration-events';
import { deciderSpecification } from '@punkto/platform/es/decider-specification';
import { describe, expect, it } from 'vitest';
import { priceOf } from '../plans/plans';
import { daysLeft, upgradeAmount } from './billing-periods';
import {
  periodEndCheckAt,
  periodEndIsDue,
  type Subscription,
  type SubscriptionEvent,
  type SubscriptionState,
} from './subscription';
import {
  planChangeOutcome,
  subscriptionDecider,
  type BookPayment,
  type SubscriptionCommand,
} from './subscription.decider';
import {
  NotCancellableError,
  NotResumableError,
  PlanBelowUsageError,
  SubscriptionNotFoundError,
} from './subscription.errors';

const spec = deciderSpecification(subscriptionDecider);
const T = 't1';
const created = '2026-03-01T10:00:00.000Z';
const at = (iso: string) => ({ now: new Date(iso) });

/** a controlled clock: each command carries its instant */
const cmd = <C extends SubscriptionCommand>(
  type: C['type'],
  data: Omit<C['data'], 'tenantId'>,
  now: string,
) => ({ type, data: { tenantId: T, ...data }, metadata: at(now) }) as C;

const startTrial = cmd('StartTrial', { createdAt: created, trialDays: 14 }, created);
const pay = (paymentId: string, now: string, overrides: Partial<BookPayment['data']> = {}): BookPayment =>
  cmd<BookPayment>(
    'BookPayment',
    { paymentId, purpose: 'purchase', planId: 'basic', isForYear: false, amountGrosze: 3000, ...overrides },
    now,
  );

/** the history a sequence of commands produces (given-building through the decider itself) */
function history(...commands: SubscriptionCommand[]): SubscriptionEvent[] {
  const events: SubscriptionEvent[] = [];
  for (const command of commands) {
    const state = events.reduce(subscriptionDecider.evolve, subscriptionDecider.initialState());
    events.push(...subscriptionDecider.decide(command, state));
  }
  return events;
}
const stateOf = (events: SubscriptionEvent[]): SubscriptionState =>
  events.reduce(subscriptionDecider.evolve, subscriptionDecider.initialState());
const decideOn = (events: SubscriptionEvent[], command: SubscriptionCommand) =>
  subscriptionDecider.decide(command, stateOf(events));

describe('when the tenant has no subscription yet', () => {
  it('StartTrial records a 14-day trial on the trial plan (limit 500, writable)', () =>
    spec
      .given([])
      .when(startTrial)
      .then([
        {
          type: 'TrialStarted',
          data: {
            tenantId: T,
            at: created,
            trialEndsAt: '2026-03-15T10:00:00.000Z',
            entitlement: {
              status: 'trialing',
              planId: 'trial',
              customerLimit: 500,
              writable: true,
              periodEnd: '2026-03-15T10:00:00.000Z',
            },
          },
        },
      ]));

  it('a company that existed before billing gets its 14 days from when billing learns of it', () => {
    const [event] = subscriptionDecider.decide(
      cmd('StartTrial', { createdAt: '2025-01-10T10:00:00.000Z', trialDays: 14 }, created),
      subscriptionDecider.initialState(),
    );
    expect(event).toMatchObject({ type: 'TrialStarted', data: { trialEndsAt: '2026-03-15T10:00:00.000Z' } });
  });

  it('a plan change has nothing to change (404)', () =>
    spec
      .given([])
      .when(cmd('ChangePlan', { planId: 'basic', isForYear: false, activeCustomers: 0 }, created))
      .thenThrows(SubscriptionNotFoundError));

  it('every event carries the entitlement in the published shape', () => {
    for (const event of history(startTrial, pay('p1', '2026-03-05T10:00:00.000Z')))
      expect(SubscriptionEntitlementCarrier.parse(event.data)).toBeTruthy();
  });
});

describe('when the tenant is on the trial', () => {
  const trial = history(startTrial);

  it('a second StartTrial (a redelivered TenantCreated) changes nothing', () =>
    spec.given(trial).when(startTrial).thenNothingHappens());

  it('the trial does not expire before its 14th day', () =>
    spec
      .given(trial)
      .when(cmd('ExpireTrial', {}, '2026-03-15T09:59:59.000Z'))
      .thenNothingHappens());

  it('the trial expires after 14 days: lapsed and read-only, the limit kept', () => {
    const [event] = decideOn(trial, cmd('ExpireTrial', {}, '2026-03-15T10:00:00.000Z'));
    expect(event).toMatchObject({
      type: 'SubscriptionLapsed',
      data: { reason: 'trial_ended', entitlement: { status: 'lapsed', writable: false, customerLimit: 500 } },
    });
  });

  it('shows the days left, rounded up', () => {
    expect(daysLeft('2026-03-15T10:00:00.000Z', new Date('2026-03-12T11:00:00.000Z'))).toBe(3);
    expect(daysLeft('2026-03-15T10:00:00.000Z', new Date('2026-03-16T11:00:00.000Z'))).toBe(0);
  });

  it('paying activates the plan at once and keeps the unused trial days', () => {
    const [event] = decideOn(
      trial,
      pay('p1', '2026-03-05T10:00:00.000Z', { planId: 'extended', isForYear: true }),
    );
    expect(event).toMatchObject({
      type: 'SubscriptionActivated',
      data: {
        planId: 'extended',
        isForYear: true,
        // the paid period starts when the trial ends (issue 32): the next payment stays a year after it
        periodStart: '2026-03-15T10:00:00.000Z',
        periodEnd: '2027-03-15T10:00:00.000Z',
        entitlement: { status: 'active', customerLimit: 500, writable: true },
      },
    });
  });

  describe('given a plan bought in the trial (basic monthly, paid 5 March, trial until 15 March)', () => {
    const bought = history(startTrial, pay('p1', '2026-03-05T10:00:00.000Z'));
    const upgradeAt = '2026-03-10T10:00:00.000Z';

    it('when upgraded before the trial ends, then the upgrade costs only the difference of the prices', () =>
      expect(
        planChangeOutcome(stateOf(bought), { planId: 'extended', isForYear: false }, new Date(upgradeAt)),
      ).toEqual({ kind: 'payment_required', purpose: 'upgrade', amountGrosze: 4000 - 3000 }));

    it('when the upgrade is paid, then the trial is kept: the paid period still starts and renews at its end', () =>
      spec
        .given(bought)
        .when(pay('p2', upgradeAt, { purpose: 'upgrade', planId: 'extended', amountGrosze: 1000 }))
        .then([
          expect.objectContaining({
            type: 'SubscriptionUpgraded',
            data: expect.objectContaining({
              planId: 'extended',
              periodStart: '2026-03-15T10:00:00.000Z',
              periodEnd: '2026-04-15T10:00:00.000Z',
            }),
          }),
        ]));
  });

  it('choosing a plan needs a payment of the full price', () =>
    expect(
      planChangeOutcome(stateOf(trial), { planId: 'basic', isForYear: true }, new Date(created)),
    ).toEqual({
      kind: 'payment_required',
      purpose: 'purchase',
      amountGrosze: 28800,
    }));

  it('cannot be cancelled (nothing is paid)', () =>
    spec
      .given(trial)
      .when(cmd('CancelSubscription', {}, created))
      .thenThrows(NotCancellableError));
});

describe('when the subscription is active (basic, monthly, 1 Apr – 1 May)', () => {
  const active = history(
    startTrial,
    cmd('ExpireTrial', {}, '2026-03-15T10:00:00.000Z'),
    pay('p1', '2026-04-01T00:00:00.000Z'),
  );

  it('the payment started a one-month period on the basic plan (limit 100)', () =>
    expect(stateOf(active)).toMatchObject({
      status: 'active',
      planId: 'basic',
      periodStart: '2026-04-01T00:00:00.000Z',
      periodEnd: '2026-05-01T00:00:00.000Z',
    }));

  it('the same payment booked again (a replayed notification) changes nothing', () =>
    spec.given(active).when(pay('p1', '2026-04-02T00:00:00.000Z')).thenNothingHappens());

  it('a renewal payment extends the period from its end', () => {
    const [event] = decideOn(active, pay('p2', '2026-05-01T00:00:01.000Z', { purpose: 'renewal' }));
    expect(event).toMatchObject({
      type: 'SubscriptionRenewed',
      data: { periodStart: '2026-05-01T00:00:00.000Z', periodEnd: '2026-06-01T00:00:00.000Z' },
    });
  });

  it('an upgrade costs the new price minus the unused part of the current period', () => {
    // half of April left: 30 zł × 15/30 = 15 zł credit; extended monthly 40 zł → 25 zł
    const now = new Date('2026-04-16T00:00:00.000Z');
    expect(planChangeOutcome(stateOf(active), { planId: 'extended', isForYear: false }, now)).toEqual({
      kind: 'payment_required',
      purpose: 'upgrade',
      amountGrosze: 2500,
    });
    expect(upgradeAmount(stateOf(active) as never, { planId: 'extended', isForYear: true }, now)).toBe(
      38400 - 1500,
    );
    // ChangePlan itself records nothing: the upgrade happens when its payment is booked
    spec
      .given(active)
      .when(
        cmd('ChangePlan', { planId: 'extended', isForYear: false, activeCustomers: 80 }, now.toISOString()),
      )
      .thenNothingHappens();
    const [event] = decideOn(
      active,
      pay('p2', now.toISOString(), { purpose: 'upgrade', planId: 'extended', amountGrosze: 2500 }),
    );
    expect(event).toMatchObject({
      type: 'SubscriptionUpgraded',
      data: {
        planId: 'extended',
        periodStart: now.toISOString(),
        periodEnd: '2026-05-16T00:00:00.000Z',
        entitlement: { customerLimit: 500 },
      },
    });
  });

  it('a change of cycle is scheduled for the end of the period', () => {
    const [event] = decideOn(
      active,
      cmd(
        'ChangePlan',
        { planId: 'basic', isForYear: true, activeCustomers: 10 },
        '2026-04-10T00:00:00.000Z',
      ),
    );
    expect(event).toMatchObject({
      type: 'PlanChangeScheduled',
      data: { planId: 'basic', isForYear: true, effectiveAt: '2026-05-01T00:00:00.000Z' },
    });
  });

  it('choosing the current plan again withdraws a scheduled change', () => {
    const scheduled = [
      ...active,
      ...decideOn(
        active,
        cmd(
          'ChangePlan',
          { planId: 'basic', isForYear: true, activeCustomers: 1 },
          '2026-04-10T00:00:00.000Z',
        ),
      ),
    ];
    const [event] = decideOn(
      scheduled,
      cmd(
        'ChangePlan',
        { planId: 'basic', isForYear: false, activeCustomers: 1 },
        '2026-04-11T00:00:00.000Z',
      ),
    );
    expect(event).toMatchObject({ type: 'PlanChangeWithdrawn' });
    expect(stateOf([...scheduled, event!])).toMatchObject({ pendingChange: null });
  });

  it('cancel takes effect at the end of the period; resume before then withdraws it', () => {
    const cancelled = [
      ...active,
      ...decideOn(active, cmd('CancelSubscription', {}, '2026-04-20T00:00:00.000Z')),
    ];
    expect(cancelled.at(-1)).toMatchObject({
      type: 'CancellationScheduled',
      data: { effectiveAt: '2026-05-01T00:00:00.000Z', entitlement: { status: 'active', writable: true } },
    });
    spec
      .given(cancelled)
      .when(cmd('CancelSubscription', {}, '2026-04-21T00:00:00.000Z'))
      .thenNothingHappens();
    spec
      .given(cancelled)
      .when(cmd('EndPeriod', {}, '2026-04-30T23:59:59.000Z'))
      .thenNothingHappens();
    expect(decideOn(cancelled, cmd('ResumeSubscription', {}, '2026-04-25T00:00:00.000Z'))).toMatchObject([
      { type: 'CancellationWithdrawn' },
    ]);
    const [end] = decideOn(cancelled, cmd('EndPeriod', {}, '2026-05-01T00:00:00.000Z'));
    expect(end).toMatchObject({
      type: 'SubscriptionCancelled',
      data: { entitlement: { status: 'cancelled', writable: false } },
    });
    spec
      .given([...cancelled, end!])
      .when(cmd('ResumeSubscription', {}, '2026-05-02T00:00:00.000Z'))
      .thenThrows(NotResumableError);
  });

  it('resume without a cancellation is refused', () =>
    spec
      .given(active)
      .when(cmd('ResumeSubscription', {}, '2026-04-20T00:00:00.000Z'))
      .thenThrows(NotResumableError));

  it('EndPeriod without a cancellation records nothing (the renewal charge follows)', () =>
    spec
      .given(active)
      .when(cmd('EndPeriod', {}, '2026-05-01T00:00:00.000Z'))
      .thenNothingHappens());
});

describe('when the subscription is extended and the tenant has 150 active customers', () => {
  const extended = history(
    startTrial,
    pay('p1', '2026-03-05T00:00:00.000Z', { planId: 'extended', amountGrosze: 4000 }),
  );

  it('a downgrade to basic (limit 100) is refused with the Polish message', () =>
    spec
      .given(extended)
      .when(
        cmd(
          'ChangePlan',
          { planId: 'basic', isForYear: false, activeCustomers: 150 },
          '2026-03-10T00:00:00.000Z',
        ),
      )
      .thenThrows(PlanBelowUsageError, (e) => {
        expect(e.code).toBe('SUBSCRIPTION.PLAN_BELOW_USAGE');
        expect(e.localizedMessage).toContain('masz 150 aktywnych klientów, a plan pozwala na 100');
      }));

  it('with 100 active customers the downgrade is scheduled for the period end', () => {
    const [event] = decideOn(
      extended,
      cmd(
        'ChangePlan',
        { planId: 'basic', isForYear: false, activeCustomers: 100 },
        '2026-03-10T00:00:00.000Z',
      ),
    );
    expect(event).toMatchObject({
      type: 'PlanChangeScheduled',
      data: {
        planId: 'basic',
        effectiveAt:
          stateOf(extended).status !== 'none' ? (stateOf(extended) as { periodEnd: string }).periodEnd : '',
      },
    });
    // the limit stays 500 until the period ends
    expect(event!.data.entitlement.customerLimit).toBe(500);
  });
});

describe('when the renewal charge fails (dunning)', () => {
  const active = history(startTrial, pay('p1', '2026-03-15T10:00:00.000Z'));
  const end = '2026-04-15T10:00:00.000Z';
  const fail = (now: string) => cmd('RecordRenewalFailure', { reason: 'card_declined' }, now);

  it('past_due after the first failure, still writable, retries after 1, 3 and 7 days, then lapses', () => {
    let events = [...active];
    const expected = ['2026-04-16T10:00:00.000Z', '2026-04-18T10:00:00.000Z', '2026-04-22T10:00:00.000Z'];
    const instants = [end, ...expected];
    for (let i = 0; i < 3; i++) {
      const decided = decideOn(events, fail(instants[i]!));
      expect(decided).toMatchObject([
        {
          type: 'RenewalFailed',
          data: {
            attempt: i + 1,
            nextRetryAt: expected[i],
            entitlement: { status: 'past_due', writable: true },
          },
        },
      ]);
      events = [...events, ...decided];
    }
    const last = decideOn(events, fail(instants[3]!));
    expect(last).toMatchObject([
      { type: 'RenewalFailed', data: { attempt: 4, nextRetryAt: null } },
      {
        type: 'SubscriptionLapsed',
        data: { reason: 'payment_failed', entitlement: { status: 'lapsed', writable: false } },
      },
    ]);
  });

  it('a failure reported before the period ends records nothing', () =>
    spec.given(active).when(fail('2026-04-15T09:00:00.000Z')).thenNothingHappens());

  it('a successful retry renews from the old period end and clears the dunning', () => {
    const pastDue = [...active, ...decideOn(active, fail(end))];
    const [renewed] = decideOn(pastDue, pay('p2', '2026-04-16T10:00:00.000Z', { purpose: 'renewal' }));
    expect(renewed).toMatchObject({
      type: 'SubscriptionRenewed',
      data: { periodStart: end, periodEnd: '2026-05-15T10:00:00.000Z', entitlement: { status: 'active' } },
    });
    expect(stateOf([...pastDue, renewed!])).toMatchObject({ failedAttempts: 0, nextRetryAt: null });
  });
});

describe('when the subscription lapsed', () => {
  const lapsed = history(startTrial, cmd('ExpireTrial', {}, '2026-03-20T00:00:00.000Z'));

  it('paying again restores everything: active, writable, a new period from now', () => {
    const [event] = decideOn(lapsed, pay('p9', '2026-06-01T00:00:00.000Z'));
    expect(event).toMatchObject({
      type: 'SubscriptionActivated',
      data: {
        periodStart: '2026-06-01T00:00:00.000Z',
        periodEnd: '2026-07-01T00:00:00.000Z',
        entitlement: { status: 'active', writable: true, customerLimit: 100 },
      },
    });
  });

  it('an upgrade payment that arrives after the lapse still buys a period (nothing paid is lost)', () => {
    const [event] = decideOn(
      lapsed,
      pay('p8', '2026-06-01T00:00:00.000Z', { purpose: 'upgrade', planId: 'extended' }),
    );
    expect(event).toMatchObject({ type: 'SubscriptionActivated', data: { planId: 'extended' } });
  });
});

describe('plan prices', () => {
  it.each([
    ['basic', false, 3000, 2439, 561],
    ['basic', true, 28800, 23415, 5385],
    ['extended', false, 4000, 3252, 748],
    ['extended', true, 38400, 31220, 7180],
  ] as const)(
    '%s (yearly: %s) is %i grosze gross = net %i + VAT %i exactly',
    (planId, year, gross, net, vat) => {
      expect(priceOf(planId, year)).toEqual({ grossGrosze: gross, netGrosze: net, vatGrosze: vat });
      expect(net + vat).toBe(gross);
    },
  );
});

describe('when the period-end job must run (the rule the sweep re-creates lost jobs with)', () => {
  const live = (events: SubscriptionEvent[]) => stateOf(events) as Subscription;
  const trial = history(startTrial);
  const paid = history(startTrial, pay('p1', '2026-03-05T10:00:00.000Z'));
  const fail = (now: string) => cmd('RecordRenewalFailure', { reason: 'card_declined' }, now);

  it('a trial: at its end; due from then on', () => {
    expect(periodEndCheckAt(live(trial))).toBe('2026-03-15T10:00:00.000Z');
    expect(periodEndIsDue(live(trial), new Date('2026-03-15T09:59:59.000Z'))).toBe(false);
    expect(periodEndIsDue(live(trial), new Date('2026-03-15T10:00:00.000Z'))).toBe(true);
  });

  it('a paid period: at the period’s end (the renewal)', () => {
    expect(periodEndCheckAt(live(paid))).toBe('2026-04-15T10:00:00.000Z');
  });

  it('past due: at the next dunning retry, not at the ended period', () => {
    const pastDue = [...paid, ...decideOn(paid, fail('2026-04-15T10:00:00.000Z'))];
    expect(live(pastDue).status).toBe('past_due');
    expect(periodEndCheckAt(live(pastDue))).toBe('2026-04-16T10:00:00.000Z');
    expect(periodEndIsDue(live(pastDue), new Date('2026-04-15T12:00:00.000Z'))).toBe(false);
  });

  it('lapsed or cancelled: nothing to run', () => {
    const lapsedTrial = [...trial, ...decideOn(trial, cmd('ExpireTrial', {}, '2026-03-15T10:00:00.000Z'))];
    expect(periodEndCheckAt(live(lapsedTrial))).toBeNull();
    expect(periodEndIsDue(live(lapsedTrial), new Date('2030-01-01T00:00:00.000Z'))).toBe(false);
    const cancelling = [
      ...paid,
      ...decideOn(paid, cmd('CancelSubscription', {}, '2026-03-20T10:00:00.000Z')),
    ];
    const cancelled = [
      ...cancelling,
      ...decideOn(cancelling, cmd('EndPeriod', {}, '2026-04-15T10:00:00.000Z')),
    ];
    expect(live(cancelled).status).toBe('cancelled');
    expect(periodEndCheckAt(live(cancelled))).toBeNull();
  });
});

describe('when the renewal is past due (paying it now with another card)', () => {
  const active = history(startTrial, pay('p1', '2026-03-15T10:00:00.000Z'));
  const failed = [
    ...active,
    ...decideOn(active, cmd('RecordRenewalFailure', { reason: 'card_declined' }, '2026-04-15T10:00:00.000Z')),
  ];
  const now = new Date('2026-04-15T12:00:00.000Z');

  it('the plan being renewed costs its full price now', () => {
    expect(planChangeOutcome(stateOf(failed), { planId: 'basic', isForYear: false }, now)).toEqual({
      kind: 'payment_required',
      purpose: 'renewal',
      amountGrosze: 3000,
    });
  });

  it('paid: the period after the ended one, active again, the dunning over', () => {
    const [event] = decideOn(failed, pay('p2', '2026-04-15T12:00:00.000Z', { purpose: 'renewal' }));
    expect(event).toMatchObject({
      type: 'SubscriptionRenewed',
      data: {
        periodStart: '2026-04-15T10:00:00.000Z',
        periodEnd: '2026-05-15T10:00:00.000Z',
        entitlement: { status: 'active', writable: true },
      },
    });
    const after = stateOf([...failed, event!]) as Subscription;
    expect(after).toMatchObject({ status: 'active', failedAttempts: 0, nextRetryAt: null });
  });

  it('with a downgrade scheduled, the renewal due is the new plan’s; the old plan is an upgrade', () => {
    const extended = history(
      startTrial,
      pay('p1', '2026-03-15T10:00:00.000Z', { planId: 'extended', amountGrosze: 4000 }),
      cmd(
        'ChangePlan',
        { planId: 'basic', isForYear: false, activeCustomers: 3 },
        '2026-03-20T10:00:00.000Z',
      ),
    );
    const due = [
      ...extended,
      ...decideOn(
        extended,
        cmd('RecordRenewalFailure', { reason: 'card_declined' }, '2026-04-15T10:00:00.000Z'),
      ),
    ];
    expect(planChangeOutcome(stateOf(due), { planId: 'basic', isForYear: false }, now)).toMatchObject({
      purpose: 'renewal',
      amountGrosze: 3000,
    });
    expect(planChangeOutcome(stateOf(due), { planId: 'extended', isForYear: false }, now)).toEqual({
      kind: 'unchanged',
    });
  });
});
