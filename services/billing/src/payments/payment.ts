import type { PaidPlanId } from '@punkto/contracts/billing';
import { toStreamId } from '@punkto/contracts/events';
import type { SavedCard } from './payment-provider.port';

/**
 * The Payment aggregate (stream `payment-<paymentId>`): one order at the provider, from its start to
 * COMPLETED or CANCELED, and a completed one's booking done (PaymentBooked, ADR 0052). Pure. A payment completes once (a replayed notification records nothing) and a
 * completed payment never becomes failed (nothing paid is lost).
 */
export const toPaymentStreamId = (paymentId: string) => toStreamId('payment', paymentId);

export type PaymentPurposeKind = 'purchase' | 'upgrade' | 'renewal' | 'card_verification';

export interface PaymentInitiatedData {
  paymentId: string;
  tenantId: string;
  purpose: PaymentPurposeKind;
  planId: PaidPlanId | null;
  isForYear: boolean;
  amountGrosze: number;
  description: string;
  provider: string;
  providerOrderId: string | null;
  /** a reusable card the provider returned with the checkout (PayU: in the order's answer), saved on COMPLETED */
  checkoutSavedCard?: SavedCard | null;
  initiatedAt: string;
}
export interface PaymentCompletedData {
  paymentId: string;
  tenantId: string;
  providerOrderId: string;
  amountGrosze: number;
  savedCard: SavedCard | null;
  completedAt: string;
}
/** the completed payment's booking finished: its period, its invoice, its e-mail (ADR 0052) */
export interface PaymentBookedData {
  paymentId: string;
  tenantId: string;
  invoiceNumber: string | null;
  bookedAt: string;
}
export interface PaymentFailedData {
  paymentId: string;
  tenantId: string;
  reason: string;
  failedAt: string;
}

export type PaymentEvent =
  | { type: 'PaymentInitiated'; data: PaymentInitiatedData }
  | { type: 'PaymentCompleted'; data: PaymentCompletedData }
  | { type: 'PaymentBooked'; data: PaymentBookedData }
  | { type: 'PaymentFailed'; data: PaymentFailedData };

export type PaymentState =
  | { status: 'none' }
  | {
      status: 'pending' | 'completed' | 'failed';
      order: PaymentInitiatedData;
      completed: PaymentCompletedData | null;
      failureReason: string | null;
      /**
       * when the booking of the completed payment finished; null while a step is still to be done (the sweep
       * finishes it, ADR 0052); absent for payments completed before bookings were recorded (all booked inline)
       */
      bookedAt?: string | null;
    };

export const initialState = (): PaymentState => ({ status: 'none' });

export function evolve(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'PaymentInitiated':
      return { status: 'pending', order: event.data, completed: null, failureReason: null };
    case 'PaymentCompleted':
      if (state.status === 'none') return state;
      return { ...state, status: 'completed', completed: event.data, bookedAt: null };
    case 'PaymentBooked':
      if (state.status === 'none') return state;
      return { ...state, bookedAt: event.data.bookedAt };
    case 'PaymentFailed':
      if (state.status === 'none') return state;
      return { ...state, status: 'failed', failureReason: event.data.reason };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}
