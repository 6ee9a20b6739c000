import type { EventEnvelope } from '@punkto/contracts/events';
import { Topics } from '@punkto/contracts/topics';
import type { IncomingMessage } from '@punkto/platform/bus/message-bus.port';
import { createLogger } from '@punkto/platform/observability/logger';
import { openInfrastructure, type Infrastructure } from '@punkto/platform/runtime/infrastructure';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import { createLocalJWKSet } from 'jose';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService } from '../app';
import { NotificationEnv } from '../config';
import { passCopies, type PassCopies } from './pass-copies';

// the notification service as built for production, its passes consumer fed what the relays publish
const dataDir = mkdtempSync(join(tmpdir(), 'punkto-notification-passes-'));
let infra: Infrastructure;
let consumer: ConsumerSpec;
let copies: PassCopies;
let close: () => Promise<void>;
beforeAll(async () => {
  const config = NotificationEnv.parse({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const logger = createLogger('notification', 'silent');
  infra = await openInfrastructure('notification', config, logger);
  const built = await buildService({
    config,
    logger,
    infra,
    jwks: createLocalJWKSet({ keys: [] }),
    clock: () => new Date(),
  });
  consumer = built.consumers!.find((c) => c.groupId === 'notification.passes')!;
  copies = passCopies(infra.documents);
  close = () => built.app.close();
});
afterAll(async () => {
  await close?.();
  await infra?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function deliver(topic: string, type: string, data: object, id: string = randomUUID()) {
  const value: EventEnvelope = {
    id,
    type,
    schemaVersion: 1,
    occurredAt: new Date().toISOString(),
    tenantId: (data as { tenantId?: string }).tenantId ?? null,
    aggregateId: (data as { cardId?: string }).cardId ?? 'x',
    correlationId: id,
    causationId: null,
    traceparent: null,
    data,
  };
  const message: IncomingMessage = {
    topic,
    partition: 0,
    offset: '0',
    key: value.aggregateId,
    value,
    headers: { 'event-type': type },
    attempt: 1,
    timestamp: new Date().toISOString(),
  };
  await consumer.handler(message);
  return id;
}

const balance = (points: number) => ({ points, stamps: 0, lifetimePoints: points });

describe('the copies wallet passes are built from', () => {
  it("a card's issue and awards, each change once however often it is delivered", async () => {
    const cardId = randomUUID();
    await deliver(Topics.cardLedgerCards, 'CardIssued', {
      cardId,
      tenantId: 't1',
      programId: 'p1',
      clientId: 'cl1',
      userId: 'u1',
      humanReadableId: '1234567897',
      secretVersion: 1,
      qrPayload: `P1.${cardId}.1.sig`,
      tier: null,
      issuedAt: '2026-11-20T10:00:00.000Z',
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
