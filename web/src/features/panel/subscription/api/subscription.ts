import type { PaidPlanId } from '@punkto/contracts/billing';
import * as endpoints from '@punkto/contracts/endpoints/billing';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';

/** Billing's reads and changes for the subscription screens and the panel's banner (issue 17). */

export const billingKey = (tenantId: string) => ['billing', tenantId] as const;

/** GET /subscriptions/list-available-subscriptions (the plan store reads it, utils/plan-store.ts) */
export const plansQueryOptions = () =>
  queryOptions({
    queryKey: ['billing', 'plans'] as const,
    queryFn: ({ signal }) => api.call(endpoints.listAvailableSubscriptions, { signal }),
    staleTime: 10 * 60_000,
  });

export const subscriptionQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: [...billingKey(tenantId), 'subscription'] as const,
    queryFn: ({ signal }) => api.call(endpoints.getTenantSubscription, { params: { id: tenantId }, signal }),
    staleTime: 30_000,
  });

export const paymentMethodsQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: [...billingKey(tenantId), 'payment-methods'] as const,
    queryFn: ({ signal }) => api.call(endpoints.listPaymentMethods, { params: { tenantId }, signal }),
  });

export const invoicesQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: [...billingKey(tenantId), 'invoices'] as const,
    queryFn: ({ signal }) => api.call(endpoints.listInvoices, { params: { tenantId }, signal }),
  });

/** the payment's state at billing, polled by /subskrypcja/sukces until it is settled */
export const paymentOrderQueryOptions = (tenantId: string, paymentId: string) =>
  queryOptions({
    queryKey: [...billingKey(tenantId), 'payment', paymentId] as const,
    queryFn: ({ signal }) => api.call(endpoints.getPaymentOrder, { params: { id: paymentId }, signal }),
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'pending' ? false : 2000),
  });

function useBillingMutation<TInput, TResult>(tenantId: string, fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKey(tenantId) }),
  });
}

export const useChangePlan = (tenantId: string) =>
  useBillingMutation(tenantId, (target: { planId: PaidPlanId; isForYear: boolean }) =>
    api.call(endpoints.changePlan, {
      query: { tenantId, newSubscriptionPlanId: target.planId, isForYear: target.isForYear },
    }),
  );

export const useInitiatePayment = (tenantId: string) =>
  useBillingMutation(tenantId, (target: { planId: PaidPlanId; isForYear: boolean; cardToken?: string }) =>
    api.call(endpoints.initiatePayment, { body: { tenantId, ...target } }),
  );

export const useCancelSubscription = (tenantId: string) =>
  useBillingMutation(tenantId, () => api.call(endpoints.cancelSubscription, { query: { tenantId } }));

export const useResumeSubscription = (tenantId: string) =>
  useBillingMutation(tenantId, () => api.call(endpoints.resumeSubscription, { query: { tenantId } }));

/** adding a card: the sandbox's 0 zł verification page, or PayU's with the card form's `TOK_…` */
export const useAddCard = (tenantId: string) =>
  useBillingMutation(tenantId, (input: { cardToken?: string } = {}) =>
    api.call(endpoints.addPaymentMethod, { body: { tenantId, ...input } }),
  );

export const useRemoveCard = (tenantId: string) =>
  useBillingMutation(tenantId, (paymentMethodId: string) =>
    api.call(endpoints.removePaymentMethod, { body: { tenantId, paymentMethodId } }),
  );

export const useSetDefaultCard = (tenantId: string) =>
  useBillingMutation(tenantId, (paymentMethodId: string) =>
    api.call(endpoints.setDefaultPaymentMethod, { body: { tenantId, paymentMethodId } }),
  );

/** the API client's binary body of a PDF download */
function pdfOf(body: unknown): Blob {
  if (!(body instanceof Blob)) throw new Error('Serwer nie zwrócił pliku PDF.');
  return body;
}

/** the saved file's name: `Faktura-FV-BKDFGH-2026-0007.pdf` */
export const invoiceFileName = (number: string) => `Faktura-${number.replace(/\//g, '-')}.pdf`;

/** GET /invoices/{tenantId}/{invoiceId}/pdf: the VAT invoice as a Blob. */
export function useDownloadInvoice(tenantId: string) {
  return useMutation({
    mutationFn: async (invoiceId: string) =>
      pdfOf(await api.call(endpoints.downloadInvoicePdf, { params: { tenantId, invoiceId } })),
  });
}

/** GET /invoices/former-companies: the caller's closed companies and their kept invoices (ADR 0047) */
export const formerCompaniesQueryOptions = () =>
  queryOptions({
    queryKey: ['billing', 'former-companies'] as const,
    queryFn: ({ signal }) => api.call(endpoints.listFormerCompanyInvoices, { signal }),
  });

/** GET /invoices/former-companies/{tenantId}/{invoiceId}/pdf: a closed company's invoice as a Blob. */
export function useDownloadFormerInvoice() {
  return useMutation({
    mutationFn: async ({ tenantId, invoiceId }: { tenantId: string; invoiceId: string }) =>
      pdfOf(await api.call(endpoints.downloadFormerCompanyInvoicePdf, { params: { tenantId, invoiceId } })),
  });
}
