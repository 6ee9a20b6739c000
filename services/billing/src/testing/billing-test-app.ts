import type { FastifyInstance } from 'fastify';
import { buildStandalone } from '@punkto/platform/runtime/service-server';
import type { TenantCreatedData } from '@punkto/contracts/integration-events';
import { Roles, type Permission, type Role } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { SAME_ORIGIN } from '@punkto/platform/testing/same-origin';
import { createLogger } from '@punkto/platform/observability/logger';
import { openInfrastructure, type Infrastructure } from '@punkto/platform/runtime/infrastructure';
import { SqliteScheduler } from '@punkto/platform/scheduler/sqlite-scheduler';
import type { JobHandler } from '@punkto/platform/scheduler/scheduler.port';
import {
  steppedScheduler,
  type SteppedScheduler,
} from '@punkto/platform/scheduler/testing/stepped-scheduler';
import { eventMessage } from '@punkto/platform/testing/bus-message';
import type { LightMyRequestResponse } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildService, type BillingDeps } from '../app';
import { BillingEnv } from '../config';
import { NOTIFY_PATH } from '../payments/payment.routes';

/**
 * Test harness: the billing service's real app on the embedded adapters in a temp DATA_DIR, tokens signed by a
 * local key, a clock the test sets, tenant, card and identity events handed to its own consumers, and its durable jobs
 * run on demand at the test clock's "now" (`runDueJobs`), the sandbox's notifications delivered to its
 * notification route in-process.
 */
const keys = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'EdDSA' }] });

export function tokenFor(
  userId: string,
  role: Role,
  options: { tid?: string; perms?: Permission[]; email?: string } = {},
) {
  return new SignJWT({
    role,
    ...(options.tid && { tid: options.tid }),
    perms: options.perms ?? [],
    ...(options.email && { email: options.email }),
  })
    .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
    .setSubject(userId)
    .setIssuer('punkto-identity')
    .setAudience('punkto')
    .setExpirationTime('10m')
    .sign(keys.privateKey);
}

/** a stepped scheduler's due jobs run at the test clock, by type (platform's SteppedScheduler) */
function dueJobRunner(stepped: SteppedScheduler, jobs: Record<string, JobHandler>, now: () => Date) {
  return {
    runDueJobs: async (): Promise<string[]> => (await stepped.runDue(jobs, now())).map((job) => job.type),
    pendingJobs: () => [...stepped.pending.values()],
  };
}

