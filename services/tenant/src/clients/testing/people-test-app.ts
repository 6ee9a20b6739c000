import type { EventEnvelope } from '@punkto/contracts/events';
import { Roles, type Permission, type Role } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import type { Consumer } from '@punkto/platform/bus/message-bus.port';
import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { createLogger } from '@punkto/platform/observability/logger';
import { startEventRelay, type EventRelay } from '@punkto/platform/relay/event-relay';
import { openInfrastructure, type Infrastructure } from '@punkto/platform/runtime/infrastructure';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, consumers, relayEventStore, relayRoutes } from '../../app';
import { TenantEnv } from '../../config';

/**
 * Test harness for the employees / clients int specs: the tenant service's real app, consumers and relay on
 * the real embedded adapters in a temp DATA_DIR, tokens signed by a local key with the claims identity puts
 * in them (`tid`, `perms`, `email`, `name`), and helpers for tenants, programs and identity's events.
 */
export interface Caller {
  id: string;
  role: Role;
  tid?: string;
  perms?: Permission[];
  email?: string;
  name?: string;
}

const logger = createLogger('tenant', 'silent');

export async function startPeopleTestApp() {
  const keys = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwks = createLocalJWKSet({
    keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'EdDSA' }],
  });
  const tokenFor = (caller: Caller) =>
    new SignJWT({
      role: caller.role,
      ...(caller.tid && { tid: caller.tid }),
      perms: caller.perms ?? [],
      ...(caller.email && { email: caller.email }),
      ...(caller.name && { name: caller.name }),
    })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
      .setSubject(caller.id)
      .setIssuer('punkto-identity')
      .setAudience('punkto')
      .setExpirationTime('5m')
      .sign(keys.privateKey);

  // a clock that moves one second per reading: every event gets its own, ordered timestamp
  let nowMs = Date.parse('2026-03-02T08:00:00.000Z');
  const clock = () => new Date((nowMs += 1000));

  const dataDir = mkdtempSync(join(tmpdir(), 'punkto-people-'));
  const config = TenantEnv.parse({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const infra: Infrastructure = await openInfrastructure('tenant', config, logger);
  const deps = { config, logger, infra, jwks, clock };
  const app: FastifyInstance = await buildApp(deps);
  await app.ready();
  const running: Array<Consumer | EventRelay> = [];

  const call = (
    token: string | null,
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      ...(payload !== undefined && {
        payload: payload as object,
        headers: { 'content-type': 'application/json' },
      }),
      ...(token && { cookies: { [ACCESS_COOKIE]: token } }),
    });

  const expectStatus = (res: LightMyRequestResponse, status: number) => {
    if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
    return res;
  };

  return {
    app,
    infra,
    tokenFor,
    call,

    /** an owner with a new tenant; `token` carries its `tid` (as after identity's TenantCreated) */
    async ownerWithTenant(companyName = 'Kawiarnia Pod Lipą') {
      const owner = { id: randomUUID(), role: Roles.owner, email: `wlasciciel.${randomUUID()}@example.pl` };
      const res = expectStatus(
        await call(await tokenFor(owner), 'POST', '/api/v1/tenants/create', {
          companyName,
          nip: '123-456-32-18',
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
      for (const spec of consumers(deps)) running.push(await infra.bus.subscribe({ ...spec }));
    },

    /** runs the relay on the view main.ts gives it (plain personal data, ADR 0006) */
    startRelay() {
      running.push(
        startEventRelay({
          eventStore: relayEventStore(deps),
          bus: infra.bus,
          checkpoints: infra.checkpoints,
          routes: relayRoutes,
          logger,
        }),
      );
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
      for (const r of running.reverse()) await r.stop();
      await app.close();
      await infra.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type PeopleTestApp = Awaited<ReturnType<typeof startPeopleTestApp>>;
