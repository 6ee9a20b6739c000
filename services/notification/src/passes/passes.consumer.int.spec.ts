import { Topics } from '@punkto/contracts/topics';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotification, type NotificationTestApp } from '../testing/notification-test-app';
import { passCopies, type PassCopies } from './pass-copies';

// the notification service as built for production, its passes consumer fed what the relays publish
let t: NotificationTestApp;
let copies: PassCopies;
beforeAll(async () => {
  t = await startNotification();
  copies = passCopies(t.infra.documents);
});
afterAll(async () => {
  await t?.close();
});
const deliver = (topic: string, type: string, data: object, id?: string) => t.deliver(topic, type, data, id);

const balance = (points: number) => ({ points, stamps: 0, lifetimePoints: points });

describe('the copies wallet passes are built from', () => {
  it("a card's issue and awards, each change once however often it is delivered", async () => {
    const cardId = randomUUID();
    await t.cardIssued({
      cardId,
      tenantId: 't1',
      programId: 'p1',
      clientId: 'cl1',
      userId: 'u1',
      qrPayload: `P1.${cardId}.1.sig`,
    });
    const award = {
      cardId,
      commandId: 'cmd1',
      amountGrosze: 4250,
      pointsPerPln: 1,
      multiplier: 1,
      fixedPoints: null,
      points: 42,
      serviceId: null,
      employeeId: 'e1',
      balance: balance(42),
      earnedAt: '2026-11-20T10:05:00.000Z',
    };
    const awardId = await deliver(Topics.cardLedgerCards, 'PointsEarned', award);
    await deliver(Topics.cardLedgerCards, 'PointsEarned', award, awardId); // the bus delivers it again
    // an event this consumer has no use for, and one whose payload it does not understand
    await deliver(Topics.cardLedgerCards, 'AwardAnomalyDetected', { cardId });
    await deliver(Topics.cardLedgerCards, 'StampsAdded', { cardId, count: 'many' });

    expect(await copies.card(cardId)).toMatchObject({
      number: '1234567897',
      qrPayload: `P1.${cardId}.1.sig`,
      points: 42,
      version: 2,
      changedAt: '2026-11-20T10:05:00.000Z',
    });
  });

  it("a program's newest definition, and a company's name, address, colours and logo", async () => {
    const program = {
      programId: randomUUID(),
      tenantId: 't2',
      kind: 'points',
      name: 'Kawa za punkty',
      description: '',
      active: true,
      pointsPerPln: 1,
      stampsRequired: null,
      levels: null,
      rewards: [],
      definedAt: '2026-11-20T10:00:00.000Z',
    };
    await deliver(Topics.tenantPrograms, 'ProgramDefined', { ...program, version: 2, name: 'Nowa nazwa' });
    await deliver(Topics.tenantPrograms, 'ProgramDefined', { ...program, version: 1 }); // late, older
    expect((await copies.programs.get(program.programId)).data).toMatchObject({
      version: 2,
      name: 'Nowa nazwa',
    });

    const tenantId = randomUUID();
    await deliver(Topics.tenantTenants, 'TenantCreated', {
      tenantId,
      ownerId: 'o1',
      companyName: 'Pod Lipą',
      nip: '1234563218',
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    await deliver(Topics.tenantTenants, 'TenantUpdated', {
      tenantId,
      changes: {
        address: { street: 'ul. Długa 5', postalCode: '00-001', city: 'Warszawa' },
        branding: { backgroundColor: '#1f6f5c', foregroundColor: '#ffffff', labelColor: '#d8f3ea' },
      },
      updatedAt: '2026-11-20T10:01:00.000Z',
    });
    const logo = {
      url: '/api/v1/public/logo.png',
      renditions: { 'logo@2x': '/api/v1/public/logo@2x.png' },
      contentHash: 'abc',
      uploadedAt: '2026-11-20T10:02:00.000Z',
    };
    await deliver(Topics.tenantTenants, 'TenantLogoChanged', {
      tenantId,
      logo,
      changedAt: '2026-11-20T10:02:00.000Z',
    });
    expect(await copies.company(tenantId)).toMatchObject({
      companyName: 'Pod Lipą',
      address: { city: 'Warszawa' },
      branding: { backgroundColor: '#1f6f5c' },
      logo,
      deleted: false,
    });
    // what passes do not show (the NIP, the scanner's threshold) re-versions no pass
    const version = (await copies.company(tenantId))?.version;
    await deliver(Topics.tenantTenants, 'TenantUpdated', {
      tenantId,
      changes: { nip: '5260250274', awardConfirmAboveGrosze: 50_000 },
      updatedAt: '2026-11-20T10:03:00.000Z',
    });
    expect((await copies.company(tenantId))?.version).toBe(version);

    await deliver(Topics.tenantTenants, 'TenantDeleted', {
      tenantId,
      ownerId: 'o1',
      deletedAt: '2026-11-21T10:00:00.000Z',
    });
    await deliver(Topics.tenantTenants, 'TenantUpdated', {
      tenantId,
      changes: { companyName: 'Za późno' },
      updatedAt: '2026-11-21T11:00:00.000Z',
    });
    expect(await copies.company(tenantId)).toMatchObject({
      companyName: 'Pod Lipą',
      deleted: true,
      logo: null,
    });
  });
});

describe('the invite link on the back (ADR 0061)', () => {
  it('ReferralInviteChanged puts the code on the card’s copy once, and null takes it off', async () => {
    const cardId = randomUUID();
    await t.cardIssued({
      cardId,
      tenantId: 't1',
      programId: 'p1',
      clientId: 'cl1',
      userId: 'u1',
      qrPayload: `P1.${cardId}.1.sig`,
    });
    const invite = (code: string | null, changedAt: string) => ({
      cardId,
      tenantId: 't1',
      programId: 'p1',
      code,
      changedAt,
    });
    const id = await deliver(
      Topics.cardLedgerCards,
      'ReferralInviteChanged',
      invite('abcdefghijk2', '2026-11-21T10:00:00.000Z'),
    );
    await deliver(
      Topics.cardLedgerCards,
      'ReferralInviteChanged',
      invite('abcdefghijk2', '2026-11-21T10:00:00.000Z'),
      id,
    );
    expect(await copies.card(cardId)).toMatchObject({ inviteCode: 'abcdefghijk2', version: 2 });
    await deliver(Topics.cardLedgerCards, 'ReferralInviteChanged', invite(null, '2026-11-22T10:00:00.000Z'));
    expect(await copies.card(cardId)).toMatchObject({ inviteCode: null, version: 3 });
  });
});
