import { buildStandalone } from '@punkto/platform/runtime/service-server';
import { Roles } from '@punkto/contracts/permissions';
import type { Captcha } from '../captcha/captcha.port';
import { parseMail } from '@punkto/platform/mail/mime-parse';
import { createLogger } from '@punkto/platform/observability/logger';
import { openInfrastructure, type Infrastructure } from '@punkto/platform/runtime/infrastructure';
import type { LightMyRequestResponse } from 'fastify';
import { createLocalJWKSet } from 'jose';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildService } from '../app';
import { IdentityEnv } from '../config';
import type { PasswordHasher } from '../security/password-hasher';
import { accessRevocations } from '@punkto/platform/http/access-revocations';

/**
 * Test harness: identity's real app on the real embedded adapters in a temp DATA_DIR, with a clock the
 * test can move forward and helpers for the mailbox and cookies.
 */
export const TEST_PASSWORD = 'Bardzo-Tajne-Haslo-1';
const CUSTOMER = { username: 'Ania Nowak', role: Roles.customer, acceptTerms: true } as const;

export async function startIdentity(
  env: Record<string, string> = {},
  options: {
    captcha?: Captcha;
    revocations?: boolean;
    /** the real password hasher, e.g. wrapped to count its calls */
    hasher?: PasswordHasher;
    /** the real adapters, e.g. with a write held back (the harness's mailbox and close stay the real ones) */
    infra?: (real: Infrastructure) => Infrastructure;
  } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'punkto-identity-'));
  const config = IdentityEnv.parse({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const logger = createLogger('identity', 'silent');
  const infra: Infrastructure = await openInfrastructure('identity', config, logger);
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const unused = createLocalJWKSet({ keys: [] });
  // as bootService gives it: this process's revocation list (ADR 0010)
  const revocations = options.revocations ? await accessRevocations(infra.documents, { clock }) : undefined;
  const served = options.infra ? options.infra(infra) : infra;
  const { app, consumers, jobs } = await buildStandalone('identity', buildService, {
    config,
    logger,
    infra: served,
    jwks: unused,
    clock,
    ...(options.captcha && { captcha: options.captcha }),
    ...(options.hasher && { hasher: options.hasher }),
    ...(revocations && { revocations }),
  });
  await app.ready();
  // as runService does: the service's durable jobs (a registration is completed by one)
  served.scheduler.start(jobs ?? {});

  const post = (path: string, payload: object, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/users/${path}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload,
    });

  const mails = async (filter: { to?: string; tag?: string } = {}) => {
    await app.identity.settled();
    const entries = await infra.mailbox!.list();
    const matching = entries.filter(
      (e) => (!filter.to || e.to.includes(filter.to)) && (!filter.tag || e.tag === filter.tag),
    );
    return Promise.all(
      matching.map(async (e) => ({ ...e, mail: parseMail((await infra.mailbox!.raw(e.id))!) })),
    );
  };

  return {
    app,
    infra,
    config,
    /** the service's own bus consumers (the same instance the routes use), for the tests to run or call */
    consumers: consumers ?? [],
    advance(seconds: number) {
      offsetMs += seconds * 1000;
    },
    mails,
    /** the token from the newest e-mail with this tag to this address */
    async linkToken(to: string, tag: string): Promise<{ token: string; url: string }> {
      const found = await mails({ to, tag });
      // UUIDv7 ids: the mailbox lists newest first
      const newest = found[0];
      const url = newest?.mail.text?.match(/https?:\/\/\S+token=[A-Za-z0-9_-]+\S*/)?.[0];
      if (!url) throw new Error(`no ${tag} e-mail to ${to}`);
      return { url, token: new URL(url).searchParams.get('token')! };
    },
    /** `POST /api/v1/users/register` of a customer „Ania Nowak” with TEST_PASSWORD (`headers` go with it) */
    register(email: string, headers: Record<string, string> = {}) {
      return post('register', { email, password: TEST_PASSWORD, ...CUSTOMER }, headers);
    },
    /**
     * A customer who registered, activated and logged in through the routes (`headers` go with every call,
     * e.g. `x-forwarded-proto`); the login response and its cookies.
     */
    async signedIn(headers: Record<string, string> = {}) {
      const email = `osoba.${Date.now()}.${Math.random().toString(36).slice(2)}@example.pl`;
      const registered = await this.register(email, headers);
      if (registered.statusCode !== 201) throw new Error(`register: ${registered.body}`);
      const { token } = await this.linkToken(email, 'account-activation');
      await post('activate-account', { token }, headers);
      const login = await post('login', { email, password: TEST_PASSWORD }, headers);
      if (login.statusCode !== 200) throw new Error(`login: ${login.body}`);
      return { email, userId: registered.json().userId as string, login, cookies: cookiesOf(login) };
    },
    async close() {
      await app.close();
      await infra.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type IdentityTestApp = Awaited<ReturnType<typeof startIdentity>>;

/** name → value of the Set-Cookie headers of a response ('' for cleared cookies) */
export function cookiesOf(
  res: LightMyRequestResponse,
): Record<string, { value: string; raw: (typeof res.cookies)[number] }> {
  return Object.fromEntries(res.cookies.map((c) => [c.name, { value: c.value, raw: c }]));
}
