import { connect, constants, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import { importPKCS8, SignJWT, type CryptoKey } from 'jose';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { mutateDocument, UNCHANGED } from '@punkto/platform/documents/mutate-document';
import { APNS_PRODUCTION_URL, isValidPushToken, type Apns, type PushOutcome } from './apns.port';

/**
 * How the provider proves itself to APNs: a token signing key (`.p8`, ES256, Apple's "Keys" page) or the pass
 * type's certificate as TLS client certificate (Apple's pass documentation).
 */
export type ApnsAuth =
  | { kind: 'token'; keyId: string; teamId: string; privateKeyPem: string }
  | { kind: 'certificate'; cert: string; key: string; passphrase?: string };

export interface Http2ApnsOptions {
  /** the pass type identifier */
  topic: string;
  auth: ApnsAuth;
  /** default Apple's production host (passes are never pushed by the sandbox) */
  url?: string;
  /** extra trust (the fake's test CA) */
  ca?: string;
  /** the process's clock (provider-token age) */
  now?: () => Date;
  /** a provider token is reused this long: Apple wants 20–60 min (default 40 min) */
  tokenLifetimeMs?: number;
  /** tries per push over 5xx answers and lost connections (default 3), each on a new connection */
  attempts?: number;
  /** pause before the 2nd try, doubled after (default 100 ms) */
  backoffMs?: number;
  /** one push's time limit (default 10 s) */
  timeoutMs?: number;
  /**
   * Where the provider token is kept beyond this process (token auth): a restarted process and the other
   * replicas reuse the token while it is young enough instead of minting one (APNs answers 429
   * TooManyProviderTokenUpdates to a new token within 20 minutes of the previous one).
   */
  tokenStore?: ProviderTokenStore;
}

/** A provider token as kept: the JWT, when it was minted, and by which key. */
export interface StoredProviderToken {
  jwt: string;
  mintedAt: number;
  keyId: string;
}
export interface ProviderTokenStore {
  load(): Promise<StoredProviderToken | null>;
  /**
   * Keeps a newly minted token and answers the token to use: another replica's when it minted one in the
   * meantime (two tokens within 20 minutes would be 429), unless `replace` (APNs called the kept one expired).
   */
  save(token: StoredProviderToken, options: { replace: boolean }): Promise<StoredProviderToken>;
}

/** The provider token kept in a service's document store (collection `apns_provider_tokens`, one document). */
export function documentProviderTokenStore(documents: DocumentStore): ProviderTokenStore {
  const tokens = documents.collection<StoredProviderToken & { _id: string }>('apns_provider_tokens');
  const plain = ({ jwt, mintedAt, keyId }: StoredProviderToken) => ({ jwt, mintedAt, keyId });
  return {
    async load() {
      const current = await tokens.get('current');
      return current ? plain(current) : null;
    },
    async save(token, { replace }) {
      const kept = await mutateDocument(tokens, 'current', (current) =>
        !replace &&
        current &&
        current.keyId === token.keyId &&
        Math.abs(token.mintedAt - current.mintedAt) < MIN_TOKEN_AGE_MS
          ? UNCHANGED
          : { _id: 'current', ...token },
      );
      return plain(kept!);
    },
  };
}

const MIN_TOKEN_AGE_MS = 20 * 60_000;
const MAX_TOKEN_AGE_MS = 60 * 60_000;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

class TransportError extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Apns over HTTP/2 (node:http2), one long-lived connection as Apple asks, opened again whenever APNs sends
 * GOAWAY or the connection drops. `POST /3/device/<token>` with `apns-topic` = the pass type and `{}`; no
 * `apns-push-type` (none exists for passes). Answers are turned into outcomes by WALLET.md's table: 410 →
 * `unregistered` with Apple's timestamp, 400 BadDeviceToken → `bad-token`, other 400/403 → `config-error`
 * (after one fresh provider token on ExpiredProviderToken), 429 → `retry-later`, 5xx or a lost connection →
 * tried again on a new connection with back-off, then `retry-later`.
 *
 * A provider token (ES256 JWT: `kid`, `iss` = team, `iat`) is minted once and reused for `tokenLifetimeMs`:
 * minted more often APNs answers 429 TooManyProviderTokenUpdates, kept over an hour 403 ExpiredProviderToken.
 */
export class Http2Apns implements Apns {
  private session: ClientHttp2Session | undefined;
  private signingKey: Promise<CryptoKey> | undefined;
  private providerToken: { jwt: Promise<string>; mintedAt: number } | undefined;
  private readonly url: string;
  private readonly now: () => Date;
  private readonly tokenLifetimeMs: number;
  private closed = false;

  constructor(private readonly options: Http2ApnsOptions) {
    this.url = options.url ?? APNS_PRODUCTION_URL;
    this.now = options.now ?? (() => new Date());
    this.tokenLifetimeMs = options.tokenLifetimeMs ?? 40 * 60_000;
    if (this.tokenLifetimeMs < MIN_TOKEN_AGE_MS || this.tokenLifetimeMs >= MAX_TOKEN_AGE_MS)
      throw new RangeError('tokenLifetimeMs must be at least 20 min and under 60 min (APNs rules)');
  }

  async push(pushToken: string): Promise<PushOutcome> {
    if (this.closed) throw new Error('Http2Apns is closed');
    if (!isValidPushToken(pushToken)) return { outcome: 'bad-token' };
    const attempts = this.options.attempts ?? 3;
    let renewedToken = false;
    let lastProblem = '';
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await sleep((this.options.backoffMs ?? 100) * 2 ** (attempt - 1));
      let answer: Answer;
      try {
        answer = await this.send(pushToken.toLowerCase());
      } catch (error) {
        this.dropSession();
        lastProblem = `connection: ${(error as Error).message}`;
        continue;
      }
      const reason = reasonOf(answer.body);
      if (answer.status === 200)
        return { outcome: 'sent', apnsId: String(answer.headers['apns-id'] ?? '') || undefined };
      if (answer.status === 410) {
        const timestamp = timestampOf(answer.body);
        return { outcome: 'unregistered', since: timestamp ?? this.now() };
      }
      if (answer.status === 400 && reason === 'BadDeviceToken') return { outcome: 'bad-token' };
      if (answer.status === 403 && reason === 'ExpiredProviderToken' && !renewedToken) {
        // Our clock and Apple's disagree or the token outlived its hour: one fresh token, at once.
        renewedToken = true;
        if (this.options.auth.kind === 'token') await this.jwt(true).catch(() => undefined);
        attempt--;
        continue;
      }
      if (answer.status === 429)
        return {
          outcome: 'retry-later',
          reason: `429 ${reason}`,
          retryAfterMs: retryAfterOf(answer.headers),
        };
      if (answer.status >= 500) {
        this.dropSession();
        lastProblem = `${answer.status} ${reason}`;
        continue;
      }
      return { outcome: 'config-error', reason: `${answer.status} ${reason}`.trim() };
    }
    return { outcome: 'retry-later', reason: lastProblem };
  }

  async close(): Promise<void> {
    this.closed = true;
    const session = this.session;
    this.session = undefined;
    if (session && !session.closed) await new Promise<void>((resolve) => session.close(() => resolve()));
  }

  private async send(pushToken: string): Promise<Answer> {
    const headers: Record<string, string> = {
      ':method': 'POST',
      ':path': `/3/device/${pushToken}`,
      'apns-topic': this.options.topic,
      'content-type': 'application/json',
    };
    if (this.options.auth.kind === 'token') headers.authorization = `bearer ${await this.jwt()}`;
    const session = this.connection();
    const timeoutMs = this.options.timeoutMs ?? 10_000;
    return new Promise<Answer>((resolve, reject) => {
      let stream;
      try {
        stream = session.request(headers);
      } catch (error) {
        reject(new TransportError((error as Error).message));
        return;
      }
      let status = 0;
      let responseHeaders: IncomingHttpHeaders = {};
      let body = '';
      stream.setEncoding('utf8');
      stream.setTimeout(timeoutMs, () => {
        stream.close(constants.NGHTTP2_CANCEL);
        reject(new TransportError(`no answer within ${timeoutMs} ms`));
      });
      stream.on('response', (h) => {
        status = Number(h[':status']);
        responseHeaders = h;
      });
      stream.on('data', (chunk: string) => (body += chunk));
      stream.on('end', () => {
        if (status) resolve({ status, headers: responseHeaders, body });
        else reject(new TransportError('stream ended without an answer'));
      });
      stream.on('close', () => {
        if (!status) reject(new TransportError(`stream closed (code ${stream.rstCode})`));
      });
      stream.on('error', (error) => reject(new TransportError(error.message)));
      stream.end('{}');
    });
  }

  private connection(): ClientHttp2Session {
    const current = this.session;
    if (current && !current.closed && !current.destroyed) return current;
    const auth = this.options.auth;
    const session = connect(this.url, {
      ...(this.options.ca ? { ca: this.options.ca } : {}),
      ...(auth.kind === 'certificate'
        ? { cert: auth.cert, key: auth.key, ...(auth.passphrase ? { passphrase: auth.passphrase } : {}) }
        : {}),
    });
    const forget = () => {
      if (this.session === session) this.session = undefined;
    };
    session.on('goaway', forget);
    session.on('close', forget);
    session.on('error', forget);
    this.session = session;
    return session;
  }

  private dropSession(): void {
    const session = this.session;
    this.session = undefined;
    if (session && !session.destroyed) session.destroy();
  }

  /**
   * One provider token at a time: simultaneous pushes share the one being minted (a second would be 429). A
   * token kept in the store (another replica's, or this service's before a restart) is reused while younger
   * than `tokenLifetimeMs`, unless APNs just called ours expired (`fresh`).
   */
  private jwt(fresh = false): Promise<string> {
    const auth = this.options.auth;
    if (auth.kind !== 'token') throw new Error('not token auth');
    const now = this.now().getTime();
    if (!fresh && this.providerToken && now - this.providerToken.mintedAt < this.tokenLifetimeMs)
      return this.providerToken.jwt;
    this.signingKey ??= importPKCS8(auth.privateKeyPem, 'ES256');
    const signingKey = this.signingKey;
    const store = this.options.tokenStore;
    const entry: { jwt: Promise<string>; mintedAt: number } = { jwt: Promise.resolve(''), mintedAt: now };
    entry.jwt = (async () => {
      const stored = fresh ? null : await store?.load();
      if (
        stored &&
        stored.keyId === auth.keyId &&
        stored.mintedAt <= now &&
        now - stored.mintedAt < this.tokenLifetimeMs
      ) {
        entry.mintedAt = stored.mintedAt;
        return stored.jwt;
      }
      const jwt = await new SignJWT({ iss: auth.teamId, iat: Math.floor(now / 1000) })
        .setProtectedHeader({ alg: 'ES256', kid: auth.keyId })
        .sign(await signingKey);
      if (!store) return jwt;
      const kept = await store.save({ jwt, mintedAt: now, keyId: auth.keyId }, { replace: fresh });
      entry.mintedAt = kept.mintedAt;
      return kept.jwt;
    })();
    this.providerToken = entry;
    entry.jwt.catch(() => {
      if (this.providerToken === entry) this.providerToken = undefined;
    });
    return entry.jwt;
  }
}

function parsedBody(body: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const reasonOf = (body: string): string => {
  const reason = parsedBody(body).reason;
  return typeof reason === 'string' ? reason : '';
};

const timestampOf = (body: string): Date | null => {
  const timestamp = Number(parsedBody(body).timestamp);
  return Number.isFinite(timestamp) && timestamp > 0 ? new Date(timestamp) : null;
};

function retryAfterOf(headers: IncomingHttpHeaders): number | undefined {
  const seconds = Number(headers['retry-after']);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}
