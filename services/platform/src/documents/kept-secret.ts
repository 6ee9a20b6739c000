import { randomBytes } from 'node:crypto';
import { DuplicateKeyError } from '../errors/errors';
import type { DocumentStore } from './document-store.port';

/**
 * A service's signing key: the configured value when there is one, else a random 256-bit key generated at the
 * first start and kept in the service's document store (collection `service_secrets`, id `name`), so every
 * replica and every restart signs alike without setup. Used for the card QR (card ledger) and the Apple pass
 * authentication tokens (notification).
 */
export async function keptSecret(
  documents: DocumentStore,
  name: string,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  const secrets = documents.collection<{ _id: string; value: string }>('service_secrets');
  const existing = await secrets.get(name);
  if (existing) return existing.value;
  try {
    return (await secrets.insert({ _id: name, value: randomBytes(32).toString('base64url') })).value;
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
    return (await secrets.get(name))!.value; // another replica was first
  }
}
