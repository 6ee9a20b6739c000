/**
 * Erasure that reaches every copy (issue 32, ADR 0046): a customer with an account, a phone, a card in a
 * company's program, an award, a company message and the services' contact copies deletes the account
 * (`DELETE /api/v1/users/me`); within seconds the company's list, search, client page, CSV and scanner lookup no
 * longer know them, and then EVERY row of EVERY table of every SQLite file of the product's data directory (the
 * event stores, the read models, the document stores, the bus, the outboxes, the mailbox) is read: the e-mail,
 * the phone and the name are nowhere in plain text.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAccount, eventually, ownerWithProgram, uniqueEmail } from '../scripts/testing/actors';
import { startSourceProduct, type SourceProduct } from '../scripts/testing/source-product';

const dataDir = mkdtempSync(join(tmpdir(), 'punkto-erasure-'));
let product: SourceProduct;
let base = '';

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const servicePorts: number[] = [];
  for (let i = 0; i < 6; i++) servicePorts.push(await freePort());
  product = await startSourceProduct({ mode: 'embedded', port, servicePorts, dataDir });
}, 120_000);

afterAll(() => product?.stop());

/** every file under `dir` */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
const isSqlite = (path: string) => /\.(db|sqlite|sqlite3)$/.test(path);
const sqliteFiles = (dir: string) => filesUnder(dir).filter(isSqlite);
/**
 * SQLite's own companions (journals, WAL) are read through SQLite; every other file byte by byte — except the
 * development mailbox (`mailbox/`), which stands in for the recipients' own inboxes: an e-mail delivered to a
 * person is theirs, and in production the product keeps no copy of what it sent.
 */
const otherFiles = (dir: string) =>
  filesUnder(dir).filter(
    (p) => !/\.(db|sqlite|sqlite3)(-wal|-shm|-journal)?$/.test(p) && !p.startsWith(join(dir, 'mailbox')),
  );

/** `file:table` of every row (any column, text or blob) that contains one of `needles` */
function rowsContaining(needles: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of sqliteFiles(dataDir)) {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as {
        name: string;
      }[];
      for (const { name } of tables) {
        let rows: Record<string, unknown>[];
        try {
          rows = db.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[];
        } catch {
          continue; // an FTS shadow or virtual table that cannot be read on its own
        }
        for (const row of rows) {
          const text = Object.values(row)
            .map((v) => (Buffer.isBuffer(v) ? v.toString('utf8') : String(v)))
            .join('\u0000')
            .toLowerCase();
          const hit = needles.find((n) => text.includes(n.toLowerCase()));
          if (hit) found.push(`${file.slice(dataDir.length)}:${name} (${hit}): ${text.slice(0, 200)}`);
        }
      }
    } finally {
      db.close();
    }
  }
  for (const file of otherFiles(dataDir)) {
    const text = readFileSync(file).toString('utf8').toLowerCase();
    const hit = needles.find((n) => text.includes(n.toLowerCase()));
    if (hit) found.push(`${file.slice(dataDir.length)} (${hit})`);
  }
  return found;
}

describe('a customer deletes the account', () => {
  it('leaves the name, e-mail and phone in no store of the product, and the company no longer finds them', async () => {
    const owner = await ownerWithProgram({ baseUrl: base });
    const email = uniqueEmail('zenon.znikajacy');
    const name = 'Zenon Znikający';
    const customer = await activeAccount('customer', email, name, base);
    const phoneSet = await customer.call('PATCH', '/api/v1/users/update-user', { phone: '600 731 842' });
    expect(phoneSet.status, await phoneSet.clone().text()).toBe(200);
    const joined = await customer.call('POST', `/api/v1/tenants/${owner.tenantId}/join`, {
      programId: owner.program.id,
      phone: '600 731 842',
      marketingConsent: true,
    });
    expect(joined.status, await joined.clone().text()).toBe(201);
    const { clientId } = (await joined.json()) as { clientId: string };
    const cardId = await eventually('the card issued', async () => {
      const res = await customer.call('GET', '/api/v1/customers/my-cards');
      return ((await res.json()) as { items: { cardId: string }[] }).items[0]?.cardId;
    });
    const awarded = await owner.client.call(
      'POST',
      `/api/v1/cards/${cardId}/points-from-amount`,
      { amountGrosze: 2500 },
      { 'idempotency-key': `award-${cardId}` },
    );
    expect(awarded.status, await awarded.clone().text()).toBe(200);
    const sent = await owner.client.call(
      'POST',
      `/api/v1/notifications/tenants/${owner.tenantId}/campaigns`,
      {
        title: 'Nowa kawa sezonowa',
        body: 'Zapraszamy na piernikowe latte.',
        audience: { kind: 'customer', clientId },
        channels: { wallet: false, email: true },
        sendAt: null,
      },
    );
    expect(sent.status, await sent.clone().text()).toBe(201);
    await eventually('the message received', async () => {
      const res = await customer.call('GET', '/api/v1/notifications/my-messages');
      return ((await res.json()) as { messages: unknown[] }).messages.length > 0 ? true : undefined;
    });
    const clientsPath = `/api/v1/tenants/${owner.tenantId}/get-clients`;
    const search = async (query: string) =>
      (
        (await (await owner.client.call('GET', `/api/v1/cards/search?${query}`)).json()) as {
          items: unknown[];
        }
      ).items;
    expect(await search('phone=600731842')).toHaveLength(1);
    const clientsFound = async (query = '') =>
      ((await (await owner.client.call('GET', `${clientsPath}${query}`)).json()) as { items: unknown[] })
        .items;
    expect(await clientsFound('?searchTerm=600731842')).toHaveLength(1);
    const needles = [email, name, 'Zenon Znikajacy', '600731842', '600 731 842'];
    expect(rowsContaining(needles).length, 'the person is planted').toBeGreaterThan(0);

    const deleted = await customer.call('DELETE', '/api/v1/users/me', { password: 'Kawa2026dobra' });
    expect(deleted.status, await deleted.clone().text()).toBeLessThan(300);

    // the company: within seconds not listed, not found by phone or name, no client page, not in the CSV
    await eventually('the client gone from the list', async () =>
      (await clientsFound()).length === 0 ? true : undefined,
    );
    for (const term of ['600731842', 'zenon']) expect(await clientsFound(`?searchTerm=${term}`)).toEqual([]);
    expect(
      (await owner.client.call('GET', `/api/v1/tenants/${owner.tenantId}/clients/${clientId}`)).status,
    ).toBe(404);
    const csv = await (
      await owner.client.call('GET', `/api/v1/tenants/${owner.tenantId}/exports/clients`)
    ).text();
    expect(csv.toLowerCase()).not.toMatch(/zenon|600731842/);
    await eventually('the card closed', async () => {
      const res = await owner.client.call('GET', `/api/v1/cards?cardId=${cardId}`);
      const body = (await res.json()) as { status?: string };
      return res.status === 404 || body.status === 'closed' ? true : undefined;
    });
    expect(await search('phone=600731842')).toEqual([]);
    expect(await search(`email=${encodeURIComponent(email)}`)).toEqual([]);

    // every store of the product
    await eventually(
      'no copy left',
      async () => (rowsContaining(needles).length === 0 ? true : undefined),
      15_000,
    ).catch(() => undefined);
    expect(rowsContaining(needles)).toEqual([]);
  }, 180_000);
});
