import type { PayuConfig } from './payu-config';

/** PayU refused a call (auth, validation, business rule): PayU's own status code and description. */
export class PayuError extends Error {
  readonly code = 'PAYMENT.PROVIDER_ERROR';
  constructor(
    readonly httpStatus: number,
    readonly statusCode: string,
    readonly statusDesc: string | undefined,
    readonly operation: string,
  ) {
    super(
      `PayU ${operation} failed: HTTP ${httpStatus} ${statusCode}${statusDesc ? ` — ${statusDesc}` : ''}`,
    );
    this.name = 'PayuError';
  }
}

export interface PayuProviderOptions {
  fetch?: typeof fetch;
  /** ms since the epoch; injectable for the token-expiry tests */
  now?: () => number;
  /** refresh the cached token this long before PayU's `expires_in` ends */
  tokenSafetyMarginMs?: number;
  /** the longest one call to PayU (headers and body) may take; default 15 s */
  requestTimeoutMs?: number;
}

export interface PayuStatus {
  statusCode?: string;
  code?: string;
  codeLiteral?: string;
  statusDesc?: string;
  severity?: string;
}

export interface PayuOrderCreated {
  status?: PayuStatus;
  redirectUri?: string;
  orderId?: string;
  extOrderId?: string;
  payMethods?: {
    payMethod?: {
      type?: string;
      value?: string;
      card?: { number?: string; expirationMonth?: string | number; expirationYear?: string | number };
    };
  };
}

/**
 * PayU's REST calls with the OAuth token: form-encoded `grant_type=client_credentials` (PayU answers 401 to
 * JSON); the token is cached until a minute before `expires_in` and fetched again once when a call answers 401.
 * Orders answer **302 with a JSON body** (hosted page / 3-D Secure): never follow it (`redirect: 'manual'`).
 */
export class PayuApi {
  private token: { value: string; expiresAt: number } | undefined;
  private tokenRequest: Promise<string> | undefined;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private readonly margin: number;
  private readonly timeoutMs: number;

  constructor(
    private readonly config: PayuConfig,
    options: PayuProviderOptions = {},
  ) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? Date.now;
    this.margin = options.tokenSafetyMarginMs ?? 60_000;
    this.timeoutMs = options.requestTimeoutMs ?? 15_000;
  }

  async createOrder(body: object, operation: string): Promise<PayuOrderCreated> {
    const res = await this.api('POST', '/api/v2_1/orders', body, operation);
    const created = (await res.json().catch(() => ({}))) as PayuOrderCreated;
    const statusCode = created.status?.statusCode ?? 'NO_STATUS';
    const accepted = ['SUCCESS', 'WARNING_CONTINUE_3DS', 'WARNING_CONTINUE_CVV'].includes(statusCode);
    if (!accepted || !created.orderId)
      throw new PayuError(
        res.status,
        statusCode,
        created.status?.statusDesc ?? created.status?.codeLiteral,
        operation,
      );
    return created;
  }

  /** One API call with the cached token; a 401 fetches a new token and tries once more. */
  async api(method: string, path: string, body: object | undefined, operation: string): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken(attempt > 0);
      const res = await this.fetch(`${this.config.baseUrl}${path}`, {
        method,
        redirect: 'manual',
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        // a PayU that does not answer fails the call (a renewal job, a closure's card deletion) instead of holding it
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (res.status === 401 && attempt === 0) {
        await res.body?.cancel();
        this.token = undefined;
        continue;
      }
      // 302 is PayU's normal answer to a new order (a JSON body with redirectUri)
      if (res.ok || res.status === 302) return res;
      const json = (await res.json().catch(() => ({}))) as {
        status?: PayuStatus;
        error?: string;
        error_description?: string;
      };
      throw new PayuError(
        res.status,
        json.status?.statusCode ?? json.error ?? 'HTTP_ERROR',
        json.status?.statusDesc ?? json.error_description,
        operation,
      );
    }
  }

  private async accessToken(forceRefresh: boolean): Promise<string> {
    if (!forceRefresh && this.token && this.now() < this.token.expiresAt) return this.token.value;
    this.tokenRequest ??= this.requestToken().finally(() => (this.tokenRequest = undefined));
    return this.tokenRequest;
  }

  private async requestToken(): Promise<string> {
    const res = await this.fetch(`${this.config.baseUrl}/pl/standard/user/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
      }).toString(),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const json = (await res.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
      error_description?: string;
    };
    if (!res.ok || !json.access_token || typeof json.expires_in !== 'number')
      throw new PayuError(res.status, json.error ?? 'OAUTH_ERROR', json.error_description, 'authorize');
    this.token = {
      value: json.access_token,
      expiresAt: this.now() + Math.max(0, json.expires_in * 1000 - this.margin),
    };
    return json.access_token;
  }
}
