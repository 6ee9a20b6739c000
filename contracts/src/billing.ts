import { z } from 'zod';

/**
 * Billing (issue 17, SPEC §9): plans, the tenant's subscription, payments, payment methods, invoices.
 * Money is integer grosze, gross PLN (VAT is derived from gross by the billing service).
 */

export const PlanId = z.enum(['trial', 'basic', 'extended']);
export type PlanId = z.infer<typeof PlanId>;
export const PaidPlanId = z.enum(['basic', 'extended']);
export type PaidPlanId = z.infer<typeof PaidPlanId>;

/** SPEC §9 prices and limits; above the extended plan's limit: contact us. */
export const PLAN_CATALOGUE = {
  trial: { name: 'Okres próbny', monthlyGrossPrice: 0, yearlyGrossPrice: 0, customerLimit: 500 },
  basic: { name: 'Podstawowy', monthlyGrossPrice: 3000, yearlyGrossPrice: 28800, customerLimit: 100 },
  extended: { name: 'Rozszerzony', monthlyGrossPrice: 4000, yearlyGrossPrice: 38400, customerLimit: 500 },
} as const satisfies Record<
  PlanId,
  { name: string; monthlyGrossPrice: number; yearlyGrossPrice: number; customerLimit: number }
>;
export const TRIAL_DAYS = 14;

export const SubscriptionStatus = z.enum(['trialing', 'active', 'past_due', 'lapsed', 'cancelled']);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/** A status in which the panel accepts changes (lapsed and cancelled: read-only, customers unaffected). */
export const isWritableStatus = (status: SubscriptionStatus) =>
  status === 'trialing' || status === 'active' || status === 'past_due';

const Money = z.number().int().min(0);

export const SubscriptionPlan = z
  .object({
    id: PlanId,
    name: z.string(),
    /** gross grosze; 0 and 0 = the free trial plan */
    monthlyGrossPrice: Money,
    yearlyGrossPrice: Money,
    /** 12 × monthly − yearly */
    yearlySavingsGrosze: Money,
    customerLimit: z.number().int(),
  })
  .meta({ id: 'SubscriptionPlan' });
export type SubscriptionPlan = z.infer<typeof SubscriptionPlan>;

/**
 * How the SPA takes a card: `sandbox` (billing's hosted test checkout, no script of a third party) or `payu`
 * (PayU's secure card form: the SDK at `payu.sdkUrl`, PayU's POS id; the gateway's CSP allows that origin
 * only when billing uses PayU).
 */
export const CardFormConfig = z
  .object({
    provider: z.enum(['sandbox', 'payu']),
    payu: z.object({ sdkUrl: z.url(), posId: z.string() }).nullable(),
  })
  .meta({ id: 'CardFormConfig' });
export type CardFormConfig = z.infer<typeof CardFormConfig>;

export const SubscriptionPlanList = z.object({ plans: z.array(SubscriptionPlan), cardForm: CardFormConfig });

/** a single-use card token from PayU's secure card form (`payu.tokenize('MULTI')`) */
export const CardFormToken = z
  .string()
  .regex(/^TOK_[A-Za-z0-9]{8,64}$/, 'Nieprawidłowy token karty z formularza PayU.');

export const TenantSubscription = z
  .object({
    tenantId: z.string(),
    planId: PlanId,
    planName: z.string(),
    status: SubscriptionStatus,
    isForYear: z.boolean(),
    /** trial end or the end of the paid period */
    periodEnd: z.iso.datetime({ offset: true }),
    /** whole days left of the trial (0 when not trialing) */
    trialDaysLeft: z.number().int().min(0),
    cancelAtPeriodEnd: z.boolean(),
    /** a downgrade or cycle change that takes effect at the period's end */
    pendingChange: z.object({ planId: PaidPlanId, isForYear: z.boolean() }).nullable(),
    /** the amount the next renewal charges, null when nothing renews */
    nextChargeGrosze: Money.nullable(),
    /** when past_due: the next attempt to charge the card */
    nextRetryAt: z.iso.datetime({ offset: true }).nullable(),
    writable: z.boolean(),
    customerLimit: z.number().int(),
    activeCustomers: z.number().int().min(0),
  })
  .meta({ id: 'TenantSubscription' });
export type TenantSubscription = z.infer<typeof TenantSubscription>;

const boolFromQuery = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const ChangePlanQuery = z.object({
  tenantId: z.string().min(1),
  newSubscriptionPlanId: PaidPlanId,
  isForYear: boolFromQuery,
});
export const TenantIdQuery = z.object({ tenantId: z.string().min(1) });

