import { freePort } from '@punkto/platform/testing/free-port';
import { buildStandalone } from '@punkto/platform/runtime/service-server';
import type { CardIssuedData } from '@punkto/contracts/integration-events';
import { Roles, type Permission, type Role } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { createLogger } from '@punkto/platform/observability/logger';
import { openInfrastructure } from '@punkto/platform/runtime/infrastructure';
import { eventMessage } from '@punkto/platform/testing/bus-message';
import { testTokens } from '@punkto/platform/testing/test-tokens';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildService } from '../app';
import { NotificationEnv } from '../config';
import type { WalletMessenger } from '../shared/wallet-messenger.port';

/**
 * Test harness: the notification service's real app on the real embedded adapters in a temp DATA_DIR,
 * access tokens signed by a local test key, and other services' events delivered to its own bus consumers
 * (the ConsumerSpecs main.ts runs) in the envelope the relays publish.
 */
export async function startNotification(
  env: Record<string, string> = {},
  options: {
    clock?: () => Date;
    /** listen on a free loopback port, which is also PUBLIC_URL (what phones call back) */
    listen?: boolean;
    /** the wallet side of company messages (default: the service's own) */
    walletMessenger?: WalletMessenger;
    /** reopen an existing data directory (a restart after a crash) instead of a fresh one */
    dataDir?: string;
  } = {},
) {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'punkto-notification-'));
  const port = options.listen ? await freePort() : 0;
  const publicUrl = options.listen ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {};
  const config = NotificationEnv.parse({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...publicUrl, ...env });
  const logger = createLogger('notification', 'silent');
  const infra = await openInfrastructure('notification', config, logger);
  const tokens = await testTokens();
  const built = await buildStandalone(
    'notification',
    (deps) =>
      buildService(deps, {
        ...(options.walletMessenger && { walletMessenger: options.walletMessenger }),
      }),
    {
      config,
      logger,
      infra,
      jwks: tokens.jwks,
      clock: options.clock ?? (() => new Date()),
    },
  );
  await built.app.ready();
  if (options.listen) await built.app.listen({ host: '127.0.0.1', port });
  const consumers = built.consumers ?? [];

  return {
    app: built.app,
    /** signs an access token of this caller, as identity would */
    tokenFor: tokens.tokenFor,
    /** the wallet channel of company messages (issue 21), as the campaign engine gets it */
    walletMessenger: built.walletMessenger,
    config,
    infra,
    dataDir,
    /** the service's warm-up, as its host starts it once every module of the process is up */
    warmUp: () => built.warmUp?.() ?? Promise.resolve(),

    /** an event another service's relay published, handed to the consumer group that reads its topic */
    async deliver(topic: string, type: string, data: object, eventId: string = randomUUID()) {
      const readers = consumers.filter((c) => c.topics.includes(topic));
      if (!readers.length) throw new Error(`no consumer of ${topic}`);
      for (const consumer of readers)
        await consumer.handler(eventMessage(topic, type, data, { id: eventId }));
      return eventId;
    },

    /** the service's scheduled jobs run on its durable scheduler, as main.ts runs them */
    startJobs() {
      infra.scheduler.start(built.jobs ?? {});
    },
    /** runs a job's handler with this payload now (a redelivered or repeated job) */
    async runHandler(type: string, payload: unknown) {
      const handler = built.jobs?.[type];
      if (!handler) throw new Error(`no handler for ${type}`);
      await handler({ id: `test-${randomUUID()}`, type, runAt: new Date(), payload }, { attempt: 2 });
    },
    /** runs one scheduled job now, as the scheduler would when it is due (throws unless it exists) */
    async runJob(id: string) {
      const job = await infra.scheduler.get(id);
      if (!job) throw new Error(`no job ${id}`);
      const handler = built.jobs?.[job.type];
      if (!handler) throw new Error(`no handler for ${job.type}`);
      await handler(job, { attempt: 1 });
      const after = await infra.scheduler.get(id);
      // a handler may have moved its own job (a batch waiting for the morning): then it stays
      if (after && after.runAt.getTime() === job.runAt.getTime()) await infra.scheduler.cancel(id);
    },

    /** a company (with a stamps program unless `program: false`), as the tenant service would have published it */
    async aCompany(
      options: { companyName?: string; tenantId?: string; program?: boolean } = {},
    ): Promise<{ tenantId: string; programId: string }> {
      const tenantId = options.tenantId ?? randomUUID();
      const programId = randomUUID();
      const companyName = options.companyName ?? 'Kawiarnia Pod Lipą';
      await this.deliver(Topics.tenantTenants, 'TenantCreated', {
        tenantId,
        ownerId: 'o1',
        companyName,
        nip: '1234563218',
        createdAt: '2026-11-20T09:00:00.000Z',
      });
      await this.deliver(Topics.tenantTenants, 'TenantUpdated', {
        tenantId,
        changes: {
          address: { street: 'ul. Długa 5', postalCode: '00-001', city: 'Warszawa' },
          branding: { backgroundColor: '#1f6f5c', foregroundColor: '#ffffff', labelColor: '#d8f3ea' },
        },
        updatedAt: '2026-11-20T09:01:00.000Z',
      });
      if (options.program !== false)
        await this.deliver(Topics.tenantPrograms, 'ProgramDefined', {
          programId,
          tenantId,
          version: 1,
          kind: 'stamps',
          name: 'Co dziesiąta kawa gratis',
          description: 'Pieczątka za każdą kawę.',
          active: true,
          pointsPerPln: null,
          stampsRequired: 10,
          levels: null,
          rewards: [
            {
              id: 'r1',
              name: 'Kawa gratis',
              description: '',
              cost: 10,
              active: true,
              schedule: { weekdays: [], hours: null, dateRange: null },
              limits: { perCard: {}, stock: null },
            },
          ],
          definedAt: '2026-11-20T09:02:00.000Z',
        });
      return { tenantId, programId };
    },

    /** the card ledger issued a card of the program (CardIssued as it publishes it); what is not given: a new customer's */
    async cardIssued(data: Pick<CardIssuedData, 'tenantId' | 'programId'> & Partial<CardIssuedData>) {
      const cardId = data.cardId ?? randomUUID();
      const issued: CardIssuedData = {
        cardId,
        clientId: randomUUID(),
        userId: randomUUID(),
        humanReadableId: '1234567897',
        secretVersion: 1,
        qrPayload: `P1.${cardId}.1.c2lnbmF0dXJlLW9mLXRoZS1j`,
        tier: null,
        issuedAt: '2026-11-20T10:00:00.000Z',
        ...data,
      };
      await this.deliver(Topics.cardLedgerCards, 'CardIssued', issued);
      return issued;
    },

    /** a company with a stamps program and one customer's card, as the other services would have published them */
    async aCard(options: { program?: boolean } = {}) {
      const { tenantId, programId } = await this.aCompany(options);
      const { cardId, userId } = await this.cardIssued({ tenantId, programId });
      await this.deliver(Topics.cardLedgerCards, 'StampsAdded', {
        cardId,
        commandId: 'c1',
        count: 7,
        employeeId: 'e1',
        balance: { points: 0, stamps: 7, lifetimePoints: 0 },
        addedAt: '2026-11-20T10:05:00.000Z',
      });
      return { cardId, userId, tenantId, programId };
    },

    /** the card ledger says the card now has `stamps` stamps (one added) */
    async stampsAdded(cardId: string, stamps: number, at: string = new Date().toISOString()) {
      await this.deliver(Topics.cardLedgerCards, 'StampsAdded', {
        cardId,
        commandId: randomUUID(),
        count: 1,
        employeeId: 'e1',
        balance: { points: 0, stamps, lifetimePoints: 0 },
        addedAt: at,
      });
    },

    /** the customer regenerated the card (lost or copied): QR version 2, a new number */
    async cardRegenerated(cardId: string, userId: string, at: string = new Date().toISOString()) {
      await this.deliver(Topics.cardLedgerCards, 'CardRegenerated', {
        cardId,
        commandId: randomUUID(),
        humanReadableId: '9876543210',
        secretVersion: 2,
        qrPayload: `P1.${cardId}.2.bm93eS1rb2Qtbm93eS1rb2Q`,
        actorId: userId,
        actorRole: 'customer',
        regeneratedAt: at,
      });
    },

    /** the holder's Apple pass of the card, as the portal downloads it (throws unless 200) */
    async applePassOf(cardId: string, userId: string): Promise<Buffer> {
      const res = await built.app.inject({
        method: 'GET',
        url: `/api/v1/cards/${cardId}/create-apple-pass/Karta.pkpass`,
        cookies: await this.cookiesOf(userId),
      });
      if (res.statusCode !== 200) throw new Error(`create-apple-pass: ${res.statusCode} ${res.body}`);
      return res.rawPayload;
    },

    /** the session cookie of a signed-in person */
    async cookiesOf(userId: string, role: Role = Roles.customer, tenantId?: string, perms?: Permission[]) {
      return {
        [ACCESS_COOKIE]: await tokens.tokenFor({
          id: userId,
          role,
          ...(tenantId && { tid: tenantId }),
          ...(perms && { perms }),
        }),
      };
    },

    async close(options: { keepData?: boolean } = {}) {
      await built.app.close();
      await infra.close();
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type NotificationTestApp = Awaited<ReturnType<typeof startNotification>>;
