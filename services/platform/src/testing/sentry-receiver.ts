import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, inflateSync } from 'node:zlib';

/**
 * A local Sentry-protocol receiver for tests (ADR 0024): what Sentry or a self-hosted GlitchTip does at
 * `POST /api/<project>/envelope/` — checks the project and the public key (the `X-Sentry-Auth` header, the
 * `sentry_key` query parameter or the envelope header's `dsn`, the three ways SDKs and tunnels authenticate),
 * takes gzip/deflate bodies, splits the envelope into items (newline-delimited, or by each item's `length`,
 * which binary replay recordings need) and keeps them. Anything else gets the status Sentry answers.
 * `GET /received` lists what arrived, for tests in another process.
 */
export interface ReceivedItem {
  header: { type: string; length?: number; [key: string]: unknown };
  /** the parsed JSON payload, or the raw text/bytes length for non-JSON items (replay recordings) */
  payload: unknown;
}

export interface ReceivedEnvelope {
  projectId: string;
  header: {
    event_id?: string;
    dsn?: string;
    sent_at?: string;
    trace?: Record<string, unknown>;
    [key: string]: unknown;
  };
  items: ReceivedItem[];
  receivedAt: string;
}

export interface SentryReceiver {
  /** the DSN an SDK is configured with: `http://<publicKey>@127.0.0.1:<port>/<projectId>` */
  dsn: string;
  url: string;
  envelopes: ReceivedEnvelope[];
  /** error events (item type `event`) received so far */
  events(): Array<Record<string, unknown>>;
  /** resolves with the first error event `match` accepts, or rejects after `timeoutMs` */
  waitForEvent(
    match: (event: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export function parseEnvelope(body: Buffer): Pick<ReceivedEnvelope, 'header' | 'items'> {
  let offset = 0;
  const line = (): Buffer | null => {
    if (offset >= body.length) return null;
    const end = body.indexOf(0x0a, offset);
    const slice = body.subarray(offset, end === -1 ? body.length : end);
    offset = end === -1 ? body.length : end + 1;
    return slice;
  };
  const headerLine = line();
  if (!headerLine) throw new Error('empty envelope');
  const header = JSON.parse(headerLine.toString('utf8')) as ReceivedEnvelope['header'];
  const items: ReceivedItem[] = [];
  for (;;) {
    const itemHeaderLine = line();
    if (!itemHeaderLine) break;
    if (itemHeaderLine.length === 0) continue;
    const itemHeader = JSON.parse(itemHeaderLine.toString('utf8')) as ReceivedItem['header'];
    let raw: Buffer;
    if (typeof itemHeader.length === 'number') {
      raw = body.subarray(offset, offset + itemHeader.length);
      offset += itemHeader.length;
      if (body[offset] === 0x0a) offset += 1;
    } else {
      raw = line() ?? Buffer.alloc(0);
    }
    let payload: unknown;
    try {
      payload = JSON.parse(raw.toString('utf8'));
    } catch {
      payload = { bytes: raw.length };
    }
    items.push({ header: itemHeader, payload });
  }
  return { header, items };
}

function publicKeyOf(request: IncomingMessage, url: URL, envelopeDsn: string | undefined): string | null {
  const auth = request.headers['x-sentry-auth'];
  const fromHeader = typeof auth === 'string' ? /sentry_key=([^,\s]+)/.exec(auth)?.[1] : undefined;
  if (fromHeader) return fromHeader;
  const fromQuery = url.searchParams.get('sentry_key');
  if (fromQuery) return fromQuery;
  if (envelopeDsn) {
    try {
      return new URL(envelopeDsn).username || null;
    } catch {
      return null;
    }
  }
  return null;
}

export async function startSentryReceiver(
  options: { publicKey?: string; projectId?: string; port?: number } = {},
): Promise<SentryReceiver> {
  const publicKey = options.publicKey ?? 'punktotestkey';
  const projectId = options.projectId ?? '1';
  const envelopes: ReceivedEnvelope[] = [];
  const waiters = new Set<() => void>();

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://receiver');
      const reply = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method === 'GET' && url.pathname === '/received') return reply(200, envelopes);
      const match = /^\/api\/([^/]+)\/envelope\/?$/.exec(url.pathname);
      if (request.method !== 'POST' || !match) return reply(404, { detail: 'not found' });
      if (match[1] !== projectId) return reply(404, { detail: 'unknown project' });
      let body = Buffer.concat(chunks);
      try {
        const encoding = request.headers['content-encoding'];
        if (encoding === 'gzip') body = gunzipSync(body);
        else if (encoding === 'deflate') body = inflateSync(body);
        const envelope = parseEnvelope(body);
        if (publicKeyOf(request, url, envelope.header.dsn) !== publicKey)
          return reply(401, { detail: 'invalid public key' });
        envelopes.push({ projectId, ...envelope, receivedAt: new Date().toISOString() });
        for (const wake of waiters) wake();
        return reply(200, { id: envelope.header.event_id ?? null });
      } catch (error) {
        return reply(400, { detail: `invalid envelope: ${(error as Error).message}` });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const events = () =>
    envelopes.flatMap((e) =>
      e.items.filter((i) => i.header.type === 'event').map((i) => i.payload as Record<string, unknown>),
    );

  return {
    dsn: `http://${publicKey}@127.0.0.1:${port}/${projectId}`,
    url,
    envelopes,
    events,
    waitForEvent(matchEvent, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events().find(matchEvent);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching Sentry event in ${timeoutMs} ms; received ${events().length}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
