/**
 * Company closure keeps its promises about money (issue 32, ADR 0047), through the gateway of the real
 * product (embedded, from sources): an owner pays for a plan in the sandbox, deletes the company, and then —
 * with a token that no longer carries the company — still lists and downloads its invoices as its former
 * owner; another owner cannot. The cancellation, the removed renewal job and the refused renewal at the
 * period's end are proven on billing's own clock in services/billing/src/subscriptions/company-closure.int.spec.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, ownerWithProgram } from '../scripts/testing/actors';
import { startSourceProduct, type SourceProduct } from '../scripts/testing/source-product';

// ports of this test's own range
const PORT = 18610;
const SERVICE_PORTS = [18611, 18612, 18613, 18614, 18615, 18616] as const;
const base = `http://127.0.0.1:${PORT}`;
let product: SourceProduct;

beforeAll(async () => {
  product = await startSourceProduct({ mode: 'embedded', port: PORT, servicePorts: SERVICE_PORTS });
}, 120_000);
afterAll(() => product?.stop());

type Listed = {
  items: {
    tenantId: string;
    companyName: string;
    invoices: { id: string; number: string; keptUntil: string }[];
  }[];
};

describe('an owner closes a company with a paid plan', () => {
  it('the subscription ends, and the former owner still lists and downloads its invoices; nobody else can', async () => {
    const owner = await ownerWithProgram({ baseUrl: base });
    const { tenantId } = owner;
    const started = await owner.client.call('POST', '/api/v1/payments/initiate-payment', {
      tenantId,
      planId: 'basic',
      isForYear: false,
    });
    expect(started.status, await started.clone().text()).toBe(201);
    const { redirectUri } = (await started.json()) as { redirectUri: string };
    const paid = await fetch(`${base}${new URL(redirectUri).pathname}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber: '4444333322221111', expiry: '12/30', cvc: '123' }).toString(),
    });
    expect(paid.status).toBeLessThan(400);
    const invoices = await eventually('the invoice issued', async () => {
      const res = await owner.client.call('GET', `/api/v1/invoices/all/${tenantId}`);
      const { items } = (await res.json()) as { items: { id: string; number: string }[] };
      return items.length ? items : undefined;
    });
    const subscription = await owner.client.call('GET', `/api/v1/tenants/${tenantId}/tenant-subscription`);
    expect(await subscription.json()).toMatchObject({ status: 'active', planId: 'basic' });

    const deleted = await owner.client.call('DELETE', '/api/v1/tenants/delete-tenant', {
      confirmCompanyName: 'Kawiarnia Pod Lipą',
    });
    expect(deleted.status, await deleted.clone().text()).toBeLessThan(300);

    // the token no longer carries the company; its invoices are the former owner's to read
    await eventually('the token without the company', async () => {
      const res = await owner.client.call('GET', '/api/v1/users/refresh');
      const body = (await res.json()) as { user?: { tenantId?: string | null } };
      return body.user && !body.user.tenantId ? true : undefined;
    });
    const listed = await eventually('the closed company listed', async () => {
      const res = await owner.client.call('GET', '/api/v1/invoices/former-companies');
      const body = (await res.json()) as Listed;
      return body.items.length ? body : undefined;
    });
    const year = new Date().getUTCFullYear();
    expect(listed.items).toEqual([
      {
        tenantId,
        companyName: 'Kawiarnia Pod Lipą',
        nip: owner.nip,
        closedAt: expect.any(String),
        invoices: [expect.objectContaining({ id: invoices[0]!.id, keptUntil: `${year + 5}-12-31` })],
      },
    ]);
    const pdfPath = `/api/v1/invoices/former-companies/${tenantId}/${invoices[0]!.id}/pdf`;
    const pdf = await owner.client.call('GET', pdfPath);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');

    // another owner: none of it
    const other = await ownerWithProgram({ baseUrl: base });
    const theirs = (await (
      await other.client.call('GET', '/api/v1/invoices/former-companies')
    ).json()) as Listed;
    expect(theirs.items).toEqual([]);
    const refused = await other.client.call('GET', pdfPath);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: 'INVOICE.NOT_FOUND' });
  }, 180_000);
});