export const ChangePlanResponse = z
  .object({
    /** scheduled: at the period's end; payment_required: start a payment (initiate-payment) for it now */
    outcome: z.enum(['scheduled', 'payment_required', 'unchanged']),
    /** what the payment would charge now (payment_required), else null */
    amountGrosze: Money.nullable(),
    effectiveAt: z.iso.datetime({ offset: true }).nullable(),
    subscription: TenantSubscription,
  })
  .meta({ id: 'ChangePlanResponse' });

export const InitiatePaymentRequest = z.object({
  tenantId: z.string().min(1),
  planId: PaidPlanId,
  isForYear: z.boolean(),
  /**
   * PayU: the card from PayU's secure form (`TOK_…`, MULTI); the first payment with it saves the card for
   * renewals (recurring FIRST → `TOKC_…`). Without it PayU shows its hosted page and no card is saved.
   * Refused with the sandbox provider (its own checkout takes the card).
   */
  cardToken: CardFormToken.optional(),
});
export const InitiatePaymentResponse = z
  .object({
    paymentId: z.string(),
    amountGrosze: Money,
    /** the provider's checkout page (sandbox: our own under /api/v1/payments/sandbox/…) */
    redirectUri: z.string().nullable(),
  })
  .meta({ id: 'InitiatePaymentResponse' });

export const PaymentStatus = z.enum(['pending', 'completed', 'failed']);
export const PaymentOrder = z
  .object({
    paymentId: z.string(),
    tenantId: z.string(),
    status: PaymentStatus,
    purpose: z.enum(['purchase', 'upgrade', 'renewal', 'card_verification']),
    planId: PaidPlanId.nullable(),
    isForYear: z.boolean(),
    amountGrosze: Money,
    createdAt: z.iso.datetime({ offset: true }),
    completedAt: z.iso.datetime({ offset: true }).nullable(),
    failureReason: z.string().nullable(),
    invoiceId: z.string().nullable(),
  })
  .meta({ id: 'PaymentOrder' });
export type PaymentOrder = z.infer<typeof PaymentOrder>;
export const PaymentIdParams = z.object({ id: z.string().min(1).max(100) });

export const PaymentMethod = z
  .object({
    id: z.string(),
    maskedNumber: z.string(),
    expiry: z.string(),
    brand: z.string(),
    isDefault: z.boolean(),
    addedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'PaymentMethod' });
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const PaymentMethodList = z.object({ items: z.array(PaymentMethod) });
export const TenantPaymentMethod = z.object({ paymentMethod: z.union([PaymentMethod, z.null()]) });
export const TenantIdParam = z.object({ tenantId: z.string().min(1) });
export const BillingTenantIdParams = z.object({ id: z.string().min(1) });
export const AddPaymentMethodRequest = z.object({
  tenantId: z.string().min(1),
  /**
   * PayU: the single-use `TOK_…` from the secure card form (`tokenize('MULTI')`); billing verifies the card
   * with a 0 zł order (`recurring: FIRST`) whose answer carries the reusable `TOKC_…`. Required with PayU,
   * refused with the sandbox (which takes the card on its own page).
   */
  cardToken: CardFormToken.optional(),
});
export const PaymentMethodRequest = z.object({
  tenantId: z.string().min(1),
  paymentMethodId: z.string().min(1),
});

export const InvoiceSummary = z
  .object({
    id: z.string(),
    number: z.string(),
    issueDate: z.iso.date(),
    paymentId: z.string(),
    description: z.string(),
    netGrosze: Money,
    vatGrosze: Money,
    grossGrosze: Money,
  })
  .meta({ id: 'InvoiceSummary' });
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;
export const InvoiceList = z.object({ items: z.array(InvoiceSummary) });
export const InvoiceDownloadParams = z.object({ tenantId: z.string().min(1), invoiceId: z.string().min(1) });

/**
 * How long a closed company's invoices stay readable to its former owner (ADR 0047): art. 86 § 1 Ordynacji
 * podatkowej and art. 112 ustawy o VAT — 5 years from the end of the calendar year of the invoice. The last
 * day (Europe/Warsaw calendar date) an invoice of `issueDate` (YYYY-MM-DD) is kept.
 */
export const INVOICE_RETENTION_YEARS = 5;
export const invoiceKeptUntil = (issueDate: string) =>
  `${Number(issueDate.slice(0, 4)) + INVOICE_RETENTION_YEARS}-12-31`;

