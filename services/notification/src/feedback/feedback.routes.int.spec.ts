import { buildStandalone } from '@punkto/platform/runtime/service-server';
import { FeedbackMessages } from '@punkto/contracts/feedback';
import { Roles, type Role } from '@punkto/contracts/permissions';
import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { parseMail } from '@punkto/platform/mail/mime-parse';
import { createLogger } from '@punkto/platform/observability/logger';
import { openInfrastructure, type Infrastructure } from '@punkto/platform/runtime/infrastructure';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SAME_ORIGIN } from '@punkto/platform/testing/same-origin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService } from '../app';
import { NotificationEnv } from '../config';
import type { BugReport } from './bug-report';
import { BUG_REPORTS_COLLECTION } from './feedback.service';

// the notification service's real app on the real embedded adapters, tokens signed by a local test key
const keys = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'EdDSA' }] });
const tokenFor = (userId: string, role: Role, tid?: string, email?: string) =>
  new SignJWT({ role, ...(tid && { tid }), ...(email && { email }) })
    .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
    .setSubject(userId)
    .setIssuer('punkto-identity')
    .setAudience('punkto')
    .setExpirationTime('5m')
    .sign(keys.privateKey);

const dataDir = mkdtempSync(join(tmpdir(), 'punkto-notification-feedback-'));
let infra: Infrastructure;
let app: FastifyInstance;
let now = new Date('2026-11-20T10:00:00.000Z');
beforeAll(async () => {
  const config = NotificationEnv.parse({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    OPERATOR_EMAILS: 'zespol@punkto.local, dyzur@punkto.local',
  });
  const logger = createLogger('notification', 'silent');
  infra = await openInfrastructure('notification', config, logger);
  ({ app } = await buildStandalone('notification', buildService, {
    config,
    logger,
    infra,
    jwks,
    clock: () => now,
  }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await infra?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const report = {
  description: 'Przycisk „Zapisz” na stronie programu nic nie robi.',
  category: 'bug',
  page: 'http://127.0.0.1:18080/panel/programy',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
  viewport: { width: 1280, height: 900 },
  language: 'pl-PL',
};
const send = async (token: string | undefined, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/feedback',
    payload: payload as object,
    headers: { 'content-type': 'application/json', ...(token && SAME_ORIGIN), ...headers },
    ...(token && { cookies: { [ACCESS_COOKIE]: token } }),
  });

describe('POST /api/v1/feedback', () => {
  it('stores the report with the user context from the token and e-mails every operator in Polish', async () => {
    const userId = randomUUID();
    const tenantId = randomUUID();
    const res = await send(await tokenFor(userId, Roles.owner, tenantId, 'anna@example.pl'), {
      ...report,
      // the body cannot pretend to be someone else: these are ignored
      userId: 'intruz',
      role: 'platform_operator',
      tenantId: 'inna-firma',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, createdAt } = res.json() as { id: string; createdAt: string };
    expect(createdAt).toBe(now.toISOString());

    const stored = await infra.documents.collection<BugReport>(BUG_REPORTS_COLLECTION).get(id);
    expect(stored).toMatchObject({
      description: report.description,
      category: 'bug',
      page: report.page,
      userAgent: report.userAgent,
      viewport: report.viewport,
      language: 'pl-PL',
      userId,
      role: Roles.owner,
      tenantId,
      email: 'anna@example.pl',
      createdAt: now.toISOString(),
    });

    const mails = (await infra.mailbox!.list()).filter((m) => m.tag === 'bug-report');
    expect(mails.map((m) => m.to).sort()).toEqual(['dyzur@punkto.local', 'zespol@punkto.local']);
    expect(mails[0]!.subject).toContain('Zgłoszenie błędu: Przycisk „Zapisz”');
    const mail = parseMail((await infra.mailbox!.raw(mails[0]!.id))!);
    expect(mail.text).toContain(report.description);
    expect(mail.text).toContain(`Firma (tenantId): ${tenantId}`);
    expect(mail.text).toContain('Rola: właściciel firmy');
    expect(mail.text).toContain('Strona: http://127.0.0.1:18080/panel/programy');
    expect(mail.text).toContain('Okno: 1280×900 px');
  });

  it('accepts a customer without a tenant and without a category', async () => {
    const { category: _category, ...withoutCategory } = report;
    const res = await send(await tokenFor(randomUUID(), Roles.customer), withoutCategory);
    expect(res.statusCode, res.body).toBe(201);
    const stored = await infra.documents
      .collection<BugReport>(BUG_REPORTS_COLLECTION)
      .get((res.json() as { id: string }).id);
    expect(stored).toMatchObject({ role: Roles.customer, tenantId: null, category: null });
  });

  it('requires a description of 5–5000 characters, with Polish messages', async () => {
    const token = await tokenFor(randomUUID(), Roles.customer);
    const empty = await send(token, { ...report, description: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { description: [FeedbackMessages.descriptionRequired] },
    });
    const missing = await send(token, { page: '/', userAgent: 'x' });
    expect(missing.json().errors).toEqual({ description: [FeedbackMessages.descriptionRequired] });
    const short = await send(token, { ...report, description: 'abc' });
    expect(short.json().errors).toEqual({ description: ['Opis musi mieć co najmniej 5 znaków.'] });
    const long = await send(token, { ...report, description: 'a'.repeat(5001) });
    expect(long.json().errors).toEqual({ description: ['Opis może mieć najwyżej 5000 znaków.'] });
    expect((await send(token, { ...report, description: 'a'.repeat(5000) })).statusCode).toBe(201);
    const category = await send(token, { ...report, category: 'nieznana' });
    expect(Object.keys(category.json().errors)).toEqual(['category']);
  });

  it('is for logged-in users only (401) and rejects cross-site requests (CSRF)', async () => {
    const anonymous = await send(undefined, report);
    expect(anonymous.statusCode).toBe(401);
    const crossSite = await send(await tokenFor(randomUUID(), Roles.customer), report, {
      origin: 'https://evil.example',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ code: 'CSRF_REJECTED' });
  });

  it('allows 10 reports per user per hour: the 11th is 429 RATE_LIMITED, an hour later it passes again', async () => {
    const userId = randomUUID();
    const token = await tokenFor(userId, Roles.customer);
    for (let i = 0; i < 10; i++) {
      now = new Date(now.getTime() + 60_000);
      expect((await send(token, report)).statusCode).toBe(201);
    }
    const limited = await send(token, report);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      localizedMessage: FeedbackMessages.rateLimited,
    });
    // another user is not affected
    expect((await send(await tokenFor(randomUUID(), Roles.customer), report)).statusCode).toBe(201);
    // the first report leaves the window after 60 minutes
    now = new Date(now.getTime() + 51 * 60_000);
    expect((await send(token, report)).statusCode).toBe(201);
    expect((await send(token, report)).statusCode).toBe(429);
  });
});
