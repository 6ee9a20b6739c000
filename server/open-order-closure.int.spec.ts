/**
 * A checkout left open when the owner closes the company cannot be paid afterwards (issue 32, ADR 0055), through
 * the gateway of the real product (embedded, from sources): the owner starts paying for a plan in the sandbox,
 * leaves the page, deletes the company; the closure (TenantDeleted over the bus) cancels the order at the
 * provider, and the sandbox's page then refuses the card and says nothing was taken. The superseded plan change,
 * the 409 and the 503 are proven on billing's own clock against the fake PayU
 * (services/billing/src/payments/superseded-orders.int.spec.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, ownerWithProgram } from '../scripts/testing/actors';
import { startSourceProduct, type SourceProduct } from '../scripts/testing/source-product';

// ports of this test's own range
const PORT = 18690;
const SERVICE_PORTS = [18691, 18692, 18693, 18694, 18695, 18696] as const;
const base = `http://127.0.0.1:${PORT}`;
let product: SourceProduct;

beforeAll(async () => {
  product = await startSourceProduct({ mode: 'embedded', port: PORT, servicePorts: SERVICE_PORTS });
}, 120_000);
afterAll(() => product?.stop());

const payOnSandboxPage = (redirectUri: string) =>
  fetch(`${base}${new URL(redirectUri).pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4444333322221111', expiry: '12/30', cvc: '123' }).toString(),
  });

describe('an owner closes a company while a checkout is open', () => {
  it('the closure cancels the order at the provider: the payer can no longer pay it, no invoice', async () => {
    const owner = await ownerWithProgram({ baseUrl: base });
    const { tenantId } = owner;
    const started = await owner.client.call('POST', '/api/v1/payments/initiate-payment', {
      tenantId,
      planId: 'basic',
      isForYear: false,
    });
    expect(started.status, await started.clone().text()).toBe(201);
    const { redirectUri } = (await started.json()) as { redirectUri: string };

    const deleted = await owner.client.call('DELETE', '/api/v1/tenants/delete-tenant', {
      confirmCompanyName: 'Kawiarnia Pod Lipą',
    });
    expect(deleted.status, await deleted.clone().text()).toBeLessThan(300);

    // billing hears of the closure from the bus and cancels the order: the page says so
    const page = await eventually('the checkout cancelled', async () => {
      const res = await fetch(`${base}${new URL(redirectUri).pathname}`);
      const html = await res.text();
      return html.includes('To zamówienie zostało anulowane') ? html : undefined;
    });
    expect(page).toContain('nic nie zostało pobrane');
    const late = await payOnSandboxPage(redirectUri);
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('Nie można go już opłacić');

    // the former owner (a token without the company) has no invoice of it
    await eventually('the token without the company', async () => {
      const res = await owner.client.call('GET', '/api/v1/users/refresh');
      const body = (await res.json()) as { user?: { tenantId?: string | null } };
      return body.user && !body.user.tenantId ? true : undefined;
    });
    const listed = await owner.client.call('GET', '/api/v1/invoices/former-companies');
    expect(listed.status, await listed.clone().text()).toBe(200);
    const body = (await listed.json()) as { items: { tenantId: string; invoices: unknown[] }[] };
    expect(body.items.find((c) => c.tenantId === tenantId)?.invoices ?? []).toEqual([]);
  }, 180_000);
});
