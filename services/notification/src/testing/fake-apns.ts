import type { X509Certificate } from 'node:crypto';
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import {
  constants,
  createSecureServer,
  type Http2Server,
  type Http2Session,
  type ServerHttp2Stream,
} from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import forge from 'node-forge';
import { MAX_PAYLOAD_BYTES } from '../passes/providers/apns/apns.port';

/** How providers prove themselves to this fake: ES256 provider tokens or client certificates it issued. */
export type FakeApnsAuth =
  { kind: 'token'; teamId: string; keyId: string; publicKey: KeyObject | string } | { kind: 'certificate' };

export interface FakeApnsOptions {
  /** the pass type identifier pushes must name in `apns-topic` */
  topic: string;
  auth: FakeApnsAuth;
  /** base clock (default real time); advanceClock() moves it forward */
  now?: () => Date;
  /** every answer waits this long (default 0) */
  latencyMs?: number;
  /** told of every push as it is answered (benchmarks time pushes with it) */
  onPush?: (push: FakePush) => void;
}

/** A programmed answer for one push to a token (consumed in order; then 200). */
export type FakeApnsAnswer =
  | { status: 400 | 403 | 404 | 413 | 429 | 500 | 503; reason: string }
  | { status: 410; reason?: 'Unregistered' | 'ExpiredToken'; timestamp: number }
  | { goaway: true };

export interface FakePush {
  pushToken: string;
  topic: string | undefined;
  payload: string;
  status: number;
  reason?: string;
  /** the connection (1, 2, …) it came on */
  connection: number;
  /** how the provider authenticated */
  auth: 'token' | 'certificate' | 'none';
  at: number;
}

export interface FakeApns {
  /** `https://127.0.0.1:<port>` */
  url: string;
  /** the fake's test CA (PEM): trust it in the client */
  ca: string;
  /** a pass certificate for `topic` issued by the test CA (certificate auth) */
  issueClientCertificate(topic: string): { cert: string; key: string };
  /** programs the next answers for one token */
  answer(pushToken: string, ...answers: FakeApnsAnswer[]): void;
  /** every push received, accepted or not */
  pushes(): FakePush[];
  /** pushes answered 200 */
  delivered(): FakePush[];
  /** connections opened so far */
  connections(): number;
  now(): Date;
  advanceClock(ms: number): void;
  setLatency(ms: number): void;
  reset(): void;
  close(): Promise<void>;
}

const YEAR_MS = 365 * 86_400_000;
const PASS_TYPE_UID = '0.9.2342.19200300.100.1.1';

function rsaPair() {
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey: pair.publicKey, privateKey: pair.privateKey };
}

