import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Where the PassKit web service answers (passkit.routes.ts): the pass's `webServiceURL` is PUBLIC_URL + this. */
export const PASSKIT_PATH = '/api/v1/passkit';

/**
 * A pass's serial number is `<cardId>.<secretVersion>`: stable while the card keeps its QR, new when the card
 * is regenerated (lost or copied), so the old pass can be voided and stops receiving the card's updates while
 * the new one starts with its own authentication token (ADR 0012).
 */
const SERIAL = /^([A-Za-z0-9-]{1,64})\.([1-9][0-9]{0,8})$/;

export function passSerial(cardId: string, secretVersion: number): string {
  return `${cardId}.${secretVersion}`;
}

export function parsePassSerial(serial: string): { cardId: string; secretVersion: number } | null {
  const match = SERIAL.exec(serial);
  return match ? { cardId: match[1]!, secretVersion: Number(match[2]) } : null;
}

/**
 * Per-pass authentication tokens (`authenticationToken` in pass.json, sent back as `ApplePass <token>`):
 * an HMAC-SHA256 of the pass type and serial under a key the service keeps, so no token is stored anywhere
 * (nothing to leak from the database) and a token is valid for exactly the serial it was issued for.
 */
export function passTokens(secret: string, passTypeIdentifier: string) {
  const tokenOf = (serial: string) =>
    createHmac('sha256', secret).update(`apple-pass-token\n${passTypeIdentifier}\n${serial}`).digest();
  return {
    /** 43 characters of base64url (Wallet asks for at least 16) */
    issue: (serial: string) => tokenOf(serial).toString('base64url'),
    /** `authorization` is the header as received: `ApplePass <token>` */
    verifies(serial: string, authorization: string | undefined): boolean {
      const token = /^ApplePass ([A-Za-z0-9_-]{16,128})$/.exec(authorization ?? '')?.[1];
      if (!token) return false;
      const given = Buffer.from(token, 'base64url');
      const expected = tokenOf(serial);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type PassTokens = ReturnType<typeof passTokens>;

/**
 * The `lastUpdated` tag a device gets from the list call and sends back as `passesUpdatedSince`: each of its
 * passes with the version the device was told about (`<11 characters of the serial's SHA-256>~<version in
 * base 36>`, joined by `.`). Versions are monotonic per pass (pass-versions in apple-passes.ts), so a pass is
 * listed again exactly when its version grew since the tag: no global counter two replicas could race on,
 * and no time (WALLET.md: times miss two changes in one second).
 */
export type UpdateTag = ReadonlyMap<string, number>;

const serialKey = (serial: string) => createHash('sha256').update(serial).digest('base64url').slice(0, 11);

export function encodeUpdateTag(versions: ReadonlyArray<{ serial: string; version: number }>): string {
  return versions
    .map(({ serial, version }) => `${serialKey(serial)}~${version.toString(36)}`)
    .sort()
    .join('.');
}

/** an unreadable tag (a device's tag from before, or garbage) reads as "nothing known": everything is listed */
export function decodeUpdateTag(tag: string | undefined): UpdateTag {
  const versions = new Map<string, number>();
  if (!tag || tag.length > 8192) return versions;
  for (const part of tag.split('.')) {
    const match = /^([A-Za-z0-9_-]{11})~([0-9a-z]{1,10})$/.exec(part);
    if (match) versions.set(match[1]!, parseInt(match[2]!, 36));
  }
  return versions;
}

export function changedSince(tag: UpdateTag, serial: string, version: number): boolean {
  const known = tag.get(serialKey(serial));
  return known === undefined || known < version;
}
