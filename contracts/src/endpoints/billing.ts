import {
  AddPaymentMethodRequest,
  BillingErrors,
  BillingTenantIdParams,
  ChangePlanQuery,
  ChangePlanResponse,
  FormerCompanyList,
  InitiatePaymentRequest,
  InitiatePaymentResponse,
  InvoiceDownloadParams,
  InvoiceList,
  PaymentIdParams,
  PaymentMethodList,
  PaymentMethodRequest,
  PaymentOrder,
  SubscriptionPlanList,
  TenantIdParam,
  TenantIdQuery,
  TenantPaymentMethod,
  TenantSubscription,
} from '../billing';
import { defineEndpoint } from '../endpoint';
import { inTenant } from './tenant-scope';

/** Billing's endpoints for staff with `billing.manage`; `tenant` says where the request names the tenant. */
const billingManage = { owner: 'billing', tags: ['billing'], auth: 'billing.manage' } as const;
/** A change to the tenant's subscription, the tenant named by `?tenantId`. */
const manageSubscription = { ...billingManage, tenant: { query: 'tenantId' } } as const;
/** The tenant named by the body's `tenantId`. */
const manageInBody = { ...billingManage, tenant: { body: 'tenantId' } } as const;
/** The tenant named by the path's `{tenantId}`. */
const manageInPath = { ...billingManage, tenant: { path: 'tenantId' } } as const;

/** The answer of every endpoint that needs the tenant's subscription when it has none. */
const noSubscription = { status: 404, codes: [BillingErrors.noSubscription.code] } as const;

/** Billing (issue 17): plans, the tenant's subscription, payments, saved cards, invoices. */

export const listAvailableSubscriptions = defineEndpoint({
  method: 'get',
  path: '/api/v1/subscriptions/list-available-subscriptions',
  owner: 'billing',
  summary:
    'Plany subskrypcji z cenami brutto (grosze) i limitami klientów — publiczne (cennik na stronie głównej)',
  tags: ['billing'],
  auth: 'public',
  response: SubscriptionPlanList,
});

export const getTenantSubscription = defineEndpoint({
  ...inTenant('billing'),
  method: 'get',
  path: '/api/v1/tenants/{id}/tenant-subscription',
  summary: 'Subskrypcja firmy: plan, status, koniec okresu, dni próbne, limit i liczba aktywnych klientów',
  tags: ['billing'],
  auth: 'authenticated',
  params: BillingTenantIdParams,
  response: TenantSubscription,
  errors: [noSubscription],
});

export const changePlan = defineEndpoint({
  ...manageSubscription,
  method: 'post',
  path: '/api/v1/subscriptions/change-plan',
  summary:
    'Zmiana planu: większy plan od razu (płatność proporcjonalna), mniejszy plan lub zmiana cyklu z końcem okresu',
  query: ChangePlanQuery,
  response: ChangePlanResponse,
  errors: [{ status: 400, codes: [BillingErrors.belowUsage.code] }, noSubscription],
});

export const cancelSubscription = defineEndpoint({
  ...manageSubscription,
  method: 'post',
  path: '/api/v1/subscriptions/cancel',
  summary: 'Anulowanie subskrypcji z końcem opłaconego okresu',
  query: TenantIdQuery,
  response: TenantSubscription,
  errors: [{ status: 400, codes: [BillingErrors.notCancellable.code] }, noSubscription],
});

export const resumeSubscription = defineEndpoint({
  ...manageSubscription,
  method: 'post',
  path: '/api/v1/subscriptions/resume',
  summary: 'Wznowienie anulowanej subskrypcji przed końcem opłaconego okresu',
  query: TenantIdQuery,
  response: TenantSubscription,
  errors: [{ status: 400, codes: [BillingErrors.notResumable.code] }, noSubscription],
});

export const initiatePayment = defineEndpoint({
  ...manageInBody,
  method: 'post',
  path: '/api/v1/payments/initiate-payment',
  summary:
    'Rozpoczęcie płatności za plan: kwota z cennika (lub proporcjonalna dopłata), przekierowanie do operatora',
  body: InitiatePaymentRequest,
  response: InitiatePaymentResponse,
  successStatus: 201,
  errors: [
    {
      status: 400,
      codes: [
        BillingErrors.noUpgradePayment.code,
        BillingErrors.belowUsage.code,
        BillingErrors.cardTokenUnsupported.code,
        BillingErrors.cardRefused.code,
      ],
    },
    {
      status: 409,
      codes: [BillingErrors.paymentInProgress.code, BillingErrors.previousPaymentCompleted.code],
    },
    noSubscription,
  ],
});

