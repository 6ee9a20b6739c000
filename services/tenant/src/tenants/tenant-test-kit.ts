import type { Permission, Role } from '@punkto/contracts/permissions';
import { Roles } from '@punkto/contracts/permissions';
import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { createLogger } from '@punkto/platform/observability/logger';
import { openInfrastructure, type Infrastructure } from '@punkto/platform/runtime/infrastructure';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app';
import { TenantEnv, type TenantConfig } from '../config';

/**
 * Test kit for the tenant service's int specs: the real app on the real embedded adapters in a temp dir,
 * tokens signed by a local test key (as identity would sign them), and a few request helpers.
 */
export const TEST_PUBLIC_URL = 'https://punkto.example';

export interface TenantTestApp {
  app: FastifyInstance;
  infra: Infrastructure;
  config: TenantConfig;
  tokenFor(userId: string, role: Role, tid?: string, perms?: Permission[]): Promise<string>;
  /** an owner with a freshly created tenant and a token that carries its `tid` */
  ownerWithTenant(company?: { companyName: string; nip: string }): Promise<{
    ownerId: string;
    tenantId: string;
    token: string;
  }>;
  /** app.inject with the access cookie (and a JSON body when given) */
  call(
    token: string | null,
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startTenantTestApp(options: { clock?: () => Date } = {}): Promise<TenantTestApp> {
  const keys = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwks = createLocalJWKSet({
    keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'EdDSA' }],
  });
  const tokenFor = (userId: string, role: Role, tid?: string, perms?: Permission[]) =>
    new SignJWT({ role, ...(tid && { tid }), ...(perms && { perms }) })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
      .setSubject(userId)
      .setIssuer('punkto-identity')
      .setAudience('punkto')
      .setExpirationTime('5m')
      .sign(keys.privateKey);

  const dataDir = mkdtempSync(join(tmpdir(), 'punkto-tenant-'));
  const config = TenantEnv.parse({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: TEST_PUBLIC_URL });
  const logger = createLogger('tenant', 'silent');
  const infra = await openInfrastructure('tenant', config, logger);
  const app = await buildApp({ config, logger, infra, jwks, ...(options.clock && { clock: options.clock }) });
  await app.ready();

  const call: TenantTestApp['call'] = (token, method, url, payload) =>
    app.inject({
      method,
      url,
      ...(payload !== undefined && {
        payload: payload as object,
        headers: { 'content-type': 'application/json' },
      }),
      ...(token && { cookies: { [ACCESS_COOKIE]: token } }),
    });

  return {
    app,
    infra,
    config,
    tokenFor,
    call,
    async ownerWithTenant(company = { companyName: 'Kawiarnia Pod Lipą', nip: '123-456-32-18' }) {
      const ownerId = randomUUID();
      const res = await call(await tokenFor(ownerId, Roles.owner), 'POST', '/api/v1/tenants/create', company);
      if (res.statusCode !== 201) throw new Error(`tenant not created: ${res.statusCode} ${res.body}`);
      const { tenantId } = res.json() as { tenantId: string };
      return { ownerId, tenantId, token: await tokenFor(ownerId, Roles.owner, tenantId) };
    },
    async close() {
      await app.close();
      await infra.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A multipart/form-data body with one file part. */
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
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
