import { buildStandalone } from '@punkto/platform/runtime/service-server';
import { IDEMPOTENCY_KEY_HEADER } from '@punkto/contracts/cards';
import type { ClientEnrolledData, ProgramDefinedData } from '@punkto/contracts/integration-events';
import { Roles, type Permission, type Role } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { SAME_ORIGIN } from '@punkto/platform/testing/same-origin';
import { createLogger } from '@punkto/platform/observability/logger';
import { createMetrics, type MetricsOptions } from '@punkto/platform/observability/metrics';
import { openInfrastructure, type Infrastructure } from '@punkto/platform/runtime/infrastructure';
import { eventMessage } from '@punkto/platform/testing/bus-message';
import type { LightMyRequestResponse } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildService, type CardLedgerDeps } from '../app';
import { toCardStreamId } from '../cards/card';
import { cardIdFor } from '../cards/card-ledger';
import { CardLedgerEnv } from '../config';
import { aProgramDefinition } from './mothers';

/**
 * Test harness: the card ledger's real app on the real embedded adapters in a temp DATA_DIR, access tokens
 * signed by a local test key, a clock the test can set, and tenant events delivered to the service's own
 * bus consumer (the same ConsumerSpec main.ts runs) in the envelope the relay publishes.
 */
const keys = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'EdDSA' }] });

export function tokenFor(
  userId: string,
  role: Role,
  options: { tid?: string; perms?: Permission[]; name?: string } = {},
) {
  return new SignJWT({
    role,
    ...(options.tid && { tid: options.tid }),
    perms: options.perms ?? [],
    ...(options.name && { name: options.name }),
  })
    .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
    .setSubject(userId)
    .setIssuer('punkto-identity')
    .setAudience('punkto')
    .setExpirationTime('10m')
    .sign(keys.privateKey);
}

export async function startCardLedger(
  env: Record<string, string> = {},
  options: { dataDir?: string; metrics?: MetricsOptions } = {},
) {
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'punkto-card-ledger-'));
  const config = CardLedgerEnv.parse({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const logger = createLogger('card-ledger', 'silent');
  // the process's metrics as bootService wires them (without the Node.js process metrics unless asked)
  const metrics = createMetrics('card-ledger', { processMetrics: false, ...options.metrics });
  const infra: Infrastructure = await openInfrastructure('card-ledger', config, logger, metrics);
  let fixed: Date | null = null;
  let offsetMs = 0;
  const clock = () => (fixed ? new Date(fixed) : new Date(Date.now() + offsetMs));
  const deps: CardLedgerDeps = { config, logger, infra, jwks, clock, metrics };
  const {
    app,
    cards: service,
    analytics,
    consumers = [],
  } = await buildStandalone('card-ledger', buildService, deps);
  await app.ready();
  const [consumer] = consumers;

  /** what another service's relay would publish, handed to our consumer of that topic */
  async function deliver(topic: string, type: string, data: object, eventId: string = randomUUID()) {
    const target = consumers.find((c) => c.topics.includes(topic)) ?? consumer!;
    await target.handler(eventMessage(topic, type, data, { id: eventId }));
    return eventId;
  }

  const harness = {
    app,
    infra,
    config,
    metrics,
    service,
    analytics,
    consumer: consumer!,
    dataDir,
    deliver,
    /** fixes the clock at an instant (null: back to the system clock) */
    setNow(iso: string | null) {
      fixed = iso ? new Date(iso) : null;
    },
    advance(seconds: number) {
      if (fixed) fixed = new Date(fixed.getTime() + seconds * 1000);
      else offsetMs += seconds * 1000;
    },

    async defineProgram(overrides: Partial<ProgramDefinedData> = {}) {
      const program = aProgramDefinition({ programId: randomUUID(), ...overrides });
      await deliver(Topics.tenantPrograms, 'ProgramDefined', program);
      return program;
    },

    /** a client of the program enrolled with a customer account: the card is issued */
    async enrol(program: ProgramDefinedData, overrides: Partial<ClientEnrolledData> = {}) {
      const clientId = overrides.clientId ?? randomUUID();
      const data: ClientEnrolledData = {
        clientId,
        tenantId: program.tenantId,
        programId: program.programId,
        userId: randomUUID(),
        email: `klient-${clientId.slice(0, 8)}@example.pl`,
        name: 'Jan Kowalski',
        phone: null,
        source: 'self',
        companyName: 'Kawiarnia Pod Lipą',
        programName: program.name,
        marketingConsent: false,
        enrolledAt: new Date().toISOString(),
        ...overrides,
      };
      const eventId = await deliver(Topics.tenantClients, 'ClientEnrolled', data);
      // userId: '' for a client enrolled without an account (the tests then link one themselves)
      return { ...data, userId: data.userId ?? '', cardId: cardIdFor(clientId), eventId };
    },

    async events(cardId: string) {
      return infra.eventStore.readStream(toCardStreamId(cardId));
    },

    /** an HTTP call as `token`; POSTs get an Idempotency-Key unless `key: null` */
    async call(
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      token: string | null,
      options: { body?: object; key?: string | null; headers?: Record<string, string> } = {},
    ): Promise<LightMyRequestResponse> {
      const key = options.key === undefined && method === 'POST' ? randomUUID() : options.key;
      return app.inject({
        method,
        url,
        ...(options.body && { payload: options.body }),
        headers: {
          ...(options.body && { 'content-type': 'application/json' }),
          // a page of ours sends its own origin with the session cookie (the CSRF check)
          ...(token && SAME_ORIGIN),
          ...(key && { [IDEMPOTENCY_KEY_HEADER]: key }),
          ...options.headers,
        },
        ...(token && { cookies: { [ACCESS_COOKIE]: token } }),
      });
    },

    async close(options: { keepData?: boolean } = {}) {
      await app.close();
      await infra.close();
      if (ownsDataDir && !options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}
export type CardLedgerTestApp = Awaited<ReturnType<typeof startCardLedger>>;

/** staff tokens of one tenant and a customer's token */
export async function tokensFor(tenantId: string) {
  return {
    owner: await tokenFor(randomUUID(), Roles.owner, { tid: tenantId }),
    employee: (perms: Permission[]) => tokenFor(randomUUID(), Roles.employee, { tid: tenantId, perms }),
    customer: (userId: string) => tokenFor(userId, Roles.customer),
  };
}
