import { buildStandalone } from '@punkto/platform/runtime/service-server';
import type { EventEnvelope } from '@punkto/contracts/events';
import { Roles } from '@punkto/contracts/permissions';
import { randomNip } from '@punkto/contracts/tenant';
import { Topics } from '@punkto/contracts/topics';
import type { Consumer } from '@punkto/platform/bus/message-bus.port';
import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { SAME_ORIGIN } from '@punkto/platform/testing/same-origin';
import { createLogger } from '@punkto/platform/observability/logger';
import { startEventRelay, type EventRelay } from '@punkto/platform/relay/event-relay';
import { openInfrastructure } from '@punkto/platform/runtime/infrastructure';
import { testTokens } from '@punkto/platform/testing/test-tokens';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '@punkto/platform/runtime/service-server';
import { buildService, relayRoutes, type TenantDeps } from '../app';
import { TenantEnv } from '../config';

export type { TestCaller } from '@punkto/platform/testing/test-tokens';

/**
 * The test kit of the tenant service's int specs: the real app on the real embedded adapters in a temp
 * DATA_DIR, tokens signed by a local key with the claims identity puts in them (`tid`, `perms`, `email`,
 * `name`), request helpers, and — for the flows through the bus — the service's own consumers and relay,
 * identity's events and a collector for what the service publishes.
 */
export const TEST_PUBLIC_URL = 'https://punkto.example';

const logger = createLogger('tenant', 'silent');

/** A clock that moves one second per reading: every event gets its own, ordered timestamp. */
export function steppingClock(start = '2026-03-02T08:00:00.000Z') {
  let nowMs = Date.parse(start);
  return () => new Date((nowMs += 1000));
}

export async function startTenantTestApp(options: { clock?: () => Date; env?: Record<string, string> } = {}) {
  const { jwks, tokenFor } = await testTokens();
  const dataDir = mkdtempSync(join(tmpdir(), 'punkto-tenant-'));
  const config = TenantEnv.parse({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: TEST_PUBLIC_URL,
    ...options.env,
  });
  const infra = await openInfrastructure('tenant', config, logger);
  const deps: TenantDeps = { config, logger, infra, jwks, clock: options.clock ?? systemClock };
  const {
    app,
    consumers = [],
    relayEventStore = infra.eventStore,
  } = await buildStandalone('tenant', buildService, deps);
  await app.ready();
  const running: Array<Consumer | EventRelay> = [];
  let relay: EventRelay | undefined;

  /** app.inject with the access cookie (and a JSON body when given) */
  const call = (
    token: string | null,
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      // a page of ours sends its own origin with the session cookie (the CSRF check)
      headers: {
        ...(payload !== undefined && { 'content-type': 'application/json' }),
        ...(token && SAME_ORIGIN),
      },
      ...(payload !== undefined && { payload: payload as object }),
      ...(token && { cookies: { [ACCESS_COOKIE]: token } }),
    });

  const expectStatus = (res: LightMyRequestResponse, status: number) => {
    if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
    return res;
  };

  return {
    app,
    infra,
    config,
    tokenFor,
    call,
    /** the service's bus consumers, to hand them single events */
    consumers,

    /**
     * an owner with a new tenant; `token` carries its `tid` (as after identity's TenantCreated). The NIP is a fresh
     * random one unless given: a NIP belongs to one active company (ADR 0035).
     */
    async ownerWithTenant(company: { companyName?: string; nip?: string } = {}) {
      const owner = { id: randomUUID(), role: Roles.owner, email: `wlasciciel.${randomUUID()}@example.pl` };
      const res = expectStatus(
        await call(await tokenFor(owner), 'POST', '/api/v1/tenants/create', {
          companyName: company.companyName ?? 'Kawiarnia Pod Lipą',
          nip: company.nip ?? randomNip(),
        }),
        201,
      );
      const { tenantId } = res.json() as { tenantId: string };
      const caller = { ...owner, tid: tenantId };
      return { ownerId: owner.id, tenantId, caller, token: await tokenFor(caller) };
    },

    /** a points program through the programs API (ProgramDefined in program-<id>) */
    async program(tenantId: string, ownerToken: string, input: { name?: string; active?: boolean } = {}) {
      const res = expectStatus(
        await call(ownerToken, 'POST', `/api/v1/tenants/${tenantId}/loyalty-programs`, {
          kind: 'points',
          name: input.name ?? 'Kawa za punkty',
          pointsPerPln: 1,
          active: input.active ?? true,
        }),
        201,
      );
      return (res.json() as { id: string }).id;
    },

    /** runs the service's bus consumers (identity.users.v1) as runService would */
    async startConsumers() {
      for (const spec of consumers) running.push(await infra.bus.subscribe({ ...spec }));
    },

    /** runs the relay (once) on the view main.ts gives it (plain personal data, ADR 0006) */
    startRelay() {
      relay ??= startEventRelay({
        eventStore: relayEventStore,
        bus: infra.bus,
        checkpoints: infra.checkpoints,
        routes: relayRoutes,
        logger,
      });
    },

    /** publishes an event as identity's relay would (identity.users.v1) */
    async publishIdentityEvent(type: string, userId: string, data: object) {
      const envelope: EventEnvelope = {
        id: randomUUID(),
        type,
        schemaVersion: 1,
        occurredAt: new Date().toISOString(),
        tenantId: null,
        aggregateId: userId,
        correlationId: randomUUID(),
        causationId: null,
        traceparent: null,
        data,
      };
      await infra.bus.publish(Topics.identityUsers, [{ key: userId, value: envelope }]);
      return envelope;
    },

    /** collects what arrives on a topic from now on (a fresh consumer group) */
    async collect(topic: string) {
      const received: EventEnvelope[] = [];
      running.push(
        await infra.bus.subscribe({
          groupId: `test-${randomUUID()}`,
          topics: [topic],
          handler: async (message) => void received.push(message.value as EventEnvelope),
        }),
      );
      return received;
    },

    async close() {
      await relay?.stop();
      for (const r of running.reverse()) await r.stop();
      await app.close();
      await infra.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TenantTestApp = Awaited<ReturnType<typeof startTenantTestApp>>;

/** A multipart/form-data body with one file part, and the headers a page of ours sends it with (its origin too). */
export function multipartFile(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----punkto${randomUUID().replace(/-/g, '')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...SAME_ORIGIN },
  };
}
