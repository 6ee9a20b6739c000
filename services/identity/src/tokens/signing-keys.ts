import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { DuplicateKeyError } from '@punkto/platform/errors/errors';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';

/**
 * The Ed25519 key pair that signs access tokens, persisted in the document store (`signing-keys`) so tokens
 * survive restarts and every identity instance signs with the same key. Generated on first start; the first
 * instance to insert `current` wins a start-up race. Rotation (a new `kid` published next to the old one
 * for one access-token lifetime) is a later step: the JWKS already serves a list.
 */
export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

type SigningKeyDoc = { _id: string; kid: string; privateJwk: JWK; publicJwk: JWK; createdAt: string };

export async function loadOrCreateSigningKey(documents: DocumentStore, now: Date): Promise<SigningKey> {
  const keys = documents.collection<SigningKeyDoc>('signing-keys');
  let doc = await keys.get('current');
  if (!doc) {
    const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const kid = randomUUID();
    const fresh: SigningKeyDoc = {
      _id: 'current',
      kid,
      privateJwk: await exportJWK(pair.privateKey),
      publicJwk: { ...(await exportJWK(pair.publicKey)), kid, alg: 'EdDSA', use: 'sig' },
      createdAt: now.toISOString(),
    };
    try {
      doc = await keys.insert(fresh);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      doc = (await keys.get('current'))!;
    }
  }
  const privateKey = (await importJWK(doc.privateJwk, 'EdDSA')) as CryptoKey;
  return { kid: doc.kid, privateKey, publicJwk: doc.publicJwk };
}
