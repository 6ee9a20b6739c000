import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/** Google's published root signing keys for pass callbacks (configurable: tests serve their own). */
export const GOOGLE_ROOT_KEYS_URL = 'https://pay.google.com/gp/m/issuer/keys';

const SENDER_ID = 'GooglePayPasses';
const PROTOCOL = 'ECv2SigningOnly';

/** What a verified save/delete callback says. */
export interface GoogleWalletCallback {
  classId: string;
  objectId: string;
  /** `save`: someone added the pass; `del`: someone removed it */
  eventType: 'save' | 'del';
  expTimeMillis: number;
  count: number;
  nonce: string;
}

export interface GoogleCallbackVerifierOptions {
  /** the recipient id Google signs every message for */
  issuerId: string;
  /** ECDSA P-256 root keys: PEM, base64 DER SPKI (Google's `keyValue`) or KeyObject */
  rootKeys: (string | KeyObject)[];
  /** records the nonce; true when it was not seen before (e.g. an insert into a unique index) */
  seen: (nonce: string) => Promise<boolean>;
  /** the process's clock (ServiceDeps.clock) */
  now: () => Date;
}

/** Base of every refusal: the callback must be answered with an error and otherwise ignored. */
export class CallbackRefusedError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class MalformedCallbackError extends CallbackRefusedError {
  constructor(detail: string) {
    super('GOOGLE_WALLET_CALLBACK.MALFORMED', `malformed callback: ${detail}`);
  }
}
export class UnsupportedProtocolError extends CallbackRefusedError {
  constructor(protocol: string) {
    super('GOOGLE_WALLET_CALLBACK.PROTOCOL', `unsupported protocolVersion ${JSON.stringify(protocol)}`);
  }
}
export class IntermediateKeySignatureError extends CallbackRefusedError {
  constructor() {
    super(
      'GOOGLE_WALLET_CALLBACK.INTERMEDIATE_SIGNATURE',
      'no root key verifies the intermediate signing key',
    );
  }
}
export class IntermediateKeyExpiredError extends CallbackRefusedError {
  constructor(expiredAt: number) {
    super(
      'GOOGLE_WALLET_CALLBACK.INTERMEDIATE_EXPIRED',
      `intermediate signing key expired at ${new Date(expiredAt).toISOString()}`,
    );
  }
}
export class MessageSignatureError extends CallbackRefusedError {
  constructor() {
    super('GOOGLE_WALLET_CALLBACK.MESSAGE_SIGNATURE', 'the message signature does not verify');
  }
}
export class MessageExpiredError extends CallbackRefusedError {
  constructor(expiredAt: number) {
    super(
      'GOOGLE_WALLET_CALLBACK.MESSAGE_EXPIRED',
      `message expired at ${new Date(expiredAt).toISOString()}`,
    );
  }
}
export class ReplayedCallbackError extends CallbackRefusedError {
  constructor(nonce: string) {
    super('GOOGLE_WALLET_CALLBACK.REPLAYED', `nonce ${JSON.stringify(nonce)} was already used`);
  }
}

/**
 * Verifies Google's signed save/delete callbacks (`ECv2SigningOnly`), with node:crypto only:
 * 1. one of `intermediateSigningKey.signatures` verifies with a root key over
 *    LV(`GooglePayPasses`) ‖ LV(`ECv2SigningOnly`) ‖ LV(signedKey), LV = 4-byte little-endian length + UTF-8;
 * 2. signedKey's `keyExpiration` (ms) lies in the future;
 * 3. `signature` verifies with the intermediate key over
 *    LV(`GooglePayPasses`) ‖ LV(issuerId) ‖ LV(`ECv2SigningOnly`) ‖ LV(signedMessage);
 * 4. the message's `expTimeMillis` lies in the future;
 * 5. its nonce was not seen: checked last, so forged messages cannot burn nonces.
 * Signatures are ECDSA P-256 / SHA-256, DER encoded, base64. Each refusal is its own error class.
 */
export class GoogleCallbackVerifier {
  private readonly rootKeys: KeyObject[];
  private readonly now: () => Date;

  constructor(private readonly options: GoogleCallbackVerifierOptions) {
    this.rootKeys = options.rootKeys.map(toEcPublicKey);
    if (this.rootKeys.length === 0) throw new Error('at least one Google root key is needed');
    this.now = options.now;
  }