export async function startBilling(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'punkto-billing-'));
  const config = BillingEnv.parse({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://punkto.test',
    ...env,
  });
  const logger = createLogger('billing', 'silent');
  const opened: Infrastructure = await openInfrastructure('billing', config, logger);
  const stepped = steppedScheduler(opened.scheduler);
  const infra: Infrastructure = { ...opened, scheduler: stepped.scheduler };
  let now = new Date('2026-03-01T10:00:00.000Z');
  const clock = () => new Date(now);
  /** what the sandbox POSTs, kept so a test can replay it */
  const notifications: { body: string; headers: Record<string, string> }[] = [];
  const holder: { app?: FastifyInstance } = {};
  const deps: BillingDeps = {
    config,
    logger,
    infra,
    jwks,
    clock,
    sandboxSend: async (_url, body, headers) => {
      notifications.push({ body, headers });
      const res = await holder.app!.inject({ method: 'POST', url: NOTIFY_PATH, payload: body, headers });
      return res.statusCode;
    },
  };
  const built = await buildStandalone('billing', buildService, deps);
  const app = built.app;
  holder.app = app;
  await app.ready();
  const consumers = built.consumers;
  const jobs = built.jobs as Record<string, JobHandler>;
  const runner = dueJobRunner(stepped, jobs, () => now);
  const replicas: Array<{ close(): Promise<void> }> = [];

  /** an event as the relay publishes it, to every consumer of the topic; the same `eventId` again is a redelivery */
  async function deliver(topic: string, type: string, data: object, eventId: string = randomUUID()) {
    for (const consumer of consumers.filter((c) => c.topics.includes(topic)))
      await consumer.handler(eventMessage(topic, type, data, { id: eventId }));
    return eventId;
  }

  const harness = {
    app,
    infra,
    built,
    notifications,
    now: () => new Date(now),
    setNow(iso: string) {
      now = new Date(iso);
    },
    advanceDays(days: number) {
      now = new Date(now.getTime() + days * 86_400_000);
    },
    deliver,

    /** runs every recorded job whose time has come (and those they schedule), at the test clock */
    runDueJobs: runner.runDueJobs,
    pendingJobs: runner.pendingJobs,
    /** forgets a job, as a crash between an append and its scheduling would */
    async loseJob(id: string) {
      stepped.pending.delete(id);
      await stepped.scheduler.cancel(id);
    },

    /**
     * A second replica of the service, as in distributed mode: the same event store and document store, its
     * own durable scheduler (ADR 0002/0025), the same test clock.
     */
    async replica() {
      const dir = mkdtempSync(join(tmpdir(), 'punkto-billing-replica-'));
      const own = steppedScheduler(SqliteScheduler.open(join(dir, 'scheduler.db'), { logger }));
      const other = await buildStandalone('billing', buildService, {
        ...deps,
        infra: { ...infra, scheduler: own.scheduler },
      });
      await other.app.ready();
      const r = dueJobRunner(own, other.jobs as Record<string, JobHandler>, () => now);
      const replica = {
        built: other,
        ...r,
        async loseJob(id: string) {
          own.pending.delete(id);
          await own.scheduler.cancel(id);
        },
        async close() {
          await other.app.close();
          await own.scheduler.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
      replicas.push(replica);
      return replica;
    },

    /** a tenant created in the tenant service: its owner's token; the trial starts */
    async tenant(overrides: Partial<TenantCreatedData> = {}) {
      const tenantId = overrides.tenantId ?? randomUUID();
      const ownerId = randomUUID();
      await deliver(Topics.tenantTenants, 'TenantCreated', {
        tenantId,
        ownerId,
        companyName: 'Kawiarnia Pod Lipą',
        nip: '1234563218',
        createdAt: now.toISOString(),
        ...overrides,
      });
      await deliver(Topics.tenantTenants, 'TenantUpdated', {
        tenantId,
        changes: {
          address: { street: 'ul. Lipowa 5', postalCode: '30-001', city: 'Kraków' },
          contact: { email: `wlasciciel-${tenantId.slice(0, 6)}@example.pl` },
        },
        updatedAt: now.toISOString(),
      });
      const token = await tokenFor(ownerId, Roles.owner, { tid: tenantId, email: 'wlasciciel@example.pl' });
      return { tenantId, ownerId, token };
    },

    /** `count` cards issued, each to a new person, or all to `holder` (one person in several programmes) */
    async cards(tenantId: string, count: number, holder?: string) {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const cardId = randomUUID();
        ids.push(cardId);
        await deliver(Topics.cardLedgerCards, 'CardIssued', {
          cardId,
          tenantId,
          programId: 'p1',
          clientId: randomUUID(),
          userId: holder ?? randomUUID(),
          humanReadableId: '1234567890',
          secretVersion: 1,
          tier: null,
          issuedAt: now.toISOString(),
        });
      }
      return ids;
    },

    async call(
      token: string | null,
      method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
      url: string,
      body?: object,
    ): Promise<LightMyRequestResponse> {
      return app.inject({
        method,
        url,
        // a page of ours sends its own origin with the session cookie (the CSRF check)
        headers: { ...(body && { 'content-type': 'application/json' }), ...(token && SAME_ORIGIN) },
        ...(body && { payload: body }),
        ...(token && { cookies: { [ACCESS_COOKIE]: token } }),
      });
    },

    /** the payer fills in the sandbox checkout form (follows the redirect it got from initiate-payment) */
    async payInCheckout(redirectUri: string, cardNumber: string) {
      return app.inject({
        method: 'POST',
        url: redirectUri,
        payload: new URLSearchParams({ cardNumber, expiry: '12/30', cvc: '123' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    },

    async sentMails() {
      return (await infra.mailbox?.list()) ?? [];
    },

    async close() {
      for (const replica of replicas) await replica.close();
      await app.close();
      await opened.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}
export type BillingTestApp = Awaited<ReturnType<typeof startBilling>>;
