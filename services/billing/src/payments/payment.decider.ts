import type { Command, Decider } from '@punkto/platform/es/decider';
import { ConflictError } from '@punkto/platform/errors/errors';
import type { SavedCard } from './payment-provider.port';
import {
  evolve,
  initialState,
  type PaymentEvent,
  type PaymentInitiatedData,
  type PaymentState,
} from './payment';
import { AmountMismatchError, PaymentNotFoundError } from './payment.errors';

export type InitiatePayment = Command<'InitiatePayment', Omit<PaymentInitiatedData, 'initiatedAt'>>;
export type CompletePayment = Command<
  'CompletePayment',
  { providerOrderId: string; amountGrosze: number; currency: string; savedCard: SavedCard | null }
>;
export type FailPayment = Command<'FailPayment', { reason: string }>;
/** the booking of a completed payment finished (its period, invoice and e-mail): once */
export type RecordBooking = Command<'RecordBooking', { invoiceNumber: string | null }>;
export type PaymentCommand = InitiatePayment | CompletePayment | FailPayment | RecordBooking;

export function decide(command: PaymentCommand, state: PaymentState): PaymentEvent[] {
  const at = command.metadata.now.toISOString();
  switch (command.type) {
    case 'InitiatePayment':
      if (state.status !== 'none') throw new ConflictError();
      return [{ type: 'PaymentInitiated', data: { ...command.data, initiatedAt: at } }];
    case 'CompletePayment': {
      if (state.status === 'none') throw new PaymentNotFoundError();
      if (state.status === 'completed') return [];
      const { amountGrosze, currency } = command.data;
      if (amountGrosze !== state.order.amountGrosze || currency !== 'PLN')
        throw new AmountMismatchError(state.order.amountGrosze, amountGrosze, currency);
      // a COMPLETED after a CANCELED is still money received: booked
      return [
        {
          type: 'PaymentCompleted',
          data: {
            paymentId: state.order.paymentId,
            tenantId: state.order.tenantId,
            providerOrderId: command.data.providerOrderId,
            amountGrosze,
            savedCard: command.data.savedCard,
            completedAt: at,
          },
        },
      ];
    }
    case 'FailPayment':
      if (state.status === 'none') throw new PaymentNotFoundError();
      if (state.status !== 'pending') return [];
      return [
        {
          type: 'PaymentFailed',
          data: {
            paymentId: state.order.paymentId,
            tenantId: state.order.tenantId,
            reason: command.data.reason,
            failedAt: at,
          },
        },
      ];
    case 'RecordBooking':
      if (state.status !== 'completed' || state.bookedAt !== null) return [];
      return [
        {
          type: 'PaymentBooked',
          data: {
            paymentId: state.order.paymentId,
            tenantId: state.order.tenantId,
            invoiceNumber: command.data.invoiceNumber,
            bookedAt: at,
          },
        },
      ];
    default: {
      const _exhaustive: never = command;
      throw new Error(`unknown command ${String((_exhaustive as { type: string }).type)}`);
    }
  }
}

export const paymentDecider: Decider<PaymentState, PaymentCommand, PaymentEvent> = {
  decide,
  evolve,
  initialState,
};
