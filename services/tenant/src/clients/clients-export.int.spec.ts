import { Permissions, Roles } from '@punkto/contracts/permissions';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantTestApp, steppingClock, type TenantTestApp } from '../testing/tenant-test-app';
import { CLIENTS_EXPORT_HEADER, clientsExport } from './clients-export';

// the tenant service's real app on the embedded adapters: the clients CSV through HTTP
let t: TenantTestApp;
beforeAll(async () => {
  // 2026-03-02 09:00 in Warsaw, one second per reading
  t = await startTenantTestApp({ clock: steppingClock('2026-03-02T08:00:00.000Z') });
});
afterAll(async () => t?.close());

const BOM = '\uFEFF';
const base = (tenantId: string) => `/api/v1/tenants/${tenantId}`;
const exportClients = (tenantId: string, token: string | null, query = '') =>
  t.call(token, 'GET', `${base(tenantId)}/exports/clients${query}`);
const linesOf = (body: string) => body.slice(BOM.length).split('\r\n').slice(0, -1);

async function companyWithClients() {
  const owner = await t.ownerWithTenant({ companyName: 'Barber Wąsik' });
  const coffee = await t.program(owner.tenantId, owner.token, { name: 'Kawa; za punkty' });
  const haircut = await t.program(owner.tenantId, owner.token, { name: 'Strzyżenie' });
  const create = async (body: object) => {
    const res = await t.call(owner.token, 'POST', `${base(owner.tenantId)}/create-client`, body);
    expect(res.statusCode, res.body).toBe(201);
  };
  await create({
    email: 'ola@example.pl',
    name: 'Ola Żak',
    phone: '600 100 200',
    programId: coffee,
    marketingConsent: true,
  });
  await create({ email: 'bartek@example.pl', name: 'Bartek Nowak', programId: haircut });
  await create({ email: 'mal@example.pl', name: '=2+5+cmd|"/C calc"!A0', programId: coffee });
  return { ...owner, coffee, haircut };
}

describe('GET /api/v1/tenants/{id}/exports/clients', () => {
  it('streams every client as a Polish Excel CSV, by name, with the row count up front', async () => {
    const { tenantId, token } = await companyWithClients();
    const response = await exportClients(tenantId, token);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="klienci-2026-03-02\.csv"$/,
    );
    expect(response.headers['x-total-count']).toBe('3');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = linesOf(response.body);
    expect(header).toBe(CLIENTS_EXPORT_HEADER.join(';'));
    expect(header).toBe(
      'Imię i nazwisko;E-mail;Telefon;Telefon podał;Program;Status;Sposób zapisu;Data dołączenia;Zgoda marketingowa',
    );
    expect(rows).toEqual([
      `"'=2+5+cmd|""/C calc""!A0";mal@example.pl;;;"Kawa; za punkty";Zaproszony;Dodany w panelu (nowe konto);${rows[0]!.split(';').at(-2)};Nie`,
      expect.stringMatching(
        /^Bartek Nowak;bartek@example\.pl;;;Strzyżenie;Zaproszony;Dodany w panelu \(nowe konto\);2026-03-02 09:00:\d\d;Nie$/,
      ),
      expect.stringMatching(
        /^Ola Żak;ola@example\.pl;'\+48600100200;firma;"Kawa; za punkty";Zaproszony;Dodany w panelu \(nowe konto\);2026-03-02 09:00:\d\d;Tak$/,
      ),
    ]);
  });

  it('exports what the list finds: its search and a program', async () => {
    const { tenantId, token, haircut } = await companyWithClients();
    const found = await exportClients(tenantId, token, '?searchTerm=zak');
    expect(found.headers['x-total-count']).toBe('1');
    expect(linesOf(found.body)[1]).toMatch(/^Ola Żak;/);
    const ofProgram = await exportClients(tenantId, token, `?programId=${haircut}`);
    expect(ofProgram.headers['x-total-count']).toBe('1');
    expect(linesOf(ofProgram.body).slice(1)).toEqual([expect.stringMatching(/^Bartek Nowak;/)]);
    const nobody = await exportClients(tenantId, token, '?searchTerm=nikt');
    expect(nobody.headers['x-total-count']).toBe('0');
    expect(nobody.body).toBe(`${BOM}${CLIENTS_EXPORT_HEADER.join(';')}\r\n`);
  });

  it('refuses a search over 200 characters with 400', async () => {
    const { tenantId, token } = await companyWithClients();
    const response = await exportClients(tenantId, token, `?searchTerm=${'a'.repeat(201)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors['query.searchTerm']).toBeDefined();
  });

  it('is for staff of the tenant with clients.view: 403 for others, 401 without a session', async () => {
    const a = await companyWithClients();
    const b = await t.ownerWithTenant({ companyName: 'Inna firma' });
    const employee = (tid: string, perms: string[]) =>
      t.tokenFor({ id: randomUUID(), role: Roles.employee, tid, perms: perms as never });
    const status = async (token: string | null) => (await exportClients(a.tenantId, token)).statusCode;
    expect(await status(await employee(a.tenantId, [Permissions.clientsView]))).toBe(200);
    expect(await status(await employee(a.tenantId, [Permissions.cardsScan]))).toBe(403);
    expect(await status(await employee(b.tenantId, [Permissions.clientsView]))).toBe(403);
    expect(await status(b.token)).toBe(403);
    expect(await status(await t.tokenFor({ id: randomUUID(), role: Roles.customer }))).toBe(403);
    expect(await status(null)).toBe(401);
  });
});

describe('clientsExport over many pages', () => {
  it('reads every client once, in name order', async () => {
    const { tenantId } = await companyWithClients();
    const exporter = clientsExport(t.infra.documents, { pageSize: 1 });
    const { total, rows } = await exporter.open(tenantId, {});
    const names: unknown[] = [];
    for await (const row of rows) names.push(row[0]);
    expect(total).toBe(3);
    expect(names).toEqual(['=2+5+cmd|"/C calc"!A0', 'Bartek Nowak', 'Ola Żak']);
  });
});