function issue(options: {
  subject: forge.pki.CertificateField[];
  issuer: forge.pki.CertificateField[];
  publicKeyPem: string;
  issuerKeyPem: string;
  extensions: object[];
}): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(options.publicKeyPem);
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + YEAR_MS);
  cert.setSubject(options.subject);
  cert.setIssuer(options.issuer);
  cert.setExtensions(options.extensions);
  cert.sign(forge.pki.privateKeyFromPem(options.issuerKeyPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

interface Reply {
  status: number;
  reason?: string;
  timestamp?: number;
}

/**
 * A local stand-in for APNs (test double) on `https://127.0.0.1:<random port>`, HTTP/2 over TLS with its own
 * test CA. It answers only `POST /3/device/<token>` and checks what APNs checks (WALLET.md): the token is
 * hexadecimal, `apns-topic` is present and is the pass type, the payload is JSON of at most 4 KB, and the
 * provider is authenticated — a client certificate it issued whose UID is the topic, or an ES256 provider
 * token with the right `kid` and `iss`, at most an hour old (403 ExpiredProviderToken), not replaced by a
 * new one within 20 minutes (429 TooManyProviderTokenUpdates). Answers can be programmed per token (400, 403,
 * 410 with timestamp, 429, 5xx, GOAWAY) and delayed; every push is recorded.
 */
export async function startFakeApns(options: FakeApnsOptions): Promise<FakeApns> {
  const baseNow = options.now ?? (() => new Date());
  let offset = 0;
  const now = () => new Date(baseNow().getTime() + offset);
  let latencyMs = options.latencyMs ?? 0;

  const caKeys = rsaPair();
  const caName = [{ shortName: 'CN', value: 'Fake APNs Test CA' }];
  const ca = issue({
    subject: caName,
    issuer: caName,
    publicKeyPem: caKeys.publicKey,
    issuerKeyPem: caKeys.privateKey,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const serverKeys = rsaPair();
  const serverCert = issue({
    subject: [{ shortName: 'CN', value: 'localhost' }],
    issuer: caName,
    publicKeyPem: serverKeys.publicKey,
    issuerKeyPem: caKeys.privateKey,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });

  let pushes: FakePush[] = [];
  let scripted = new Map<string, FakeApnsAnswer[]>();
  let connections = 0;
  const connectionNumber = new WeakMap<Http2Session, number>();
  const sessions = new Set<Http2Session>();
  /** the provider token in use and when it first came (APNs limits replacing it) */
  let currentToken: { jwt: string; firstSeen: number } | undefined;

  const server: Http2Server = createSecureServer({
    key: serverKeys.privateKey,
    cert: serverCert,
    ca,
    requestCert: options.auth.kind === 'certificate',
    rejectUnauthorized: false, // answered in APNs' words below, not as a TLS failure
    allowHTTP1: false,
  });
  server.on('session', (session) => {
    connections += 1;
    connectionNumber.set(session, connections);
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });

  async function authenticate(
    stream: ServerHttp2Stream,
    authorization: string | undefined,
    topic: string | undefined,
  ): Promise<{ auth: FakePush['auth']; reply?: Reply }> {
    if (options.auth.kind === 'certificate') {
      const socket = stream.session?.socket as TLSSocket | undefined;
      const peer = socket?.getPeerX509Certificate?.();
      if (!peer || !socket?.authorized)
        return { auth: 'none', reply: { status: 403, reason: 'BadCertificate' } };
      const uid = uidOf(peer);
      if (topic && uid !== topic)
        return { auth: 'certificate', reply: { status: 400, reason: 'DeviceTokenNotForTopic' } };
      return { auth: 'certificate' };
    }
    const expected = options.auth;
    if (!authorization?.toLowerCase().startsWith('bearer '))
      return { auth: 'none', reply: { status: 403, reason: 'MissingProviderToken' } };
    const jwt = authorization.slice('bearer '.length).trim();
    try {
      const header = decodeProtectedHeader(jwt);
      if (header.alg !== 'ES256' || header.kid !== expected.keyId) throw new Error('kid');
      const { payload } = await jwtVerify(jwt, expected.publicKey as KeyObject, {
        algorithms: ['ES256'],
        currentDate: now(),
        clockTolerance: 365 * 86_400,
      });
      if (payload.iss !== expected.teamId || typeof payload.iat !== 'number') throw new Error('iss');
      if (now().getTime() - payload.iat * 1000 > 60 * 60_000) {
        currentToken = undefined;
        return { auth: 'token', reply: { status: 403, reason: 'ExpiredProviderToken' } };
      }
    } catch {
      return { auth: 'token', reply: { status: 403, reason: 'InvalidProviderToken' } };
    }
    if (currentToken?.jwt !== jwt) {
      if (currentToken && now().getTime() - currentToken.firstSeen < 20 * 60_000)
        return { auth: 'token', reply: { status: 429, reason: 'TooManyProviderTokenUpdates' } };
      currentToken = { jwt, firstSeen: now().getTime() };
    }
    return { auth: 'token' };
  }

  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_PAYLOAD_BYTES + 1) chunks.push(chunk);
    });
    stream.on('error', () => undefined);
    stream.on('end', () => {
      void (async () => {
        const path = String(headers[':path'] ?? '');
        const method = String(headers[':method'] ?? '');
        const topic = headers['apns-topic'] as string | undefined;
        const match = /^\/3\/device\/([^/?]+)$/.exec(path);
        const pushToken = match?.[1] ?? '';
        const payload = Buffer.concat(chunks).toString('utf8');
        const { auth, reply: authReply } = await authenticate(
          stream,
          headers.authorization as string | undefined,
          topic,
        );
        const record = (reply: Reply) => {
          const push: FakePush = {
            pushToken,
            topic,
            payload,
            status: reply.status,
            ...(reply.reason ? { reason: reply.reason } : {}),
            connection: stream.session ? (connectionNumber.get(stream.session) ?? 0) : 0,
            auth,
            at: now().getTime(),
          };
          pushes.push(push);
          options.onPush?.(push);
        };
        const answer = (reply: Reply) => {
          record(reply);
          if (stream.destroyed) return;
          stream.respond({
            ':status': reply.status,
            'apns-id': randomBytes(16).toString('hex'),
            ...(reply.status === 200 ? {} : { 'content-type': 'application/json' }),
          });
          stream.end(
            reply.status === 200
              ? undefined
              : JSON.stringify({
                  reason: reply.reason,
                  ...(reply.timestamp !== undefined ? { timestamp: reply.timestamp } : {}),
                }),
          );
        };
        if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
        if (!match) return answer({ status: 404, reason: 'BadPath' });
        if (method !== 'POST') return answer({ status: 405, reason: 'MethodNotAllowed' });
        if (authReply) return answer(authReply);
        if (!topic) return answer({ status: 400, reason: 'MissingTopic' });
        if (topic !== options.topic) return answer({ status: 400, reason: 'DeviceTokenNotForTopic' });
        if (!/^[0-9a-f]{64,200}$/i.test(pushToken)) return answer({ status: 400, reason: 'BadDeviceToken' });
        const pushType = headers['apns-push-type'];
        if (pushType !== undefined && pushType !== 'alert')
          return answer({ status: 400, reason: 'InvalidPushType' });
        if (size > MAX_PAYLOAD_BYTES) return answer({ status: 413, reason: 'PayloadTooLarge' });
        if (size === 0) return answer({ status: 400, reason: 'PayloadEmpty' });
        try {
          JSON.parse(payload);
        } catch {
          return answer({ status: 400, reason: 'BadPayload' });
        }
        const next = scripted.get(pushToken.toLowerCase())?.shift();
        if (next && 'goaway' in next) {
          record({ status: 0, reason: 'GOAWAY' });
          stream.session?.goaway(constants.NGHTTP2_NO_ERROR);
          stream.close(constants.NGHTTP2_REFUSED_STREAM);
          return;
        }
        if (next && next.reason === 'ExpiredProviderToken') currentToken = undefined; // a fresh one is welcome
        if (next) return answer(next.status === 410 ? { reason: 'Unregistered', ...next } : next);
        return answer({ status: 200 });
      })();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `https://127.0.0.1:${port}`,
    ca,
    issueClientCertificate(topic) {
      const keys = rsaPair();
      const cert = issue({
        subject: [
          { type: PASS_TYPE_UID, value: topic },
          { shortName: 'CN', value: `Pass Type ID: ${topic}` },
        ],
        issuer: caName,
        publicKeyPem: keys.publicKey,
        issuerKeyPem: caKeys.privateKey,
        extensions: [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true },
          { name: 'extKeyUsage', clientAuth: true },
        ],
      });
      return { cert, key: keys.privateKey };
    },
    answer(pushToken, ...answers) {
      const key = pushToken.toLowerCase();
      scripted.set(key, [...(scripted.get(key) ?? []), ...answers]);
    },
    pushes: () => [...pushes],
    delivered: () => pushes.filter((p) => p.status === 200),
    connections: () => connections,
    now,
    advanceClock: (ms) => void (offset += ms),
    setLatency: (ms) => void (latencyMs = ms),
    reset() {
      pushes = [];
      scripted = new Map();
    },
    async close() {
      for (const session of sessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** the pass type a certificate was issued for (subject `UID=`) */
function uidOf(certificate: X509Certificate): string | null {
  const line = certificate.subject.split('\n').find((l) => l.startsWith('UID='));
  return line ? line.slice(4) : null;
}
