import { parseMail } from '@punkto/platform/mail/mime-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poll, startIdentityAndTenant, type IdentityAndTenant } from './testing/identity-and-tenant';

/**
 * Automatic messages across identity, tenant, the card ledger and the notification service over the shared bus
 * (ADR 0060): the owner switches the welcome on (e-mail) → a customer who joins with marketing consent gets it,
 * one who joins without gets nothing → the welcome e-mail's one-click unsubscribe reaches the tenant service's
 * clients list through the automation's stream.
 */
let product: IdentityAndTenant;
beforeAll(async () => {
  product = await startIdentityAndTenant({ cardLedger: true, notification: true });
});
afterAll(async () => product?.close());

describe('identity ⇄ tenant ⇄ card ledger ⇄ notification: an automatic welcome', () => {
  it('welcomes the consenting customer by e-mail, nobody else, and its unsubscribe reaches the clients list', async () => {
    const cafe = await product.ownerWithStampsProgram('kawiarnia.powitanie@example.pl');
    const saved = await product.callNotification(
      cafe.owner.access,
      'PUT',
      `/api/v1/notifications/tenants/${cafe.tenantId}/automations`,
      {
        kind: 'welcome',
        enabled: true,
        title: 'Witamy w {firma}!',
        body: 'Dziękujemy za dołączenie. Pierwsza pieczątka czeka.',
        channels: { wallet: false, email: true },
        days: null,
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);

    await product.customerInProgram('ola.powitanie@example.pl', cafe, { marketingConsent: true });
    await product.customerInProgram('bartek.powitanie@example.pl', cafe, { marketingConsent: false });
    await expect.poll(() => product.consentInExport(cafe, 'ola.powitanie@example.pl'), poll).toBe('Tak');

    const welcomes = async () =>
      (await product.identityInfra.mailbox!.list()).filter(
        (e) => e.tag === 'company-message' && e.to.endsWith('.powitanie@example.pl'),
      );
    await expect
      .poll(async () => (await welcomes()).map((e) => e.to), poll)
      .toEqual(['ola.powitanie@example.pl']);
    const mail = parseMail((await product.identityInfra.mailbox!.raw((await welcomes())[0]!.id))!);
    expect(mail.subject).toBe('Witamy w Kawiarnia Pod Lipą!');

    const oneClick = new URL(/<([^>]+)>/.exec(mail.headers['list-unsubscribe']!)![1]!);
    const unsubscribed = await product.callNotification(
      null,
      'POST',
      oneClick.pathname,
      'List-Unsubscribe=One-Click',
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    await expect.poll(() => product.consentInExport(cafe, 'ola.powitanie@example.pl'), poll).toBe('Nie');

    const effect = await product.callNotification(
      cafe.owner.access,
      'GET',
      `/api/v1/notifications/tenants/${cafe.tenantId}/automations`,
    );
    expect(
      (effect.json() as { automations: Array<{ kind: string; effect: object }> }).automations[0],
    ).toMatchObject({
      kind: 'welcome',
      effect: { sent: 1, returned: 0 },
    });
  });
});
