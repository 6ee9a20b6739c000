import { Roles } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { parseMail } from '@punkto/platform/mail/mime-parse';
import { SAME_ORIGIN } from '@punkto/platform/testing/same-origin';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startNotification, type NotificationTestApp } from '../testing/notification-test-app';
import { batchJobId, startJobId } from './messages-context';
import { aCompany, aCustomer, recordingWallet } from './testing/message-mothers';

/**
 * Issue 33 / ADR 0040: a company message's e-mail came from „Punkto <no-reply@…>” with no Reply-To. It now
 * comes from „<firma> przez Punkto” on the no-reply address, with the company's contact e-mail as Reply-To
 * when it has one; checked on the raw RFC 822 messages of the dev mailbox.
 */
const START = new Date('2026-11-26T10:00:00.000Z');

describe('the company as the sender of its messages', () => {
  let app: NotificationTestApp;

  beforeEach(async () => {
    app = await startNotification(
      { MESSAGE_EMAILS_PER_SECOND: '0', MAIL_FROM: 'Punkto <no-reply@punkto.example>' },
      { clock: () => START, walletMessenger: recordingWallet().messenger },
    );
  });
  afterEach(() => app.close());

  async function sendCampaign(company: { tenantId: string; programId: string }) {
    const customer = await aCustomer(app, company, { consent: true, n: 0, visits: ['2026-11-20T10:00:00Z'] });
    const owner = await app.cookiesOf(randomUUID(), Roles.owner, company.tenantId);
    const created = await app.app.inject({
      method: 'POST',
      url: `/api/v1/notifications/tenants/${company.tenantId}/campaigns`,
      headers: SAME_ORIGIN,
      cookies: owner,
      payload: {
        title: 'Nowe ciasto',
        body: 'Od jutra sernik baskijski.',
        audience: { kind: 'all' },
        channels: { wallet: false, email: true },
        sendAt: null,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaignId = created.json().id as string;
    await app.runJob(startJobId(campaignId));
    await app.runJob(batchJobId(campaignId, 0));
    const mailbox = app.infra.mailbox!;
    const [entry] = (await mailbox.list()).filter((e) => e.to === customer.email);
    const raw = (await mailbox.raw(entry!.id))!;
    return { raw, mail: parseMail(raw) };
  }

  it('From „<firma> przez Punkto”, RFC 2047-encoded on the wire, and Reply-To the contact e-mail', async () => {
    const company = await aCompany(app, 'Kawiarnia „Pod Lipą”');
    await app.deliver(Topics.tenantTenants, 'TenantUpdated', {
      tenantId: company.tenantId,
      changes: { contact: { email: 'kontakt@podlipa.pl' } },
      updatedAt: '2026-11-21T09:00:00.000Z',
    });
    const { raw, mail } = await sendCampaign(company);
    expect(mail.from).toBe('Kawiarnia „Pod Lipą” przez Punkto <no-reply@punkto.example>');
    expect(mail.headers['reply-to']).toBe('kontakt@podlipa.pl');
    const fromLine = /^From: (.*(?:\r\n[ \t].*)*)/m.exec(raw)![1]!;
    expect(/^[\x20-\x7E\r\n\t]*$/.test(fromLine)).toBe(true);
  });

  it('a company without a contact e-mail: its name, and no Reply-To', async () => {
    const company = await aCompany(app, 'Barber Wąsik');
    const { raw, mail } = await sendCampaign(company);
    expect(mail.from).toBe('Barber Wąsik przez Punkto <no-reply@punkto.example>');
    expect(raw).not.toMatch(/^Reply-To:/im);
  });
});
