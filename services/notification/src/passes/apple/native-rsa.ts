import { constants, createPrivateKey, privateEncrypt, type KeyObject } from 'node:crypto';
import forge from 'node-forge';

/**
 * passkit-generator signs each pass's manifest (a detached PKCS#7) with node-forge, whose RSA is pure
 * JavaScript: ~55 ms of blocked event loop per pass with a 2048-bit key, against ~1 ms for the same
 * operation in OpenSSL (WALLET.md). After a branding change every registered phone fetches its pass at
 * once, so that difference is the difference between serving them and stalling the service.
 *
 * `useNativeRsa()` makes every RSA private key node-forge creates from then on sign with `node:crypto`
 * (OpenSSL): RSASSA-PKCS1-v1_5 is deterministic, so the signature is byte for byte the one forge would
 * have computed (native-rsa.int.spec.ts compares them); everything else about the PKCS#7 (structure,
 * certificates, signing time) stays forge's. Idempotent; other schemes fall back to forge's own code.
 */

/** DER prefixes of the DigestInfo (RFC 8017 §9.2, note 1) for the digests a PKCS#7 signer may use. */
const DIGEST_INFO_PREFIX: Record<string, string> = {
  sha1: '3021300906052b0e03021a05000414',
  sha256: '3031300d060960864801650304020105000420',
  sha384: '3041300d060960864801650304020205000430',
  sha512: '3051300d060960864801650304020305000440',
};

const PATCHED = Symbol.for('punkto.native-rsa');
type ForgeSign = (md: forge.md.MessageDigest, scheme?: unknown) => string;
type ForgeKey = Omit<forge.pki.rsa.PrivateKey, 'sign'> & { sign: ForgeSign };

const toBase64Url = (n: forge.jsbn.BigInteger) => {
  let hex = n.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  return Buffer.from(hex, 'hex').toString('base64url');
};

/** the same key as an OpenSSL key object (JWK import: no PEM round trip) */
function nativeKey(key: forge.pki.rsa.PrivateKey): KeyObject {
  return createPrivateKey({
    format: 'jwk',
    key: {
      kty: 'RSA',
      n: toBase64Url(key.n),
      e: toBase64Url(key.e),
      d: toBase64Url(key.d),
      p: toBase64Url(key.p),
      q: toBase64Url(key.q),
      dp: toBase64Url(key.dP),
      dq: toBase64Url(key.dQ),
      qi: toBase64Url(key.qInv),
    },
  });
}

export function useNativeRsa(): void {
  const pki = forge.pki as typeof forge.pki & {
    setRsaPrivateKey: (...parts: forge.jsbn.BigInteger[]) => ForgeKey;
    [PATCHED]?: true;
  };
  if (pki[PATCHED]) return;
  const original = pki.setRsaPrivateKey;
  const patched = (...parts: forge.jsbn.BigInteger[]): ForgeKey => {
    const key = original(...parts);
    const forgeSign = key.sign.bind(key);
    let native: KeyObject | null = null;
    key.sign = (md, scheme) => {
      const prefix = DIGEST_INFO_PREFIX[md.algorithm];
      if (!prefix || (scheme !== undefined && String(scheme).toUpperCase() !== 'RSASSA-PKCS1-V1_5'))
        return forgeSign(md, scheme);
      native ??= nativeKey(key);
      const digestInfo = Buffer.concat([
        Buffer.from(prefix, 'hex'),
        Buffer.from(md.digest().getBytes(), 'binary'),
      ]);
      return privateEncrypt({ key: native, padding: constants.RSA_PKCS1_PADDING }, digestInfo).toString(
        'binary',
      );
    };
    return key;
  };
  pki.setRsaPrivateKey = patched;
  (forge.pki.rsa as unknown as { setPrivateKey: typeof patched }).setPrivateKey = patched;
  pki[PATCHED] = true;
}
