import { randomBytes } from 'node:crypto';
import type { DocumentStore } from '../documents/document-store.port';
import { DuplicateKeyError } from '../errors/errors';

/**
 * Per-person data keys (crypto-shredding). One random AES-256 key per person in the `person-keys` collection;
 * deleting it makes every sealed value of that person in the (immutable) event log unreadable.
 *
 * The keys sit in the service's own document store. In a distributed deployment that store should be
 * encrypted at rest (or the keys wrapped by a KMS key); the log and the keys must never share one backup
 * policy that would resurrect a deleted key.
 */
export interface PersonKeys {
  /** the person's key, created on first use */
  getOrCreate(personId: string): Promise<Buffer>;
  /** the key, or null when it never existed or was shredded */
  get(personId: string): Promise<Buffer | null>;
  /** shreds the key; idempotent */
  shred(personId: string): Promise<void>;
}

type PersonKeyDoc = { _id: string; key: string; createdAt: string };

export const PERSON_KEYS_COLLECTION = 'person-keys';

export function documentPersonKeys(documents: DocumentStore, now: () => Date = () => new Date()): PersonKeys {
  const keys = documents.collection<PersonKeyDoc>(PERSON_KEYS_COLLECTION);
  const get = async (personId: string) => {
    const doc = await keys.get(personId);
    return doc ? Buffer.from(doc.key, 'base64') : null;
  };
  return {
    get,
    async getOrCreate(personId) {
      const existing = await get(personId);
      if (existing) return existing;
      const key = randomBytes(32);
      try {
        await keys.insert({ _id: personId, key: key.toString('base64'), createdAt: now().toISOString() });
        return key;
      } catch (error) {
        // another request created it first: use theirs
        if (!(error instanceof DuplicateKeyError)) throw error;
        return (await get(personId))!;
      }
    },
    async shred(personId) {
      await keys.delete(personId);
    },
  };
}
