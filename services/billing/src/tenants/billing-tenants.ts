import type { TenantCreatedData, TenantUpdatedData } from '@punkto/contracts/integration-events';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { mutateDocument, UNCHANGED } from '@punkto/platform/documents/mutate-document';

/**
 * Billing's copy of what it needs of each tenant (event-carried state transfer from tenant.tenants.v1): the
 * invoice buyer (name, NIP, address) and where billing e-mails go (the company's contact e-mail, else the
 * e-mail of the last person who started a payment, which follows that person's confirmed new address: ADR 0053).
 */
export interface BillingTenant {
  _id: string;
  ownerId: string;
  companyName: string;
  nip: string;
  address: { street: string; postalCode: string; city: string } | null;
  contactEmail: string | null;
  payerEmail: string | null;
  /** whose address `payerEmail` is (absent: remembered before ADR 0053, taken to be the owner's) */
  payerId?: string;
  createdAt: string;
  deleted: boolean;
  /** when the company was closed (absent before ADR 0047 or while it exists) */
  deletedAt?: string;
}

export async function billingTenants(documents: DocumentStore) {
  const tenants = documents.collection<BillingTenant>('billing_tenants');
  // a person's closed companies (their invoices stay readable to them, ADR 0047)
  await tenants.ensureIndex({ fields: { ownerId: 1, deleted: 1 } });
  return {
    get: (tenantId: string) => tenants.get(tenantId),
    emailOf: (tenant: BillingTenant | null) => tenant?.contactEmail ?? tenant?.payerEmail ?? null,

    async created(data: TenantCreatedData) {
      await mutateDocument(tenants, data.tenantId, (current) =>
        current
          ? UNCHANGED
          : {
              _id: data.tenantId,
              ownerId: data.ownerId,
              companyName: data.companyName,
              nip: data.nip,
              address: null,
              contactEmail: null,
              payerEmail: null,
              createdAt: data.createdAt,
              deleted: false,
            },
      );
    },

    async updated(data: TenantUpdatedData) {
      const { changes } = data;
      await mutateDocument(tenants, data.tenantId, (current) => {
        if (!current) return UNCHANGED; // TenantCreated comes first on the same partition
        return {
          ...current,
          ...(changes.companyName !== undefined && { companyName: changes.companyName }),
          ...(changes.nip !== undefined && { nip: changes.nip }),
          ...(changes.address !== undefined && { address: changes.address }),
          ...(changes.contact !== undefined && { contactEmail: changes.contact?.email ?? null }),
        };
      });
    },

    async deleted(tenantId: string, deletedAt: string) {
      await mutateDocument(tenants, tenantId, (current) =>
        current && !current.deleted ? { ...current, deleted: true, deletedAt } : UNCHANGED,
      );
    },

    /** the companies this person owned and closed (their invoices stay readable to them: ADR 0047) */
    closedBy: (ownerId: string) => tenants.find({ ownerId, deleted: true }),

    async rememberPayer(tenantId: string, payer: { email?: string | undefined; userId: string }) {
      const { email, userId } = payer;
      if (!email) return;
      await mutateDocument(tenants, tenantId, (current) =>
        current && (current.payerEmail !== email || current.payerId !== userId)
          ? { ...current, payerEmail: email, payerId: userId }
          : UNCHANGED,
      );
    },

    /**
     * identity.users.v1 StaffEmailChanged: the payer confirmed a new address, so billing's e-mails follow it.
     * Anyone else's change (another employee, a company that has no payer yet) changes nothing; so does a repeat.
     */
    async staffEmailChanged(change: { userId: string; tenantId: string; email: string }) {
      const { userId, tenantId, email } = change;
      await mutateDocument(tenants, tenantId, (current) => {
        if (!current?.payerEmail || current.payerEmail === email) return UNCHANGED;
        const payer = current.payerId ?? current.ownerId;
        return payer === userId ? { ...current, payerEmail: email, payerId: userId } : UNCHANGED;
      });
    },
  };
}

export type BillingTenants = Awaited<ReturnType<typeof billingTenants>>;
