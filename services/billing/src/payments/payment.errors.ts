import { BillingErrors } from '@punkto/contracts/billing';
import { AppError, NotFoundError } from '@punkto/platform/errors/errors';

export class PaymentNotFoundError extends NotFoundError {
  constructor() {
    super(BillingErrors.paymentNotFound.message, BillingErrors.paymentNotFound.code);
  }
}

export class PaymentMethodNotFoundError extends NotFoundError {
  constructor() {
    super(BillingErrors.paymentMethodNotFound.message, BillingErrors.paymentMethodNotFound.code);
  }
}

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

/** 400: the provider refused the card from its card form (invalid, expired or already used token). */
export class CardRefusedError extends AppError {
  constructor() {
    super(400, BillingErrors.cardRefused.code, BillingErrors.cardRefused.message);
  }
}

/** 400: a card token sent to a provider that takes the card on its own page (the sandbox). */
export class CardTokenUnsupportedError extends AppError {
  constructor() {
    super(400, BillingErrors.cardTokenUnsupported.code, BillingErrors.cardTokenUnsupported.message);
  }
}

/** 400: adding a card with PayU needs the token of its card form (the card is verified for 0 zł). */
export class CardFormRequiredError extends AppError {
  constructor() {
    super(400, BillingErrors.cardFormRequired.code, BillingErrors.cardFormRequired.message);
  }
}
