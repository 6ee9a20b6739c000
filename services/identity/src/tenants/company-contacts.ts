import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { mutateDocument, UNCHANGED } from '@punkto/platform/documents/mutate-document';

type ContactDoc = { _id: string; replyTo: string | null; at: string };
export const COMPANY_CONTACTS_COLLECTION = 'company_contacts';

/**
 * Identity's copy of each company's contact e-mail (tenant.tenants.v1 TenantUpdated `contact`), the Reply-To
 * of the mail a company causes: its employees' and customers' invitations (ADR 0040). The newest change wins;
 * TenantDeleted forgets it.
 */
export function companyContacts(documents: DocumentStore) {
  const contacts = documents.collection<ContactDoc>(COMPANY_CONTACTS_COLLECTION);
  return {
    /** the company's contact e-mail, or null when it has none (or is unknown here) */
    async replyToOf(tenantId: string | null): Promise<string | null> {
      if (!tenantId) return null;
      return (await contacts.get(tenantId))?.replyTo ?? null;
    },
    /** a TenantUpdated that carried `contact`: its e-mail, or null when cleared */
    async contactChanged(tenantId: string, email: string | null, at: string): Promise<void> {
      await mutateDocument(contacts, tenantId, (current) =>
        current && current.at > at ? UNCHANGED : { _id: tenantId, replyTo: email, at },
      );
    },
    async forget(tenantId: string): Promise<void> {
      await contacts.delete(tenantId);
    },
  };
}
export type CompanyContacts = ReturnType<typeof companyContacts>;