export const getPaymentOrder = defineEndpoint({
  method: 'get',
  path: '/api/v1/payments/{id}/get-order',
  owner: 'billing',
  summary: 'Stan płatności (oczekuje, opłacona, nieudana) — strona po powrocie od operatora',
  tags: ['billing'],
  auth: 'billing.manage',
  tenant: 'caller',
  params: PaymentIdParams,
  response: PaymentOrder,
  errors: [{ status: 404, codes: [BillingErrors.paymentNotFound.code] }],
});

export const listPaymentMethods = defineEndpoint({
  ...manageInPath,
  method: 'get',
  path: '/api/v1/payment-methods/{tenantId}',
  summary: 'Zapisane karty firmy (numer zamaskowany)',
  params: TenantIdParam,
  response: PaymentMethodList,
});

export const addPaymentMethod = defineEndpoint({
  ...manageInBody,
  method: 'post',
  path: '/api/v1/payment-methods/add',
  summary:
    'Dodanie karty: weryfikacja karty u operatora bez obciążenia (0 zł; PayU: token z formularza karty), potem 3-D Secure',
  body: AddPaymentMethodRequest,
  response: InitiatePaymentResponse,
  successStatus: 201,
  errors: [
    {
      status: 400,
      codes: [
        BillingErrors.cardFormRequired.code,
        BillingErrors.cardRefused.code,
        BillingErrors.cardTokenUnsupported.code,
      ],
    },
  ],
});

export const removePaymentMethod = defineEndpoint({
  ...manageInBody,
  method: 'delete',
  path: '/api/v1/payment-methods/remove',
  summary: 'Usunięcie zapisanej karty',
  body: PaymentMethodRequest,
  response: PaymentMethodList,
  errors: [{ status: 404, codes: [BillingErrors.paymentMethodNotFound.code] }],
});

export const setDefaultPaymentMethod = defineEndpoint({
  ...manageInBody,
  method: 'patch',
  path: '/api/v1/payment-methods/set-default',
  summary: 'Wybór karty domyślnej do odnowień',
  body: PaymentMethodRequest,
  response: PaymentMethodList,
  errors: [{ status: 404, codes: [BillingErrors.paymentMethodNotFound.code] }],
});

export const getTenantPaymentMethod = defineEndpoint({
  ...inTenant('billing'),
  method: 'get',
  path: '/api/v1/tenants/{id}/tenant-payment-method',
  summary: 'Domyślna karta firmy (do odnowień) albo brak',
  tags: ['billing'],
  auth: 'billing.manage',
  params: BillingTenantIdParams,
  response: TenantPaymentMethod,
});

export const listInvoices = defineEndpoint({
  ...manageInPath,
  method: 'get',
  path: '/api/v1/invoices/all/{tenantId}',
  summary: 'Faktury VAT firmy za subskrypcję, od najnowszej',
  params: TenantIdParam,
  response: InvoiceList,
});

export const downloadInvoicePdf = defineEndpoint({
  ...manageInPath,
  method: 'get',
  path: '/api/v1/invoices/{tenantId}/{invoiceId}/pdf',
  summary: 'Faktura VAT w PDF',
  params: InvoiceDownloadParams,
  produces: 'application/pdf',
  errors: [{ status: 404, codes: [BillingErrors.invoiceNotFound.code] }],
});

export const downloadInvoiceXml = defineEndpoint({
  ...manageInPath,
  method: 'get',
  path: '/api/v1/invoices/{tenantId}/{invoiceId}/ksef-xml',
  summary: 'Faktura VAT w formacie KSeF FA(3) (XML)',
  params: InvoiceDownloadParams,
  produces: 'application/xml',
  errors: [{ status: 404, codes: [BillingErrors.invoiceNotFound.code] }],
});

/** A closed company's invoices, for its former owner (ADR 0047): no tenant in the token, the owner is the caller. */
export const listFormerCompanyInvoices = defineEndpoint({
  method: 'get',
  path: '/api/v1/invoices/former-companies',
  owner: 'billing',
  summary: 'Faktury firm zamkniętych przez zalogowaną osobę (przechowywane 5 lat od końca roku wystawienia)',
  tags: ['billing'],
  auth: 'authenticated',
  response: FormerCompanyList,
});

export const downloadFormerCompanyInvoicePdf = defineEndpoint({
  method: 'get',
  path: '/api/v1/invoices/former-companies/{tenantId}/{invoiceId}/pdf',
  owner: 'billing',
  summary: 'Faktura VAT zamkniętej firmy w PDF, dla jej byłego właściciela',
  tags: ['billing'],
  auth: 'authenticated',
  params: InvoiceDownloadParams,
  produces: 'application/pdf',
  errors: [{ status: 404, codes: [BillingErrors.invoiceNotFound.code] }],
});
