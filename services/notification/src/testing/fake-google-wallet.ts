import { createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify, type JWTPayload } from 'jose';
import {
  createFakeCallbackSigner,
  type FakeCallbackSigner,
  type SignedCallbackBody,
} from './fake-google-callbacks';
import { FakeWalletResources, googleError, type Reply, type Resource } from './fake-google-resources';

export interface FakeGoogleWalletOptions {
  issuerId: string;
  /** verifies token assertions and save-link JWTs */
  serviceAccountPublicKey: KeyObject | string;
  /** when given, the `iss` of assertions and save links must be this */
  serviceAccountEmail?: string;
  /** base clock (default real time); advanceClock() moves it forward */
  now?: () => Date;
  /** default 3600 */
  tokenTtlSeconds?: number;
  /** default 1 h */
  intermediateKeyTtlMs?: number;
  /** told of every REST call as it is answered (benchmarks time updates with it) */
  onRequest?: (request: { method: string; path: string; status: number }) => void;
}

export interface CallbackDelivery {
  url: string;
  eventType: 'save' | 'del';
  objectId: string;
  body: SignedCallbackBody;
  /** HTTP status the receiver answered, 0 when unreachable */
  status: number;
}

export interface FakeGoogleState {
  classes: Resource[];
  objects: Resource[];
  messages: { objectId: string; message: Record<string, unknown>; notified: boolean; at: number }[];
  tokenRequests: { iss: unknown; scope: unknown; granted: boolean; error?: string }[];
  /** every REST call under /walletobjects/v1, with the status answered */
  requests: { method: string; path: string; status: number }[];
  callbacks: CallbackDelivery[];
}

export interface FakeGoogleWallet {
  /** `http://127.0.0.1:<port>`: also the save origin (`/gp/v/save/<jwt>`) */
  url: string;
  /** `<url>/walletobjects/v1` */
  baseUrl: string;
  tokenUrl: string;
  /** Google's root keys document `{keys: [{keyValue, protocolVersion}]}` */
  keysUrl: string;
  rootPublicKeyPem: string;
  /** the callback signer, for forging callbacks in tests */
  signer: FakeCallbackSigner;
  now(): Date;
  advanceClock(ms: number): void;
  state(): FakeGoogleState;
  /** the next `count` REST calls answer `status` (default 503) in Google's error shape */
  failNext(count: number, status?: number): void;
  /** every access token issued so far becomes invalid (→ 401) */
  revokeTokens(): void;
  /** the holder removes the pass: a signed `del` callback */
  removeFromWallet(objectId: string): Promise<CallbackDelivery | null>;
  /** delivers the same body again, as Google's at-least-once delivery may */
  redeliver(delivery: CallbackDelivery): Promise<CallbackDelivery>;
  reset(): void;
  close(): Promise<void>;
}

const API_PREFIX = '/walletobjects/v1';
const SAVE_PREFIX = '/gp/v/save/';
const WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
const MAX_SAVE_URL = 1800;

/**
 * A local stand-in for Google's side of Google Wallet (test double): the OAuth token endpoint, the stateful
 * `walletobjects/v1` REST API for loyalty classes and objects (fake-google-resources.ts), the save page and
 * the signed save/delete callbacks, all on 127.0.0.1:<random port>. It verifies what Google verifies
 * (assertion signature, audience, scope, lifetime; Bearer tokens; save-link JWT and length) and answers
 * with Google's status codes and error shape, so the REST adapter is tested against the protocol.
 *
 * Callbacks are delivered before the save request is answered (Google delivers them asynchronously) so
 * tests can assert without polling.
 */
