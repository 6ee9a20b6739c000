import { describe, expect, it } from 'vitest';
import type { PaymentRecord } from './payments';
import { afterCancel, toGiveUp } from './superseded-orders';

const record = (
  status: PaymentRecord['status'],
  providerOrderId: string | null = 'ORDER1',
): PaymentRecord => ({
  status,
  order: {
    paymentId: 'p1',
    tenantId: 't1',
    purpose: 'upgrade',
    planId: 'extended',
    isForYear: false,
    amountGrosze: 1001,
    description: 'Punkto — plan Rozszerzony, miesiąc',
    provider: 'payu',
    providerOrderId,
    initiatedAt: '2026-11-28T10:00:00.000Z',
  },
  completed: null,
  failureReason: null,
});

describe('an order given up (a superseded plan change, a closed company)', () => {
  it('given a pending order at the provider, when it is given up, then it is cancelled there first', () => {
    expect(toGiveUp(record('pending'))).toEqual({ kind: 'cancel', providerOrderId: 'ORDER1' });
  });

  it('given a payment already completed or failed, when it is given up, then nothing is cancelled', () => {
    expect(toGiveUp(record('completed'))).toEqual({ kind: 'nothing' });
    expect(toGiveUp(record('failed'))).toEqual({ kind: 'nothing' });
  });

  it('given no recorded payment (its checkout never reached the payer), when it is given up, then nothing is cancelled', () => {
    expect(toGiveUp(null)).toEqual({ kind: 'nothing' });
  });

  it('given a payment with no order at a provider (0 zł, booked at once), when it is given up, then nothing is cancelled', () => {
    expect(toGiveUp(record('pending', null))).toEqual({ kind: 'nothing' });
  });

  it('given the provider cancelled it or never had it, when it answers, then the payment fails and frees the slot', () => {
    expect(afterCancel('CANCELED')).toBe('failed');
    expect(afterCancel('NOT_FOUND')).toBe('failed');
  });

  it('given the payer paid first, when the provider answers COMPLETED, then it counts as paid (no second checkout)', () => {
    expect(afterCancel('COMPLETED')).toBe('paid');
  });
});
