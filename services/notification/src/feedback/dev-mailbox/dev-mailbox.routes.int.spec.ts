import { loadConfig } from '@punkto/platform/config/config';
import { createLogger } from '@punkto/platform/observability/logger';
import { openInfrastructure, type Infrastructure } from '@punkto/platform/runtime/infrastructure';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair } from 'jose';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStandalone, systemClock } from '@punkto/platform/runtime/service-server';
import { buildService } from '../../app';
import { NotificationEnv } from '../../config';

// Issue 15 finding 1: the dev mailbox holds password-reset links, so by default (DEV_MAILBOX=loopback) only a
// person on this machine may read it — checked here too, behind the gateway (which forwards the client).
const keys = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'EdDSA' }] });
const dataDir = mkdtempSync(join(tmpdir(), 'punkto-notification-mailbox-'));
const logger = createLogger('notification', 'silent');
let infra: Infrastructure;
let app: FastifyInstance;
let messageId: string;

beforeAll(async () => {
  const config = NotificationEnv.parse({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
  expect(config.DEV_MAILBOX).toBe('loopback');
  infra = await openInfrastructure('notification', config, logger);
  await infra.mailer.send({
    to: 'ofiara@example.com',
    subject: 'Reset hasła',
    text: 'Link: http://localhost:8080/reset-hasla?token=sekret',
    html: '<p>Link</p>',
  });
  messageId = (await infra.mailbox!.list())[0]!.id;
  ({ app } = await buildStandalone('notification', buildService, {
    config,
    logger,
    infra,
    jwks,
    clock: systemClock,
  }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await infra?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the dev mailbox in the notification service', () => {
  it('shows the list and the raw message to a request from this machine (the gateway forwarding a local person)', async () => {
    const headers = {
      host: '127.0.0.1:8086',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-host': 'localhost:8080',
    };
    const list = await app.inject({ url: '/dev/mailbox', remoteAddress: '127.0.0.1', headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Reset hasła');
    const raw = await app.inject({
      url: `/dev/mailbox/${messageId}.eml`,
      remoteAddress: '127.0.0.1',
      headers,
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.body).toContain('token=sekret');
  });

  it.each([
    [
      'the gateway forwarding a visitor from another machine',
      { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-host': 'localhost:8080' },
    ],
    [
      'the gateway forwarding a public host name',
      { 'x-forwarded-for': '127.0.0.1', 'x-forwarded-host': 'punkto.example.com' },
    ],
  ])('answers 404 for %s, in the spec shape', async (_who, forwarded) => {
    for (const url of ['/dev/mailbox', `/dev/mailbox/${messageId}.eml`]) {
      const res = await app.inject({
        url,
        remoteAddress: '127.0.0.1',
        headers: { host: '127.0.0.1:8086', ...forwarded },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect(res.body).not.toContain('sekret');
    }
  });

  it('answers 404 to a peer that is not on this machine', async () => {
    const res = await app.inject({
      url: '/dev/mailbox',
      remoteAddress: '10.1.2.3',
      headers: { host: 'localhost' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses to start with DEV_MAILBOX=on in production unless explicitly allowed', () => {
    expect(() => loadConfig(NotificationEnv, { NODE_ENV: 'production', DEV_MAILBOX: 'on' })).toThrow(
      /DEV_MAILBOX_ALLOW_IN_PRODUCTION=true/,
    );
    expect(loadConfig(NotificationEnv, { NODE_ENV: 'development', DEV_MAILBOX: 'on' }).DEV_MAILBOX).toBe(
      'on',
    );
  });
});
