import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { DuplicateKeyError } from '@punkto/platform/errors/errors';
import { randomBytes } from 'node:crypto';

/**
 * The QR signing key: CARD_QR_SECRET when configured, else a random 256-bit key generated at the first
 * start and kept in the document store, so every replica and every restart signs alike without setup.
 */
export async function qrSecret(documents: DocumentStore, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const secrets = documents.collection<{ _id: string; value: string }>('service_secrets');
  const existing = await secrets.get('card-qr');
  if (existing) return existing.value;
  try {
    return (await secrets.insert({ _id: 'card-qr', value: randomBytes(32).toString('base64url') })).value;
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
    return (await secrets.get('card-qr'))!.value; // another replica was first
  }
}
