import type { DocumentStore } from './document-store.port';
import { mutateDocument, UNCHANGED } from './mutate-document';

/**
 * A service's local copies of definitions another service publishes whole, with a version that grows by one
 * per change (in the card ledger: ProgramDefined → `programs`, ServiceDefined → `catalogue_services`). Only a NEWER version replaces a copy, so redeliveries and out-of-order deliveries are harmless. A deletion
 * is final (even when it arrives before the definition); later definitions are ignored.
 */
type CopyDoc<T> = { _id: string; tenantId: string; deleted: boolean; data: T | null };

export interface VersionedCopy<T> {
  /** null while only the deletion is known */
  data: T | null;
  deleted: boolean;
}

export function versionedCopies<T extends { version: number; tenantId: string }>(
  documents: DocumentStore,
  collectionName: string,
) {
  const copies = documents.collection<CopyDoc<T>>(collectionName);
  return {
    /** true when this definition replaced the copy */
    async define(id: string, data: T): Promise<boolean> {
      let applied = false;
      await mutateDocument(copies, id, (current) => {
        applied = !current?.deleted && (current?.data?.version ?? 0) < data.version;
        return applied ? { _id: id, tenantId: data.tenantId, deleted: false, data } : UNCHANGED;
      });
      return applied;
    },

    async markDeleted(id: string, tenantId: string): Promise<void> {
      await mutateDocument(copies, id, (current) =>
        current?.deleted ? UNCHANGED : { _id: id, tenantId, deleted: true, data: current?.data ?? null },
      );
    },

    async get(id: string): Promise<VersionedCopy<T>> {
      const doc = await copies.get(id);
      return { data: doc?.data ?? null, deleted: doc?.deleted ?? false };
    },
  };
}

export type VersionedCopies<T extends { version: number; tenantId: string }> = ReturnType<
  typeof versionedCopies<T>
>;
