import { CustomerSegment } from '@punkto/contracts/customer-segments';
import { parseMail } from '@punkto/platform/mail/mime-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poll, startIdentityAndTenant, type IdentityAndTenant } from './testing/identity-and-tenant';

/**
 * Company messages across identity, tenant, the card ledger and the notification service, embedded over the
 * shared SQLite bus as `npm start` runs them (ADR 0027): customers join (one gives marketing consent) and get
 * stamps → the notification service's audience equals the analytics' segments → an e-mail campaign reaches
 * only the consenting customer, who sees it in the portal → the one-click unsubscribe (RFC 8058) turns the
 * consent off in the tenant service's clients list → „Wiadomości od firm” off (identity) makes a customer
 * unreachable.
 */
let product: IdentityAndTenant;
beforeAll(async () => {
  product = await startIdentityAndTenant({ cardLedger: true, notification: true });
});
afterAll(async () => product?.close());

/** a customer of the program with one visit (a stamp), so they belong to a segment */
async function customerInProgram(
  email: string,
  cafe: Awaited<ReturnType<typeof product.ownerWithStampsProgram>>,
  marketingConsent: boolean,
) {
  const joined = await product.customerInProgram(email, cafe, { marketingConsent });
  const stamped = await product.callCards(
    cafe.owner.access,
    'POST',
    `/api/v1/cards/${joined.cardId}/stamps`,
    { count: 1 },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(stamped.statusCode, stamped.body).toBeLessThan(300);
  return joined;
}

describe('identity ⇄ tenant ⇄ card ledger ⇄ notification: a message from a company to its customers', () => {
  it('reaches the consenting customer by e-mail and in the portal; the one-click unsubscribe reaches the clients list', async () => {
    const cafe = await product.ownerWithStampsProgram('kawiarnia.wiadomosci@example.pl');
    const owner = cafe.owner.access;
    const base = `/api/v1/notifications/tenants/${cafe.tenantId}`;
    const ola = await customerInProgram('ola.wiadomosci@example.pl', cafe, true);
    await expect.poll(() => product.consentInExport(cafe, 'ola.wiadomosci@example.pl'), poll).toBe('Tak');
    await customerInProgram('bartek.wiadomosci@example.pl', cafe, false);

    // the notification service learnt both customers, their visits and Ola's consent from the bus
    await expect
      .poll(
        async () =>
          (await product.callNotification(owner, 'POST', `${base}/audience-size`, { kind: 'all' })).json(),
        poll,
      )
      .toEqual({ customers: 2, apple: 0, google: 0, email: 1, unreachable: 1 });
    // a segment holds exactly the customers the analytics count in it
    const analytics = await product.callCards(owner, 'GET', `/api/v1/analytics/${cafe.tenantId}?preset=30d`);
    expect(analytics.statusCode, analytics.body).toBe(200);
    const counted = analytics.json() as { segments: Array<{ segment: string; customers: number }> };
    expect(counted.segments.find((s) => s.segment === 'new')!.customers).toBe(2);
    for (const segment of CustomerSegment.options) {
      const size = await product.callNotification(owner, 'POST', `${base}/audience-size`, {
        kind: 'segment',
        segment,
      });
      expect({ segment, customers: (size.json() as { customers: number }).customers }).toEqual({
        segment,
        customers: counted.segments.find((s) => s.segment === segment)!.customers,
      });
    }

    const created = await product.callNotification(owner, 'POST', `${base}/campaigns`, {
      title: 'Nowe ciasto',
      body: 'Od jutra sernik baskijski. Zapraszamy!',
      audience: { kind: 'segment', segment: 'new' },
      channels: { wallet: false, email: true },
      sendAt: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaignId = (created.json() as { id: string }).id;
    await expect
      .poll(
        async () => (await product.callNotification(owner, 'GET', `${base}/campaigns/${campaignId}`)).json(),
        poll,
      )
      .toMatchObject({
        status: 'sent',
        report: { targeted: 2, email: { sent: 1, failed: 0 }, unreachable: 1 },
      });

    const entries = (await product.identityInfra.mailbox!.list()).filter((e) => e.tag === 'company-message');
    expect(entries.map((e) => e.to)).toEqual(['ola.wiadomosci@example.pl']);
    const mail = parseMail((await product.identityInfra.mailbox!.raw(entries[0]!.id))!);
    expect(mail.subject).toBe('Nowe ciasto');
    expect(mail.text).toContain('Kawiarnia Pod Lipą');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    const inbox = await product.callNotification(
      ola.customer.access,
      'GET',
      '/api/v1/notifications/my-messages',
    );
    expect(inbox.json()).toMatchObject({
      messages: [{ id: campaignId, companyName: 'Kawiarnia Pod Lipą', title: 'Nowe ciasto' }],
    });

    // the mail provider's one-click POST (RFC 8058)
    const oneClick = new URL(/<([^>]+)>/.exec(mail.headers['list-unsubscribe']!)![1]!);
    const unsubscribed = await product.callNotification(
      null,
      'POST',
      oneClick.pathname,
      'List-Unsubscribe=One-Click',
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    // the tenant service records the withdrawal: the clients export shows the consent as "Nie"
    await expect.poll(() => product.consentInExport(cafe, 'ola.wiadomosci@example.pl'), poll).toBe('Nie');
    expect(
      (
        (await product.callNotification(owner, 'GET', `${base}/campaigns/${campaignId}`)).json() as {
          report: { unsubscribed: number };
        }
      ).report.unsubscribed,
    ).toBe(1);

    // „Wiadomości od firm” off in identity: Ola is reached by no channel
    const off = await product.callIdentity(ola.customer.access, 'PATCH', 'update-user-preferences', {
      companyMessages: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    await expect
      .poll(
        async () =>
          (await product.callNotification(owner, 'POST', `${base}/audience-size`, { kind: 'all' })).json(),
        poll,
      )
      .toEqual({ customers: 2, apple: 0, google: 0, email: 0, unreachable: 2 });
  });
});