/** A company its owner closed (deleted), with the invoices still kept (ADR 0047). */
export const FormerCompany = z
  .object({
    tenantId: z.string(),
    companyName: z.string(),
    nip: z.string(),
    /** when the company was closed; null for one closed before billing recorded it */
    closedAt: z.iso.datetime({ offset: true }).nullable(),
    invoices: z.array(InvoiceSummary.extend({ keptUntil: z.iso.date() })),
  })
  .meta({ id: 'FormerCompany' });
export const FormerCompanyList = z.object({ items: z.array(FormerCompany) });
export type FormerCompany = z.infer<typeof FormerCompany>;

/** Codes and Polish messages of billing's refusals. */
export const BillingErrors = {
  belowUsage: {
    code: 'SUBSCRIPTION.PLAN_BELOW_USAGE',
    message: (active: number, limit: number) =>
      `Nie można przejść na ten plan: masz ${active} aktywnych klientów, a plan pozwala na ${limit}. ` +
      'Zamknij karty nieaktywnych klientów albo wybierz większy plan.',
  },
  lapsed: {
    code: 'SUBSCRIPTION.LAPSED',
    message:
      'Subskrypcja wygasła: panel działa tylko do odczytu. Opłać plan w zakładce Subskrypcja, aby znów wprowadzać zmiany. ' +
      'Karty Twoich klientów działają bez zmian.',
  },
  notCancellable: {
    code: 'SUBSCRIPTION.NOT_CANCELLABLE',
    status: 400,
    message: 'Tylko opłaconą subskrypcję można anulować.',
  },
  notResumable: {
    code: 'SUBSCRIPTION.NOT_RESUMABLE',
    status: 400,
    message: 'Subskrypcji nie można wznowić: nie była anulowana albo okres już się skończył.',
  },
  noSubscription: {
    code: 'SUBSCRIPTION.NOT_FOUND',
    status: 404,
    message: 'Nie znaleziono subskrypcji tej firmy.',
  },
  paymentNotFound: { code: 'PAYMENT.NOT_FOUND', status: 404, message: 'Nie znaleziono płatności.' },
  paymentMethodNotFound: { code: 'PAYMENT_METHOD.NOT_FOUND', status: 404, message: 'Nie znaleziono karty.' },
  invoiceNotFound: { code: 'INVOICE.NOT_FOUND', message: 'Nie znaleziono faktury.' },
  cardRefused: {
    code: 'PAYMENT.CARD_REFUSED',
    status: 400,
    message:
      'Operator płatności nie przyjął tej karty (karta nieprawidłowa, wygasła albo już użyta). ' +
      'Sprawdź dane karty i spróbuj ponownie albo użyj innej karty.',
  },
  cardTokenUnsupported: {
    code: 'PAYMENT.CARD_TOKEN_UNSUPPORTED',
    status: 400,
    message:
      'Ten operator płatności nie przyjmuje tokenu karty — dane karty podasz na jego stronie płatności.',
  },
  cardFormRequired: {
    code: 'PAYMENT_METHOD.CARD_FORM_REQUIRED',
    status: 400,
    message: 'Podaj dane karty w formularzu PayU — karta zostanie sprawdzona bez obciążenia (0 zł).',
  },
  paymentInProgress: {
    code: 'PAYMENT.IN_PROGRESS',
    status: 409,
    message:
      'Płatność za inną zmianę planu jest w toku. Dokończ ją albo poczekaj, aż wygaśnie ' +
      '(najwyżej 30 minut), i wybierz plan ponownie — tak nie zapłacisz dwa razy.',
  },
  previousPaymentCompleted: {
    code: 'PAYMENT.PREVIOUS_COMPLETED',
    status: 409,
    message:
      'Poprzednie zamówienie zmiany planu zostało właśnie opłacone i jest księgowane, więc nie zaczynamy ' +
      'drugiej płatności. Odśwież za chwilę stronę Subskrypcja i wybierz plan ponownie, jeśli nadal chcesz go zmienić.',
  },
  providerUnavailable: {
    code: 'PAYMENT.PROVIDER_UNAVAILABLE',
    status: 503,
    message:
      'Operator płatności chwilowo nie odpowiada, więc nie zaczynamy nowej płatności i nic nie zostało pobrane. ' +
      'Spróbuj ponownie za minutę.',
  },
  noUpgradePayment: {
    code: 'PAYMENT.NOTHING_TO_PAY',
    status: 400,
    message: 'Ten plan nie wymaga teraz płatności — zmiana nastąpi z końcem bieżącego okresu.',
  },
} as const;
