import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';

/** The body Google POSTs to `callbackOptions.url`. */
export interface SignedCallbackBody {
  signature: string;
  intermediateSigningKey: { signedKey: string; signatures: string[] };
  protocolVersion: string;
  signedMessage: string;
}

export interface CallbackMessage {
  classId: string;
  objectId: string;
  eventType: 'save' | 'del';
  /** default now + 5 min */
  expTimeMillis?: number;
  count?: number;
  /** default a fresh UUID */
  nonce?: string;
}

/** Ways to forge a callback in tests; a real delivery uses none. */
export interface ForgeOptions {
  /** sign the intermediate key with another root key */
  rootPrivateKey?: KeyObject;
  /** sign the message with another intermediate key than the one in signedKey */
  intermediatePrivateKey?: KeyObject;
  /** keyExpiration written into signedKey (ms) */
  intermediateKeyExpiration?: number;
  protocolVersion?: string;
}

export interface FakeCallbackSigner {
  rootPublicKeyPem: string;
  /** base64 DER SPKI, as Google's keys document lists it */
  rootPublicKeyBase64: string;
  sign(message: CallbackMessage, forge?: ForgeOptions): SignedCallbackBody;
}

const SENDER_ID = 'GooglePayPasses';
const PROTOCOL = 'ECv2SigningOnly';

/**
 * Signs callbacks as Google does: a test root key (P-256) signs an intermediate key carrying its expiry,
 * the intermediate key signs the message for the issuer. The intermediate key is rotated once it expires
 * (by the given clock), so moving the clock forward keeps deliveries valid. Written independently of
 * callback-verifier.ts so the tests cross-check the byte layout rather than share it.
 */
export function createFakeCallbackSigner(options: {
  issuerId: string;
  now: () => Date;
  /** default 1 h */
  intermediateKeyTtlMs?: number;
}): FakeCallbackSigner {
  const root = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const ttl = options.intermediateKeyTtlMs ?? 60 * 60 * 1000;
  let intermediate = { ...generateKeyPairSync('ec', { namedCurve: 'P-256' }), expiresAt: 0 };

  const currentIntermediate = () => {
    const now = options.now().getTime();
    if (intermediate.expiresAt <= now + 60_000)
      intermediate = { ...generateKeyPairSync('ec', { namedCurve: 'P-256' }), expiresAt: now + ttl };
    return intermediate;
  };

  return {
    rootPublicKeyPem: root.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    rootPublicKeyBase64: root.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    sign(message, forge = {}) {
      const key = currentIntermediate();
      const signedKey = JSON.stringify({
        keyValue: key.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
        keyExpiration: String(forge.intermediateKeyExpiration ?? key.expiresAt),
      });
      const signedMessage = JSON.stringify({
        classId: message.classId,
        objectId: message.objectId,
        expTimeMillis: message.expTimeMillis ?? options.now().getTime() + 5 * 60 * 1000,
        eventType: message.eventType,
        nonce: message.nonce ?? randomUUID(),
        count: message.count ?? 1,
      });
      const protocolVersion = forge.protocolVersion ?? PROTOCOL;
      return {
        signature: ecdsa(
          forge.intermediatePrivateKey ?? key.privateKey,
          lv([SENDER_ID, options.issuerId, PROTOCOL, signedMessage]),
        ),
        intermediateSigningKey: {
          signedKey,
          signatures: [ecdsa(forge.rootPrivateKey ?? root.privateKey, lv([SENDER_ID, PROTOCOL, signedKey]))],
        },
        protocolVersion,
        signedMessage,
      };
    },
  };
}

function lv(parts: string[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const bytes = Buffer.from(part, 'utf8');
    const header = Buffer.alloc(4);
    header.writeUInt32LE(bytes.length, 0);
    chunks.push(header, bytes);
  }
  return Buffer.concat(chunks);
}

function ecdsa(key: KeyObject, data: Buffer): string {
  return sign('sha256', data, { key, dsaEncoding: 'der' }).toString('base64');
}
