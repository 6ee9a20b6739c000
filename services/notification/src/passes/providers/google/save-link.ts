import type { KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { assertWalletId, MAX_SAVE_LINK_LENGTH, type ObjectRef } from './google-wallet.port';

export interface SaveLinkOptions {
  issuerId: string;
  /** `iss`: the service account's e-mail */
  serviceAccountEmail: string;
  /** the service account's RSA private key */
  privateKey: KeyObject;
  /** web origins allowed to show the "Add to Google Wallet" button (empty for a plain link) */
  origins: string[];
  /** `https://pay.google.com`, or a fake's address in tests */
  saveOrigin: string;
  now: () => Date;
}

/**
 * Builds `<saveOrigin>/gp/v/save/<jwt>`: an RS256 JWT `{iss, aud: 'google', typ: 'savetowallet', origins,
 * payload: {loyaltyObjects: [{id, classId}]}}`. Only references go in (the objects were inserted over REST
 * first), which keeps the link under Google's 1,800 characters and lets PATCH update a saved card later:
 * re-issuing a JWT never updates one.
 */
export async function signSaveLink(options: SaveLinkOptions, objects: ObjectRef[]): Promise<string> {
  if (objects.length === 0) throw new Error('a save link needs at least one loyalty object');
  for (const ref of objects) {
    assertWalletId(ref.id, options.issuerId);
    assertWalletId(ref.classId, options.issuerId);
  }
  const jwt = await new SignJWT({
    typ: 'savetowallet',
    origins: options.origins,
    payload: { loyaltyObjects: objects.map(({ id, classId }) => ({ id, classId })) },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(options.serviceAccountEmail)
    .setAudience('google')
    .setIssuedAt(Math.floor(options.now().getTime() / 1000))
    .sign(options.privateKey);
  const link = `${options.saveOrigin.replace(/\/+$/, '')}/gp/v/save/${jwt}`;
  if (link.length >= MAX_SAVE_LINK_LENGTH) {
    throw new Error(
      `save link of ${link.length} characters for ${objects.length} objects: Google accepts fewer than ${MAX_SAVE_LINK_LENGTH}`,
    );
  }
  return link;
}
