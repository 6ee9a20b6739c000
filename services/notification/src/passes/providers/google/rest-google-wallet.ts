import { createPrivateKey, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import {
  assertWalletId,
  DEFAULT_SAVE_ORIGIN,
  GoogleWalletError,
  type GoogleWallet,
  type LoyaltyClass,
  type LoyaltyObject,
  type LoyaltyObjectPatch,
  type ObjectRef,
  type WalletMessage,
  type WalletMessageType,
} from './google-wallet.port';
import { signSaveLink } from './save-link';

export const GOOGLE_WALLET_API = 'https://walletobjects.googleapis.com/walletobjects/v1';
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';

export interface RestGoogleWalletOptions {
  issuerId: string;
  /** the fields `client_email`, `private_key` (PKCS#8 PEM) and `private_key_id` of the JSON key file */
  serviceAccount: { clientEmail: string; privateKey: string; privateKeyId?: string };
  /** default GOOGLE_WALLET_API */
  baseUrl?: string;
  /** default GOOGLE_TOKEN_URL */
  tokenUrl?: string;
  /** default https://pay.google.com */
  saveOrigin?: string;
  /** origins allowed to embed the save button; default none */
  origins?: string[];
  /** the process's clock (ServiceDeps.clock) */
  now: () => Date;
  /** attempts per call on 429 / 5xx / network failure (default 4); pauses double from `baseDelayMs` (200) */
  retry?: { attempts?: number; baseDelayMs?: number; maxDelayMs?: number };
  /** per request, default 10 s */
  timeoutMs?: number;
}

interface HttpResult {
  status: number;
  text: string;
  retryAfter: string | null;
}

interface CachedToken {
  token: string;
  refreshAt: number;
}

/**
 * GoogleWallet over Google's REST API (`walletobjects/v1`), authenticated as a service account: an RS256
 * assertion is exchanged for an access token (OAuth2 JWT bearer grant) that is cached until shortly before it
 * expires, shared by concurrent calls, and fetched again once when Google answers 401.
 *
 * 429 and 5xx are retried a bounded number of times with jittered exponential back-off (honouring
 * `Retry-After`); the notification quota refusal of addMessage is not retried but resent as `TEXT`.
 * Upserts insert first and update on 409, so the common case (a new card) is one request.
 */
export class RestGoogleWallet implements GoogleWallet {
  private readonly baseUrl: string;
  private readonly tokenUrl: string;
  private readonly privateKey: KeyObject;
  private readonly now: () => Date;
  private cached: CachedToken | null = null;
  private pendingToken: Promise<CachedToken> | null = null;
  private closed = false;

  constructor(private readonly options: RestGoogleWalletOptions) {
    this.baseUrl = (options.baseUrl ?? GOOGLE_WALLET_API).replace(/\/+$/, '');
    this.tokenUrl = options.tokenUrl ?? GOOGLE_TOKEN_URL;
    // A PEM read from an env var often has literal `\n` instead of line breaks.
    this.privateKey = createPrivateKey(options.serviceAccount.privateKey.replace(/\\n/g, '\n'));
    this.now = options.now;
  }

  async upsertClass(loyaltyClass: LoyaltyClass): Promise<LoyaltyClass> {
    assertWalletId(loyaltyClass.id, this.options.issuerId);
    return this.insertOrUpdate('loyaltyClass', loyaltyClass.id, loyaltyClass);
  }

  async upsertObject(loyaltyObject: LoyaltyObject): Promise<LoyaltyObject> {
    assertWalletId(loyaltyObject.id, this.options.issuerId);
    assertWalletId(loyaltyObject.classId, this.options.issuerId);
    return this.insertOrUpdate('loyaltyObject', loyaltyObject.id, loyaltyObject);
  }

  async getObject(id: string): Promise<LoyaltyObject | null> {
    assertWalletId(id, this.options.issuerId);
    try {
      return await this.call<LoyaltyObject>('GET', `/loyaltyObject/${encodeURIComponent(id)}`);
    } catch (error) {
      if (error instanceof GoogleWalletError && error.status === 404) return null;
      throw error;
    }
  }

  async patchObject(id: string, patch: LoyaltyObjectPatch): Promise<LoyaltyObject> {
    assertWalletId(id, this.options.issuerId);
    return this.call<LoyaltyObject>('PATCH', `/loyaltyObject/${encodeURIComponent(id)}`, patch);
  }

  async addMessage(
    objectId: string,
    message: Omit<WalletMessage, 'messageType'>,
    options: { notify: boolean },
  ): Promise<{ notified: boolean }> {
    assertWalletId(objectId, this.options.issuerId);
    const send = (messageType: WalletMessageType) =>
      this.call('POST', `/loyaltyObject/${encodeURIComponent(objectId)}/addMessage`, {
        message: { ...message, messageType },
      });
    if (!options.notify) {
      await send('TEXT');
      return { notified: false };
    }
    try {
      await send('TEXT_AND_NOTIFY');
      return { notified: true };
    } catch (error) {
      if (!isNotifyQuotaError(error)) throw error;
      // The holder still sees the message on the pass; only the lock-screen notice is lost.
      await send('TEXT');
      return { notified: false };
    }
  }

  async saveLink(objects: ObjectRef[]): Promise<string> {
    this.assertOpen();
    return signSaveLink(
      {
        issuerId: this.options.issuerId,
        serviceAccountEmail: this.options.serviceAccount.clientEmail,
        privateKey: this.privateKey,
        origins: this.options.origins ?? [],
        saveOrigin: this.options.saveOrigin ?? DEFAULT_SAVE_ORIGIN,
        now: this.now,
      },
      objects,
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    this.cached = null;
  }

  private async insertOrUpdate<T>(kind: 'loyaltyClass' | 'loyaltyObject', id: string, body: T): Promise<T> {
    try {
      return await this.call<T>('POST', `/${kind}`, body);
    } catch (error) {
      if (!(error instanceof GoogleWalletError) || error.status !== 409) throw error;
      return this.call<T>('PUT', `/${kind}/${encodeURIComponent(id)}`, body);
    }
  }

  /** One API call: Bearer token, retries, one token refresh on 401, Google's error shape → GoogleWalletError. */
  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    this.assertOpen();
    const attempt = async () => {
      const token = await this.accessToken();
      const result = await this.exchange(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { token, result };
    };
    const first = await attempt();
    let result = first.result;
    if (result.status === 401) {
      // Revoked or expired early (clock skew, key rotation): one fresh token, then give up. A token another
      // call has already replaced stays.
      if (this.cached?.token === first.token) this.cached = null;
      result = (await attempt()).result;
    }
    if (result.status >= 200 && result.status < 300) return JSON.parse(result.text || '{}') as T;
    throw toWalletError(result);
  }

  private async accessToken(): Promise<string> {
    if (this.cached && this.now().getTime() < this.cached.refreshAt) return this.cached.token;
    // Concurrent calls share one exchange.
    this.pendingToken ??= this.fetchToken()
      .then((fresh) => (this.cached = fresh))
      .finally(() => (this.pendingToken = null));
    return (await this.pendingToken).token;
  }

  /**
   * The service-account grant (RFC 7523), written here rather than with google-auth-library (weighed for issue 29):
   * its JWT client signs `iat`/`exp` and times the refresh by the machine's clock and sends the grant to Google's
   * fixed token URL (a constant in its token module), while this adapter follows the service's clock and a
   * configurable token URL — what lets the local Google (testing/fake-google-wallet.ts) verify the grant and the
   * tests move time past a token's expiry. The exchange is one signed JWT and one form POST.
   */
  private async fetchToken(): Promise<CachedToken> {
    const iat = Math.floor(this.now().getTime() / 1000);
    const assertion = await new SignJWT({ scope: WALLET_SCOPE })
      .setProtectedHeader({
        alg: 'RS256',
        typ: 'JWT',
        ...(this.options.serviceAccount.privateKeyId
          ? { kid: this.options.serviceAccount.privateKeyId }
          : {}),
      })
      .setIssuer(this.options.serviceAccount.clientEmail)
      .setAudience(this.tokenUrl)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(this.privateKey);
    const result = await this.exchange(this.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }).toString(),
    });
    const answer = parseJson(result.text) as {
      access_token?: unknown;
      expires_in?: unknown;
      error?: unknown;
      error_description?: unknown;
    } | null;
    if (result.status !== 200 || typeof answer?.access_token !== 'string') {
      // OAuth errors are `{error: 'invalid_grant', error_description}`, not the API's error shape.
      const code = typeof answer?.error === 'string' ? answer.error : 'TOKEN_EXCHANGE_FAILED';
      const message = typeof answer?.error_description === 'string' ? answer.error_description : result.text;
      throw new GoogleWalletError(result.status, code, `token exchange refused: ${message.slice(0, 300)}`);
    }
    const expiresInMs = (typeof answer.expires_in === 'number' ? answer.expires_in : 3600) * 1000;
    // Refresh a minute early (half the lifetime for short tokens) so no call goes out with a dying token.
    const margin = Math.min(60_000, expiresInMs / 2);
    return { token: answer.access_token, refreshAt: this.now().getTime() + expiresInMs - margin };
  }

  /** fetch with bounded retries on network failures, 429 (except the notify quota) and 5xx */
  private async exchange(url: string, init: RequestInit): Promise<HttpResult> {
    const attempts = Math.max(1, this.options.retry?.attempts ?? 4);
    for (let attempt = 1; ; attempt++) {
      let result: HttpResult;
      try {
        const response = await fetch(url, {
          ...init,
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
        });
        result = {
          status: response.status,
          text: await response.text(),
          retryAfter: response.headers.get('retry-after'),
        };
      } catch (error) {
        if (attempt >= attempts) throw error;
        await this.pause(attempt, null);
        continue;
      }
      const retryable =
        result.status >= 500 || (result.status === 429 && !isNotifyQuotaError(toWalletError(result)));
      if (!retryable || attempt >= attempts) return result;
      await this.pause(attempt, result.retryAfter);
    }
  }

  private pause(attempt: number, retryAfter: string | null): Promise<void> {
    const base = this.options.retry?.baseDelayMs ?? 200;
    const max = this.options.retry?.maxDelayMs ?? 5_000;
    const seconds = retryAfter === null ? NaN : Number(retryAfter);
    // Full jitter: many workers hitting one rate limit do not come back in lock-step.
    const ms = Number.isFinite(seconds)
      ? Math.min(max, seconds * 1000)
      : Math.random() * Math.min(max, base * 2 ** (attempt - 1));
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('RestGoogleWallet is closed');
  }
}

/**
 * The per-pass notification quota (QuotaExceededException, 3 TEXT_AND_NOTIFY per 24 h). Told apart from
 * ordinary rate limits (`rateLimitExceeded`, "Quota exceeded for quota metric…"), which are retried.
 */
export function isNotifyQuotaError(error: unknown): boolean {
  return (
    error instanceof GoogleWalletError &&
    error.status === 429 &&
    (error.reason === 'QuotaExceededException' || /QuotaExceededException/.test(error.message))
  );
}

function toWalletError(result: HttpResult): GoogleWalletError {
  const body = parseJson(result.text) as {
    error?: { code?: unknown; message?: unknown; status?: unknown; errors?: { reason?: unknown }[] };
  } | null;
  const error = body?.error;
  const reason = error?.errors?.[0]?.reason;
  return new GoogleWalletError(
    result.status,
    typeof error?.status === 'string' ? error.status : `HTTP_${result.status}`,
    typeof error?.message === 'string' ? error.message : result.text.slice(0, 300),
    typeof reason === 'string' ? reason : undefined,
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
