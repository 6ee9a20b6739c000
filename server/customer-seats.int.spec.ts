/**
 * Exact plan limits end to end (issue 32, ADR 0051): on a 100-customer plan, 120 clients added at the same moment
 * give exactly 100 enrolments with a card each and 20 honest refusals — the seat is taken before the client is
 * recorded, and the card ledger, counting the same people, issues every card the tenant promised.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyPlanInSandbox,
  eventually,
  ownerWithProgram,
  type OwnerWithProgram,
} from '../scripts/testing/actors';
import { startEmbeddedProduct, type SourceProduct } from '../scripts/testing/source-product';

let product: SourceProduct;
let base = '';

beforeAll(async () => {
  product = await startEmbeddedProduct();
  base = product.base;
}, 120_000);

afterAll(() => product?.stop());

/** the 100-customer plan bought in the sandbox checkout; its limit reached the tenant and the card ledger */
async function buyTheBasicPlan(owner: OwnerWithProgram) {
  await buyPlanInSandbox(owner, 'basic', base);
  await eventually('the basic plan', async () => {
    const res = await owner.client.call('GET', `/api/v1/tenants/${owner.tenantId}/tenant-subscription`);
    const sub = (await res.json()) as { planId?: string; customerLimit?: number };
    return sub.planId === 'basic' && sub.customerLimit === 100 ? true : undefined;
  });
}

describe('120 clients added at once on a 100-customer plan', () => {
  it('enrols exactly 100, each with a card, and refuses 20 saying the plan is full', async () => {
    const owner = await ownerWithProgram({ baseUrl: base });
    await buyTheBasicPlan(owner);
    const add = (i: number) =>
      owner.client.call('POST', `/api/v1/tenants/${owner.tenantId}/create-client`, {
        email: `limit-${i}-${owner.tenantId.slice(0, 8)}@example.pl`,
        name: `Klient ${i}`,
        programId: owner.program.id,
        marketingConsent: false,
      });
    const answers = await Promise.all(Array.from({ length: 120 }, (_, i) => add(i)));
    const bodies = await Promise.all(
      answers.map((a) => a.json() as Promise<{ clientId?: string; code?: string }>),
    );
    const enrolled = bodies.filter((b, i) => answers[i]!.status === 201).map((b) => b.clientId!);
    const refused = bodies.filter((_, i) => answers[i]!.status === 409);
    expect(enrolled).toHaveLength(100);
    expect(refused).toHaveLength(20);
    expect(refused.every((b) => b.code === 'CLIENT.CUSTOMER_LIMIT_REACHED')).toBe(true);

    // every enrolled client gets a card (the account is created and linked, then the card ledger issues it)
    for (const clientId of enrolled)
      await eventually(`the card of ${clientId}`, async () => {
        const res = await owner.client.call('GET', `/api/v1/cards?clientId=${clientId}`);
        return res.status === 200 ? true : undefined;
      });
    const listed = await owner.client.call(
      'GET',
      `/api/v1/tenants/${owner.tenantId}/get-clients?pageSize=100`,
    );
    expect(((await listed.json()) as { totalCount: number }).totalCount).toBe(100);
  }, 240_000);
});
