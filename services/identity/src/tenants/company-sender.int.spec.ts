import type { ClientEnrolledData, EmployeeInvitedData } from '@punkto/contracts/integration-events';
import { Permissions } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { eventMessage } from '@punkto/platform/testing/bus-message';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailTags } from '../mail/identity-mails';
import { startIdentity, type IdentityTestApp } from '../testing/identity-test-app';

/**
 * Issue 32/33, ADR 0040: the mail a company causes comes from „<firma> przez Punkto” on Punkto's no-reply
 * address, with a Reply-To of the company's contact e-mail when it has one; checked in the dev mailbox's raw
 * RFC 822 messages, fed by the tenant's events through identity's own consumers.
 */
let t: IdentityTestApp;
beforeAll(async () => {
  t = await startIdentity({ MAIL_FROM: 'Punkto <no-reply@punkto.example>' });
});
afterAll(async () => t?.close());

/** a tenant event handed to identity's consumer of its topic, as the bus would deliver it */
async function publish(topic: string, type: string, aggregateId: string, data: object) {
  const consumer = t.consumers.find((spec) => spec.topics.includes(topic));
  if (!consumer) throw new Error(`identity has no consumer of ${topic}`);
  await consumer.handler(eventMessage(topic, type, data, { aggregateId }));
}
const contactChanged = (tenantId: string, contact: { email?: string } | null, at = new Date()) =>
  publish(Topics.tenantTenants, 'TenantUpdated', tenantId, {
    tenantId,
    changes: { contact },
    updatedAt: at.toISOString(),
  });
const inviteEmployee = async (tenantId: string, companyName: string) => {
  const data: EmployeeInvitedData = {
    employeeId: randomUUID(),
    tenantId,
    email: `pracownik.${randomUUID()}@example.pl`,
    name: 'Jan Pracownik',
    permissions: [Permissions.cardsScan],
    companyName,
    invitedAt: new Date().toISOString(),
  };
  await publish(Topics.tenantEmployees, 'EmployeeInvited', data.employeeId, data);
  const [mail] = await t.mails({ to: data.email, tag: MailTags.employeeInvitation });
  return mail!.mail;
};

describe('the company as the sender of its invitations', () => {
  it('an employee invitation: From „<firma> przez Punkto” (encoded), Reply-To the company contact', async () => {
    const tenantId = randomUUID();
    await contactChanged(tenantId, { email: 'kontakt@podlipa.pl' });
    const mail = await inviteEmployee(tenantId, 'Kawiarnia Pod Lipą');
    expect(mail.from).toBe('Kawiarnia Pod Lipą przez Punkto <no-reply@punkto.example>');
    expect(mail.headers['reply-to']).toBe('kontakt@podlipa.pl');
  });

  it('a company without a contact e-mail: the company name, no Reply-To; a cleared contact removes it', async () => {
    const tenantId = randomUUID();
    const first = await inviteEmployee(tenantId, 'Barber Wąsik');
    expect(first.from).toBe('Barber Wąsik przez Punkto <no-reply@punkto.example>');
    expect(first.headers['reply-to']).toBeUndefined();

    await contactChanged(tenantId, { email: 'barber@wasik.pl' });
    expect((await inviteEmployee(tenantId, 'Barber Wąsik')).headers['reply-to']).toBe('barber@wasik.pl');
    // an older change arriving late does not win
    await contactChanged(tenantId, { email: 'stary@wasik.pl' }, new Date(Date.now() - 3_600_000));
    expect((await inviteEmployee(tenantId, 'Barber Wąsik')).headers['reply-to']).toBe('barber@wasik.pl');
    await contactChanged(tenantId, null);
    expect((await inviteEmployee(tenantId, 'Barber Wąsik')).headers['reply-to']).toBeUndefined();
  });

  it('a customer enrolled by staff: the same sender and Reply-To', async () => {
    const tenantId = randomUUID();
    await contactChanged(tenantId, { email: 'salon@zaneta.pl' });
    const data: ClientEnrolledData & { email: string } = {
      clientId: randomUUID(),
      tenantId,
      programId: 'p-1',
      userId: null,
      email: `klient.${randomUUID()}@example.pl`,
      name: 'Ola Żak',
      phone: null,
      source: 'created',
      companyName: 'Salon „Żaneta”',
      programName: 'Strzyżenie za pieczątki',
      marketingConsent: false,
      enrolledAt: new Date().toISOString(),
    };
    await publish(Topics.tenantClients, 'ClientEnrolled', data.clientId, data);
    const [sent] = await t.mails({ to: data.email, tag: MailTags.clientInvitation });
    expect(sent!.mail.from).toBe('Salon „Żaneta” przez Punkto <no-reply@punkto.example>');
    expect(sent!.mail.headers['reply-to']).toBe('salon@zaneta.pl');
  });

  it('a deleted company is forgotten: its contact is no Reply-To any more', async () => {
    const tenantId = randomUUID();
    await contactChanged(tenantId, { email: 'kontakt@zamknieta.pl' });
    await publish(Topics.tenantTenants, 'TenantDeleted', tenantId, {
      tenantId,
      ownerId: randomUUID(),
      deletedAt: new Date().toISOString(),
    });
    const doc = await t.infra.documents.collection('company_contacts').get(tenantId);
    expect(doc).toBeNull();
  });
});
