import { buildStandalone } from '@punkto/platform/runtime/service-server';
import { allEndpoints } from '@punkto/contracts/endpoints/index';
import { Roles } from '@punkto/contracts/permissions';
import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { createLogger } from '@punkto/platform/observability/logger';
import { systemClock } from '@punkto/platform/runtime/service-server';
import { openInfrastructure, type Infrastructure } from '@punkto/platform/runtime/infrastructure';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as billing from '../../services/billing/src/app';
import { BillingEnv } from '../../services/billing/src/config';
import * as cardLedger from '../../services/card-ledger/src/app';
import { CardLedgerEnv } from '../../services/card-ledger/src/config';
import * as identity from '../../services/identity/src/app';
import { IdentityEnv } from '../../services/identity/src/config';
import * as notification from '../../services/notification/src/app';
import { NotificationEnv } from '../../services/notification/src/config';
import * as survey from '../../services/survey/src/app';
import { SurveyEnv } from '../../services/survey/src/config';
import * as tenant from '../../services/tenant/src/app';
import { TenantEnv } from '../../services/tenant/src/config';

// each service, built by its own buildService on the real embedded adapters
const keys = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'EdDSA' }] });
const ownerToken = await new SignJWT({ role: Roles.owner, tid: 't1' })
  .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
  .setSubject('u1')
  .setIssuer('punkto-identity')
  .setAudience('punkto')
  .setExpirationTime('5m')
  .sign(keys.privateKey);

const services = [
  ['identity', identity, IdentityEnv],
  ['tenant', tenant, TenantEnv],
  ['card-ledger', cardLedger, CardLedgerEnv],
  ['billing', billing, BillingEnv],
  ['survey', survey, SurveyEnv],
  ['notification', notification, NotificationEnv],
] as const;

describe.each(services)('%s service', (name, module, env) => {
  const dataDir = mkdtempSync(join(tmpdir(), `punkto-${name}-`));
  let infra: Infrastructure;
  let app: FastifyInstance;

  beforeAll(async () => {
    const config = env.parse({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const logger = createLogger(name, 'silent');
    infra = await openInfrastructure(name, config, logger);
    app = (
      await buildStandalone(name, module.buildService as never, {
        config: config as never,
        logger,
        infra,
        jwks,
        clock: systemClock,
      })
    ).app;
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await infra.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is alive and ready on its own data files', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok', service: name });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', checks: { eventStore: 'ok', documents: 'ok' } });
  });

  it('answers unknown paths with the JSON 404', async () => {
    const res = await app.inject('/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it("answers a method a contract path lacks 405 with Allow naming exactly the contract's methods for it, also where paths collide (issue 36)", async () => {
    // one value for every parameter, never a word a literal route uses (`create`, `remove`, `resend-activation`)
    const concrete = (path: string) => path.replace(/\{\w+\}/g, '0190a4c2-0000-7000-8000-000000000001');
    const methodsOf = new Map<string, Set<string>>();
    for (const endpoint of allEndpoints.filter((e) => e.owner === name)) {
      const path = concrete(endpoint.path);
      methodsOf.set(path, (methodsOf.get(path) ?? new Set()).add(endpoint.method.toUpperCase()));
    }
    expect(methodsOf.size).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const [path, methods] of methodsOf) {
      const allow = [...methods, ...(methods.has('GET') ? ['HEAD'] : [])].sort().join(', ');
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const) {
        if (methods.has(method)) continue;
        const res = await app.inject({ method, url: path });
        const seen = `${res.statusCode} ${res.statusCode === 405 ? res.headers.allow : res.json().code}`;
        if (seen !== `405 ${allow}`) wrong.push(`${method} ${path}: ${seen}, expected 405 ${allow}`);
        else
          expect(res.json()).toEqual({
            code: 'METHOD_NOT_ALLOWED',
            localizedMessage: 'Method not allowed',
            status: 405,
          });
      }
    }
    expect(wrong).toEqual([]);
  });

  it('publishes its own streams to topics of the form <service>.<aggregate>.v<n>', () => {
    expect(module.relayRoutes.length).toBeGreaterThan(0);
    for (const route of module.relayRoutes) expect(route.topic).toMatch(/^[a-z]+\.[a-z]+\.v\d+$/);
  });
});

describe('tenant: permission catalogue', () => {
  it('is served to signed-in users with Polish labels, refused to anonymous ones', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'punkto-tenant-'));
    const config = TenantEnv.parse({ DATA_DIR: dataDir });
    const logger = createLogger('tenant', 'silent');
    const infra = await openInfrastructure('tenant', config, logger);
    const { app } = await buildStandalone('tenant', tenant.buildService, {
      config,
      logger,
      infra,
      jwks,
      clock: systemClock,
    });
    try {
      expect((await app.inject('/api/v1/permissions')).statusCode).toBe(401);
      const res = await app.inject({ url: '/api/v1/permissions', cookies: { [ACCESS_COOKIE]: ownerToken } });
      expect(res.statusCode).toBe(200);
      expect(res.json().permissions).toContainEqual({
        key: 'cards.scan',
        label: 'Skanowanie kart klientów',
        group: 'Karty',
      });
    } finally {
      await app.close();
      await infra.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('notification: dev mailbox', () => {
  it('lists and shows an e-mail any service sent', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'punkto-notification-'));
    const config = NotificationEnv.parse({ DATA_DIR: dataDir });
    const logger = createLogger('notification', 'silent');
    const infra = await openInfrastructure('notification', config, logger);
    const other = await openInfrastructure('identity', config, logger);
    const { app } = await buildStandalone('notification', notification.buildService, {
      config,
      logger,
      infra,
      jwks,
      clock: systemClock,
    });
    try {
      await other.mailer.send({
        to: 'ania@example.pl',
        subject: 'Aktywuj konto w Punkto',
        text: 'Kliknij: http://localhost:8080/aktywacja-konta?token=abc',
        html: '<p>Kliknij <a href="http://localhost:8080/aktywacja-konta?token=abc">link</a></p>',
        tag: 'account-activation',
      });
      const list = await app.inject('/dev/mailbox');
      expect(list.body).toContain('Aktywuj konto w Punkto');
      expect(list.body).toContain('ania@example.pl');
      const [entry] = await infra.mailbox!.list();
      const one = await app.inject(`/dev/mailbox/${entry!.id}`);
      expect(one.statusCode).toBe(200);
      expect(one.body).toContain('aktywacja-konta?token=abc');
      const raw = await app.inject(`/dev/mailbox/${entry!.id}.eml`);
      expect(raw.headers['content-type']).toContain('message/rfc822');
      expect((await app.inject('/dev/mailbox/not-an-id')).statusCode).toBe(404);
    } finally {
      await app.close();
      await other.close();
      await infra.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