  /** `body`: the request body, raw or parsed JSON */
  async verify(body: unknown): Promise<GoogleWalletCallback> {
    const parsed = typeof body === 'string' || Buffer.isBuffer(body) ? parseJson(String(body), 'body') : body;
    const { signature, intermediateSigningKey, protocolVersion, signedMessage } = (parsed ?? {}) as Record<
      string,
      unknown
    >;
    const { signedKey, signatures } = (intermediateSigningKey ?? {}) as Record<string, unknown>;
    if (
      typeof signature !== 'string' ||
      typeof signedKey !== 'string' ||
      !Array.isArray(signatures) ||
      typeof protocolVersion !== 'string' ||
      typeof signedMessage !== 'string'
    )
      throw new MalformedCallbackError(
        'expected {signature, intermediateSigningKey, protocolVersion, signedMessage}',
      );
    if (protocolVersion !== PROTOCOL) throw new UnsupportedProtocolError(protocolVersion);

    const keyData = lengthValue(SENDER_ID, PROTOCOL, signedKey);
    const rootSigned = signatures.some(
      (sig) => typeof sig === 'string' && this.rootKeys.some((key) => ecdsaVerify(key, keyData, sig)),
    );
    if (!rootSigned) throw new IntermediateKeySignatureError();

    const { keyValue, keyExpiration } = parseJson(signedKey, 'signedKey') as Record<string, unknown>;
    const expiresAt = Number(keyExpiration);
    if (typeof keyValue !== 'string' || !Number.isFinite(expiresAt))
      throw new MalformedCallbackError('signedKey needs keyValue and keyExpiration');
    if (expiresAt <= this.now().getTime()) throw new IntermediateKeyExpiredError(expiresAt);

    let intermediateKey: KeyObject;
    try {
      intermediateKey = toEcPublicKey(keyValue);
    } catch {
      throw new MalformedCallbackError('signedKey.keyValue is not a P-256 public key');
    }
    const messageData = lengthValue(SENDER_ID, this.options.issuerId, PROTOCOL, signedMessage);
    if (!ecdsaVerify(intermediateKey, messageData, signature)) throw new MessageSignatureError();

    const message = parseMessage(parseJson(signedMessage, 'signedMessage'));
    if (message.expTimeMillis <= this.now().getTime()) throw new MessageExpiredError(message.expTimeMillis);
    if (!(await this.options.seen(message.nonce))) throw new ReplayedCallbackError(message.nonce);
    return message;
  }
}

/**
 * Reads Google's root keys document `{keys: [{keyValue, protocolVersion, keyExpiration?}]}`, keeping the
 * unexpired ECv2SigningOnly keys. Fetch it at start and now and then: Google rotates root keys rarely.
 */
export async function fetchGoogleRootKeys(
  url: string = GOOGLE_ROOT_KEYS_URL,
  now: () => Date = () => new Date(),
): Promise<KeyObject[]> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`root keys: ${url} answered ${response.status}`);
  const { keys } = (await response.json()) as { keys?: Record<string, unknown>[] };
  return (keys ?? [])
    .filter(
      (key) =>
        key.protocolVersion === PROTOCOL &&
        typeof key.keyValue === 'string' &&
        (key.keyExpiration === undefined || Number(key.keyExpiration) > now().getTime()),
    )
    .map((key) => toEcPublicKey(key.keyValue as string));
}

/** LV(part) = 4-byte little-endian length ‖ UTF-8 bytes, concatenated. */
export function lengthValue(...parts: string[]): Buffer {
  return Buffer.concat(
    parts.flatMap((part) => {
      const bytes = Buffer.from(part, 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32LE(bytes.length);
      return [length, bytes];
    }),
  );
}

function toEcPublicKey(key: string | KeyObject): KeyObject {
  const object =
    typeof key !== 'string'
      ? key
      : key.includes('-----BEGIN')
        ? createPublicKey(key)
        : createPublicKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'spki' });
  if (object.asymmetricKeyType !== 'ec' || object.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw new Error('Google callback keys are ECDSA P-256 public keys');
  return object;
}

function ecdsaVerify(key: KeyObject, data: Buffer, signatureBase64: string): boolean {
  try {
    return verify('sha256', data, { key, dsaEncoding: 'der' }, Buffer.from(signatureBase64, 'base64'));
  } catch {
    return false; // a malformed DER signature is simply not a valid one
  }
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new MalformedCallbackError(`${what} is not JSON`);
  }
}

function parseMessage(value: unknown): GoogleWalletCallback {
  const m = (value ?? {}) as Record<string, unknown>;
  const expTimeMillis = Number(m.expTimeMillis);
  const count = m.count === undefined ? 1 : Number(m.count);
  if (
    typeof m.classId !== 'string' ||
    typeof m.objectId !== 'string' ||
    (m.eventType !== 'save' && m.eventType !== 'del') ||
    typeof m.nonce !== 'string' ||
    m.nonce === '' ||
    !Number.isFinite(expTimeMillis) ||
    !Number.isFinite(count)
  )
    throw new MalformedCallbackError(
      'signedMessage needs classId, objectId, eventType, expTimeMillis, nonce',
    );
  return {
    classId: m.classId,
    objectId: m.objectId,
    eventType: m.eventType,
    expTimeMillis,
    count,
    nonce: m.nonce,
  };
}
