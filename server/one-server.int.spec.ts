/**
 * One server in one process (ADR 0036): `SERVICES=all` through the real entry point and host (server/main.ts,
 * runtime/host.ts) on free ports. The services are mounted on the gateway's server: only the gateway's port
 * listens, and an award, the live card stream, a streamed CSV export, the security headers, the 1 MiB body
 * limit and maintenance mode all work on the mounted routes.
 */
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAccount, eventually, ownerWithProgram, uniqueEmail } from '../scripts/testing/actors';
import { startSourceProduct, type SourceProduct } from '../scripts/testing/source-product';
import { freePort } from '@punkto/platform/testing/free-port';

const dataDir = mkdtempSync(join(tmpdir(), 'punkto-one-server-'));
const flag = join(dataDir, 'maintenance.flag');
let product: SourceProduct;
let base = '';
const servicePorts: number[] = [];

/** The TCP ports process `pid` listens on (Linux: its socket inodes in /proc/net/tcp, state 0A). */
function listeningPorts(pid: number): number[] {
  const inodes = new Set(
    readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
      const target = (() => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          return '';
        }
      })();
      return /^socket:\[(\d+)\]$/.exec(target)?.slice(1) ?? [];
    }),
  );
  return ['tcp', 'tcp6'].flatMap((table) =>
    readFileSync(`/proc/${pid}/net/${table}`, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[3] === '0A' && inodes.has(cols[9] ?? ''))
      .map((cols) => parseInt(cols[1]!.split(':')[1]!, 16)),
  );
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 6; i++) servicePorts.push(await freePort());
  product = await startSourceProduct({
    mode: 'embedded',
    port,
    // where each service would listen were it not mounted: nothing may listen there
    servicePorts,
    dataDir,
    env: { MAINTENANCE_FLAG_FILE: flag, SSE_HEARTBEAT_MS: '1000' },
  });
}, 120_000);

afterAll(() => product?.stop());

describe('SERVICES=all: the services mounted on the gateway’s one server', () => {
  it('listens on the gateway’s port only, nothing on the services’ ports', () => {
    expect(listeningPorts(product.pids()[0]!)).toEqual([Number(new URL(base).port)]);
    for (const port of servicePorts) expect(listeningPorts(product.pids()[0]!)).not.toContain(port);
    expect(product.output()).not.toContain('"level":50');
  });

  it('awards points, streams the change live, and exports the history as CSV', async () => {
    const owner = await ownerWithProgram({ baseUrl: base });
    const customer = await activeAccount('customer', uniqueEmail('klientka'), 'Ewa Klientka', base);
    const joined = await customer.call('POST', `/api/v1/tenants/${owner.tenantId}/join`, {
      programId: owner.program.id,
    });
    expect(joined.status, await joined.clone().text()).toBeLessThan(300);
    const cardId = await eventually('the card issued', async () => {
      const res = await customer.call('GET', '/api/v1/customers/my-cards');
      const { items } = (await res.json()) as { items: { cardId: string }[] };
      return items[0]?.cardId;
    });

    // the live card stream (server-sent events) of the mounted card ledger, open before the award
    const stream = await customer.call('GET', '/api/v1/customers/my-cards/stream', undefined, {
      accept: 'text/event-stream',
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body!.getReader();
    let events = '';
    const read = async (until: (text: string) => boolean) => {
      while (!until(events)) {
        const { value, done } = await reader.read();
        if (done) break;
        events += new TextDecoder().decode(value);
      }
    };
    await read((text) => text.includes('event: cards'));

    const awarded = await owner.client.call(
      'POST',
      `/api/v1/cards/${cardId}/points-from-amount`,
      { amountGrosze: 1500 },
      { 'idempotency-key': `award-${cardId}` },
    );
    expect(awarded.status, await awarded.clone().text()).toBe(200);
    await read((text) => /event: card\n(?:.*\n)*?data: .*"points":15/.test(text));
    expect(events).toMatch(/"points":15/);
    await reader.cancel();

    const mine = await customer.call('GET', '/api/v1/customers/my-cards');
    expect(((await mine.json()) as { items: { points: number }[] }).items[0]?.points).toBe(15);

    const csv = await eventually('the award in the CSV export', async () => {
      const res = await owner.client.call('GET', `/api/v1/tenants/${owner.tenantId}/exports/transactions`);
      expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/csv');
      const text = await res.text();
      return text.split('\n').filter(Boolean).length > 1 ? text : undefined;
    });
    expect(csv).toContain('15');
  }, 120_000);

  it('gives mounted routes the security headers and refuses a body over 1 MiB with 413 in the spec’s shape', async () => {
    const res = await fetch(`${base}/api/v1/users/me`);
    expect(res.status).toBe(401);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('cache-control')).toBe('no-store');

    const big = JSON.stringify({ message: 'x'.repeat(1024 * 1024 + 10) });
    for (const streamed of [false, true]) {
      const tooLarge = await fetch(`${base}/api/v1/feedback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        // a stream is sent without Content-Length: the mounted route's own body limit refuses it
        body: streamed ? new Blob([big]).stream() : big,
        ...(streamed && { duplex: 'half' }),
      } as RequestInit);
      expect(tooLarge.status).toBe(413);
      expect(await tooLarge.json()).toMatchObject({ code: expect.any(String), status: 413 });
    }
  });

  it('answers 503 on mounted routes in maintenance mode, and keeps the status answering', async () => {
    writeFileSync(flag, '');
    try {
      await eventually('maintenance on', async () =>
        (await fetch(`${base}/api/v1/users/me`)).status === 503 ? true : undefined,
      );
      const res = await fetch(`${base}/api/v1/customers/my-cards`);
      expect(res.status).toBe(503);
      expect((await fetch(`${base}/api/v1/maintenance/status`)).status).toBe(200);
    } finally {
      rmSync(flag, { force: true });
    }
    await eventually('maintenance off', async () =>
      (await fetch(`${base}/api/v1/users/me`)).status === 401 ? true : undefined,
    );
  });

  it('answers what a service’s own server answers for paths its routes do not match: 414, 405, 404', async () => {
    const tooLong = await fetch(`${base}/api/v1/tenants/${'a'.repeat(300)}`);
    expect(tooLong.status).toBe(414);
    expect(await tooLong.json()).toMatchObject({ code: 'URI_TOO_LONG', status: 414 });
    const wrongMethod = await fetch(`${base}/api/v1/users/me`, { method: 'PUT' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toContain('GET');
    const unknown = await fetch(`${base}/api/v1/users/nonsense`);
    expect(unknown.status).toBe(404);
    // a literal path of another method's route, which `GET /tenants/:id` would take with id "create"
    const shadowed = await fetch(`${base}/api/v1/tenants/create`);
    expect(shadowed.status).toBe(405);
    expect(shadowed.headers.get('allow')).toBe('POST');
  });
});
