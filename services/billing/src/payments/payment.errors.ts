import { BillingErrors } from '@punkto/contracts/billing';
import { AppError, domainError } from '@punkto/platform/errors/errors';

export const PaymentNotFoundError = domainError('PaymentNotFoundError', BillingErrors.paymentNotFound);
export const PaymentMethodNotFoundError = domainError(
  'PaymentMethodNotFoundError',
  BillingErrors.paymentMethodNotFound,
);

/** 400: a notification whose amount or currency is not the order's; never booked, logged. */
export class AmountMismatchError extends AppError {
  constructor(expected: number, got: number, currency: string) {
    super(
      400,
      'PAYMENT.AMOUNT_MISMATCH',
      `Kwota powiadomienia (${got} ${currency}) nie zgadza się z zamówieniem (${expected} PLN).`,
    );
  }
}

/** 400: a notification with a bad signature or body (NotificationRejected of the port), never booked. */
export class NotificationRefusedError extends AppError {
  constructor(reason: string) {
    super(400, 'PAYMENT.NOTIFICATION_REJECTED', `Powiadomienie odrzucone: ${reason}`);
  }
}

/** 409: another plan change is being paid for (one open order per company, open-orders.ts). */
export const PaymentInProgressError = domainError('PaymentInProgressError', BillingErrors.paymentInProgress);
/** 400: the provider refused the card from its card form (invalid, expired or already used token). */
export const CardRefusedError = domainError('CardRefusedError', BillingErrors.cardRefused);
/** 400: a card token sent to a provider that takes the card on its own page (the sandbox). */
export const CardTokenUnsupportedError = domainError(
  'CardTokenUnsupportedError',
  BillingErrors.cardTokenUnsupported,
);
/** 400: adding a card with PayU needs the token of its card form (the card is verified for 0 zł). */
export const CardFormRequiredError = domainError('CardFormRequiredError', BillingErrors.cardFormRequired);
/**
 * 409: the superseded order of an earlier plan change turned out paid when it was to be cancelled (ADR 0055): no
 * second checkout; its notification books it.
 */
export const PreviousPaymentCompletedError = domainError(
  'PreviousPaymentCompletedError',
  BillingErrors.previousPaymentCompleted,
);

/** 503 with Retry-After: the provider could not be asked (down, timed out), so no new order was started. */
export class ProviderUnavailableError extends AppError {
  readonly retryAfterSeconds = 60;
  constructor(cause: unknown) {
    const { code, status, message } = BillingErrors.providerUnavailable;
    super(status, code, message, { cause });
  }
}