export async function startFakeGoogleWallet(options: FakeGoogleWalletOptions): Promise<FakeGoogleWallet> {
  const saKey =
    typeof options.serviceAccountPublicKey === 'string'
      ? createPublicKey(options.serviceAccountPublicKey)
      : options.serviceAccountPublicKey;
  let offset = 0;
  const now = () => new Date((options.now?.() ?? new Date()).getTime() + offset);
  const signer = createFakeCallbackSigner({
    issuerId: options.issuerId,
    now,
    ...(options.intermediateKeyTtlMs ? { intermediateKeyTtlMs: options.intermediateKeyTtlMs } : {}),
  });
  let resources = new FakeWalletResources(options.issuerId, now);
  let tokens = new Map<string, number>();
  let failures: number[] = [];
  let log: Pick<FakeGoogleState, 'tokenRequests' | 'requests' | 'callbacks'> = {
    tokenRequests: [],
    requests: [],
    callbacks: [],
  };

  const server = createServer((req, res) => {
    handle(req).then(
      ([status, body]) => send(res, status, body),
      (error: unknown) => send(res, 500, googleError(500, 'INTERNAL', String(error))),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const tokenUrl = `${url}/token`;

  async function handle(req: IncomingMessage): Promise<Reply> {
    const path = new URL(req.url ?? '/', url).pathname;
    if (req.method === 'POST' && path === '/token') return token(await readBody(req));
    if (req.method === 'GET' && path === '/gp/m/issuer/keys')
      return [200, { keys: [{ keyValue: signer.rootPublicKeyBase64, protocolVersion: 'ECv2SigningOnly' }] }];
    if (req.method === 'GET' && path.startsWith(SAVE_PREFIX))
      return save(`${url}${req.url}`, path.slice(SAVE_PREFIX.length));
    if (!path.startsWith(`${API_PREFIX}/`)) return [404, googleError(404, 'NOT_FOUND', `no route ${path}`)];
    const reply = await api(req, path.slice(API_PREFIX.length));
    const request = { method: req.method ?? '', path, status: reply[0] };
    log.requests.push(request);
    options.onRequest?.(request);
    return reply;
  }

  async function api(req: IncomingMessage, path: string): Promise<Reply> {
    const failure = failures.shift();
    if (failure !== undefined)
      return [failure, googleError(failure, statusName(failure), 'injected failure')];
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expiresAt = bearer ? tokens.get(bearer) : undefined;
    if (expiresAt === undefined || expiresAt <= now().getTime())
      return [401, googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.')];
    const text = await readBody(req);
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      return [400, googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.')];
    }
    return resources.route(req.method ?? 'GET', path, body);
  }

  async function token(text: string): Promise<Reply> {
    const form = new URLSearchParams(text);
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return [400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' }];
    let claims: JWTPayload = {};
    try {
      ({ payload: claims } = await jwtVerify(form.get('assertion') ?? '', saKey, {
        algorithms: ['RS256'],
        audience: tokenUrl,
        currentDate: now(),
        requiredClaims: ['iss', 'iat', 'exp'],
        ...(options.serviceAccountEmail ? { issuer: options.serviceAccountEmail } : {}),
      }));
      if (
        !String(claims.scope ?? '')
          .split(' ')
          .includes(WALLET_SCOPE)
      )
        throw new Error('scope');
      if (claims.exp! - claims.iat! > 3600) throw new Error('exp more than 1 h after iat');
    } catch (error) {
      const description = `Invalid JWT: ${(error as Error).message}`;
      log.tokenRequests.push({ iss: claims.iss, scope: claims.scope, granted: false, error: description });
      return [400, { error: 'invalid_grant', error_description: description }];
    }
    log.tokenRequests.push({ iss: claims.iss, scope: claims.scope, granted: true });
    const accessToken = `ya29.fake-${randomBytes(16).toString('hex')}`;
    const ttl = options.tokenTtlSeconds ?? 3600;
    tokens.set(accessToken, now().getTime() + ttl * 1000);
    return [200, { access_token: accessToken, expires_in: ttl, token_type: 'Bearer' }];
  }

  async function save(fullUrl: string, jwt: string): Promise<Reply> {
    if (fullUrl.length >= MAX_SAVE_URL)
      return [400, googleError(400, 'INVALID_ARGUMENT', `save URL of ${fullUrl.length} characters`)];
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(jwt, saKey, {
        algorithms: ['RS256'],
        audience: 'google',
        currentDate: now(),
        ...(options.serviceAccountEmail ? { issuer: options.serviceAccountEmail } : {}),
      }));
    } catch (error) {
      return [400, googleError(400, 'INVALID_ARGUMENT', `invalid save JWT: ${(error as Error).message}`)];
    }
    if (claims.typ !== 'savetowallet')
      return [400, googleError(400, 'INVALID_ARGUMENT', 'typ must be savetowallet')];
    const payload = (claims.payload ?? {}) as { loyaltyClasses?: unknown[]; loyaltyObjects?: unknown[] };
    const result = resources.saveFromJwt(payload.loyaltyClasses ?? [], payload.loyaltyObjects ?? []);
    if ('refused' in result) return result.refused;
    for (const objectId of result.saved) await deliver(objectId, 'save');
    return [200, result];
  }

  async function deliver(objectId: string, eventType: 'save' | 'del'): Promise<CallbackDelivery | null> {
    const target = resources.callbackTarget(objectId);
    if (!target) return null;
    return post(target.url, eventType, objectId, signer.sign({ ...target, objectId, eventType }));
  }

  async function post(
    target: string,
    eventType: 'save' | 'del',
    objectId: string,
    body: SignedCallbackBody,
  ): Promise<CallbackDelivery> {
    let status = 0;
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(5_000),
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      // unreachable receiver: recorded with status 0
    }
    const delivery = { url: target, eventType, objectId, body, status };
    log.callbacks.push(delivery);
    return delivery;
  }

  return {
    url,
    baseUrl: `${url}${API_PREFIX}`,
    tokenUrl,
    keysUrl: `${url}/gp/m/issuer/keys`,
    rootPublicKeyPem: signer.rootPublicKeyPem,
    signer,
    now,
    advanceClock: (ms) => void (offset += ms),
    state: () => structuredClone({ ...resources.snapshot(), ...log }),
    failNext: (count, status = 503) => void failures.push(...Array<number>(count).fill(status)),
    revokeTokens: () => tokens.clear(),
    removeFromWallet: (objectId) => deliver(objectId, 'del'),
    redeliver: (delivery) => post(delivery.url, delivery.eventType, delivery.objectId, delivery.body),
    reset() {
      resources = new FakeWalletResources(options.issuerId, now);
      tokens = new Map();
      failures = [];
      log = { tokenRequests: [], requests: [], callbacks: [] };
      offset = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections(); // keep-alive sockets of fetch would hold close() open
      }),
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function statusName(status: number): string {
  const names: Record<number, string> = {
    400: 'INVALID_ARGUMENT',
    401: 'UNAUTHENTICATED',
    403: 'PERMISSION_DENIED',
    404: 'NOT_FOUND',
    409: 'ALREADY_EXISTS',
    429: 'RESOURCE_EXHAUSTED',
    500: 'INTERNAL',
    503: 'UNAVAILABLE',
  };
  return names[status] ?? 'UNKNOWN';
}
