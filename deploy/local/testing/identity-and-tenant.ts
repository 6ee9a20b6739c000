import { buildStandalone } from '@punkto/platform/runtime/service-server';
import type { CardView } from '@punkto/contracts/cards';
import { Roles } from '@punkto/contracts/permissions';
import { randomNip } from '@punkto/contracts/tenant';
import type { Consumer } from '@punkto/platform/bus/message-bus.port';
import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { SAME_ORIGIN } from '@punkto/platform/testing/same-origin';
import { parseMail } from '@punkto/platform/mail/mime-parse';
import { createLogger } from '@punkto/platform/observability/logger';
import { startEventRelay, type EventRelay } from '@punkto/platform/relay/event-relay';
import { systemClock } from '@punkto/platform/runtime/service-server';
import { openInfrastructure } from '@punkto/platform/runtime/infrastructure';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createLocalJWKSet, decodeJwt } from 'jose';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import * as identity from '../../../services/identity/src/app';
import { IdentityEnv } from '../../../services/identity/src/config';
import { REFRESH_COOKIE } from '../../../services/identity/src/users/user.routes';
import * as cardLedger from '../../../services/card-ledger/src/app';
import { CardLedgerEnv } from '../../../services/card-ledger/src/config';
import * as notification from '../../../services/notification/src/app';
import { NotificationEnv } from '../../../services/notification/src/config';
import * as survey from '../../../services/survey/src/app';
import { SurveyEnv } from '../../../services/survey/src/config';
import * as tenant from '../../../services/tenant/src/app';
import { TenantEnv } from '../../../services/tenant/src/config';

const json = { 'content-type': 'application/json' };
const users = (path: string) => `/api/v1/users/${path}`;
export const poll = { timeout: 15_000, interval: 100 };
export const cookie = (res: LightMyRequestResponse, name: string) =>
  res.cookies.find((c) => c.name === name)?.value;
/** the first link with a `token` in an e-mail's text */
export const tokenIn = (text: string) => new URL(text.match(/https?:\/\/\S+token=[A-Za-z0-9_-]+\S*/)![0]);

/**
 * Identity and tenant embedded as `npm start` runs them: real apps on the real adapters in one temp
 * DATA_DIR (so they share the SQLite bus), each with the consumers and the relay its main.ts starts
 * (tenant's relay reads the unsealing view of its log, ADR 0006; identity's unseals only a customer's phone,
 * ADR 0017); tenant verifies identity's tokens with identity's JWKS. With `cardLedger`, the card ledger too
 * (it consumes tenant's events and verifies the same tokens). Plus the calls the cross-service specs make.
 */
export async function startIdentityAndTenant(
  options: {
    publicUrl?: string;
    cardLedger?: boolean;
    /** the survey service too (it consumes the card ledger's, tenant's and identity's events; runs its jobs) */
    survey?: { delaySeconds: number };
    /** the notification service too (company messages: it consumes tenant's, identity's and the card ledger's events; runs its jobs) */
    notification?: boolean;
  } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'punkto-identity-tenant-'));
  const logger = createLogger('test', 'silent');
  const running: Array<Consumer | EventRelay> = [];

  const identityConfig = IdentityEnv.parse({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(options.publicUrl && { PUBLIC_URL: options.publicUrl }),
  });
  const identityInfra = await openInfrastructure('identity', identityConfig, logger);
  const identityDeps = {
    config: identityConfig,
    logger,
    infra: identityInfra,
    jwks: createLocalJWKSet({ keys: [] }),
    clock: systemClock,
  };
  const identityService = await buildStandalone('identity', identity.buildService, identityDeps);
  const identityApp = identityService.app;
  await identityApp.ready();
  // as runService does: identity's durable jobs (a registration is completed by one)
  identityInfra.scheduler.start(identityService.jobs ?? {});

  const tenantConfig = TenantEnv.parse({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const tenantInfra = await openInfrastructure('tenant', tenantConfig, logger);
  const jwks = createLocalJWKSet(identityApp.identity.jwks() as Parameters<typeof createLocalJWKSet>[0]);
  const tenantDeps = { config: tenantConfig, logger, infra: tenantInfra, jwks, clock: systemClock };
  const tenantService = await buildStandalone('tenant', tenant.buildService, tenantDeps);
  const tenantApp = tenantService.app;
  await tenantApp.ready();

  const cardLedgerParts = options.cardLedger
    ? await (async () => {
        const config = CardLedgerEnv.parse({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
        const infra = await openInfrastructure('card-ledger', config, logger);
        const service = await buildStandalone('card-ledger', cardLedger.buildService, {
          config,
          logger,
          infra,
          jwks,
          clock: systemClock,
        });
        await service.app.ready();
        return { infra, service };
      })()
    : null;

  const surveyParts = options.survey
    ? await (async () => {
        const config = SurveyEnv.parse({
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          SURVEY_DELAY_SECONDS: String(options.survey!.delaySeconds),
          ...(options.publicUrl && { PUBLIC_URL: options.publicUrl }),
        });
        const infra = await openInfrastructure('survey', config, logger);
        const service = await buildStandalone('survey', survey.buildService, {
          config,
          logger,
          infra,
          jwks,
          clock: systemClock,
        });
        await service.app.ready();
        infra.scheduler.start(service.jobs ?? {});
        return { infra, service };
      })()
    : null;

  const notificationParts = options.notification
    ? await (async () => {
        const config = NotificationEnv.parse({
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          MESSAGE_EMAILS_PER_SECOND: '0',
          ...(options.publicUrl && { PUBLIC_URL: options.publicUrl }),
        });
        const infra = await openInfrastructure('notification', config, logger);
        const service = await buildStandalone('notification', notification.buildService, {
          config,
          logger,
          infra,
          jwks,
          clock: systemClock,
        });
        await service.app.ready();
        infra.scheduler.start(service.jobs ?? {});
        return { infra, service };
      })()
    : null;

  // what runService does with main.ts's relay and consumers
  for (const { infra, eventStore, routes, consumers } of [
    {
      infra: identityInfra,
      eventStore: identityService.relayEventStore ?? identityInfra.eventStore,
      routes: identity.relayRoutes,
      consumers: identityService.consumers ?? [],
    },
    {
      infra: tenantInfra,
      eventStore: tenantService.relayEventStore ?? tenantInfra.eventStore,
      routes: tenant.relayRoutes,
      consumers: tenantService.consumers ?? [],
    },
    ...(cardLedgerParts
      ? [
          {
            infra: cardLedgerParts.infra,
            eventStore: cardLedgerParts.infra.eventStore,
            routes: cardLedger.relayRoutes,
            consumers: cardLedgerParts.service.consumers ?? [],
          },
        ]
      : []),
    ...(notificationParts
      ? [
          {
            infra: notificationParts.infra,
            eventStore: notificationParts.infra.eventStore,
            routes: notification.relayRoutes,
            consumers: notificationParts.service.consumers ?? [],
          },
        ]
      : []),
    ...(surveyParts
      ? [
          {
            infra: surveyParts.infra,
            eventStore: surveyParts.infra.eventStore,
            routes: survey.relayRoutes,
            consumers: surveyParts.service.consumers ?? [],
          },
        ]
      : []),
  ]) {
    for (const spec of consumers) running.push(await infra.bus.subscribe({ ...spec }));
    running.push(
      startEventRelay({ eventStore, bus: infra.bus, checkpoints: infra.checkpoints, routes, logger }),
    );
  }

  const login = (email: string, password: string) =>
    identityApp.inject({ method: 'POST', url: users('login'), headers: json, payload: { email, password } });

  /** the newest e-mail to `to` (optionally with `tag`), once it arrived */
  async function mailTo(to: string, tag?: string) {
    let found: { subject: string; text: string } | undefined;
    await expect
      .poll(async () => {
        const entries = (await identityInfra.mailbox!.list()).filter(
          (e) => e.to.includes(to) && (!tag || e.tag === tag),
        );
        if (!entries[0]) return false;
        const mail = parseMail((await identityInfra.mailbox!.raw(entries[0].id))!);
        found = { subject: mail.subject ?? '', text: mail.text ?? '' };
        return true;
      }, poll)
      .toBe(true);
    return found!;
  }

  return {
    identityApp,
    tenantApp,
    identityInfra,
    tenantInfra,
    login,
    mailTo,

    callTenant(access: string, method: InjectOptions['method'], url: string, payload?: object) {
      return tenantApp.inject({
        method,
        url,
        cookies: { [ACCESS_COOKIE]: access },
        ...(payload && { payload }),
        headers: { ...SAME_ORIGIN, ...(payload && json) },
      });
    },

    /** A call to the card ledger (started with `cardLedger: true`) with an access token. */
    callCards(
      access: string,
      method: InjectOptions['method'],
      url: string,
      payload?: object,
      headers: Record<string, string> = {},
    ) {
      if (!cardLedgerParts)
        throw new Error('startIdentityAndTenant({ cardLedger: true }) starts the card ledger');
      return cardLedgerParts.service.app.inject({
        method,
        url,
        cookies: { [ACCESS_COOKIE]: access },
        ...(payload && { payload }),
        headers: { ...SAME_ORIGIN, ...(payload && json), ...headers },
      });
    },

    /** A call to the survey service (started with `survey`), with an access token when given. */
    callSurvey(access: string | null, method: InjectOptions['method'], url: string, payload?: object) {
      if (!surveyParts) throw new Error('startIdentityAndTenant({ survey }) starts the survey service');
      return surveyParts.service.app.inject({
        method,
        url,
        ...(access && { cookies: { [ACCESS_COOKIE]: access } }),
        ...(payload && { payload }),
        headers: { ...SAME_ORIGIN, ...(payload && json) },
      });
    },
    get surveyInfra() {
      if (!surveyParts) throw new Error('startIdentityAndTenant({ survey }) starts the survey service');
      return surveyParts.infra;
    },

    /** A call to the notification service (started with `notification`), with an access token when given. */
    callNotification(
      access: string | null,
      method: InjectOptions['method'],
      url: string,
      payload?: object | string,
      headers: Record<string, string> = {},
    ) {
      if (!notificationParts)
        throw new Error('startIdentityAndTenant({ notification: true }) starts the notification service');
      return notificationParts.service.app.inject({
        method,
        url,
        ...(access && { cookies: { [ACCESS_COOKIE]: access } }),
        ...(payload !== undefined && { payload }),
        headers: { ...SAME_ORIGIN, ...(payload !== undefined && json), ...headers },
      });
    },

    /** A call to identity with an access token (the customer's own account). */
    callIdentity(access: string, method: InjectOptions['method'], path: string, payload?: object) {
      return identityApp.inject({
        method,
        url: users(path),
        cookies: { [ACCESS_COOKIE]: access },
        ...(payload && { payload }),
        headers: { ...SAME_ORIGIN, ...(payload && json) },
      });
    },

    /** Sets a password from an e-mailed link (an invitation or a reset) through identity. */
    resetPassword(token: string | null, newPassword: string) {
      return identityApp.inject({
        method: 'POST',
        url: users('reset-password'),
        headers: json,
        payload: { token, newPassword },
      });
    },

    /** Session cookies that follow rotation: `refresh()` returns the new access token's claims. */
    session(res: LightMyRequestResponse) {
      let access = cookie(res, ACCESS_COOKIE)!;
      let refreshToken = cookie(res, REFRESH_COOKIE)!;
      return {
        get access() {
          return access;
        },
        get refreshToken() {
          return refreshToken;
        },
        async refresh() {
          const r = await identityApp.inject({
            url: users('refresh'),
            cookies: { [REFRESH_COOKIE]: refreshToken },
          });
          if (r.statusCode !== 200) return { status: r.statusCode };
          access = cookie(r, ACCESS_COOKIE)!;
          refreshToken = cookie(r, REFRESH_COOKIE)!;
          return { status: 200, claims: decodeJwt(access) };
        },
      };
    },

    /** A business owner "Ania Nowak" registered, activated from the e-mail and logged in (no company yet). */
    async activeOwner(email: string, password = 'Haslo1234') {
      const registered = await identityApp.inject({
        method: 'POST',
        url: users('register'),
        headers: json,
        payload: { email, password, username: 'Ania Nowak', role: Roles.owner, acceptTerms: true },
      });
      expect(registered.statusCode, registered.body).toBe(201);
      const token = tokenIn((await mailTo(email, 'account-activation')).text).searchParams.get('token');
      const activated = await identityApp.inject({
        method: 'POST',
        url: users('activate-account'),
        headers: json,
        payload: { token },
      });
      expect(activated.statusCode, activated.body).toBe(200);
      const loggedIn = await login(email, password);
      expect(loggedIn.statusCode, loggedIn.body).toBe(200);
      return { userId: registered.json().userId as string, loggedIn };
    },

    /** An owner with a company and a stamps program, their token carrying the company. */
    async ownerWithStampsProgram(email: string, companyName = 'Kawiarnia Pod Lipą') {
      const owner = this.session((await this.activeOwner(email)).loggedIn);
      const created = await this.callTenant(owner.access, 'POST', '/api/v1/tenants/create', {
        companyName,
        nip: randomNip(), // one active company per NIP (ADR 0035)
      });
      expect(created.statusCode, created.body).toBe(201);
      const { tenantId } = created.json() as { tenantId: string };
      await expect.poll(async () => (await owner.refresh()).claims?.tid, poll).toBe(tenantId);
      const program = await this.callTenant(
        owner.access,
        'POST',
        `/api/v1/tenants/${tenantId}/loyalty-programs`,
        {
          kind: 'stamps',
          name: 'Dziesiąta kawa gratis',
          stampsRequired: 10,
        },
      );
      expect(program.statusCode, program.body).toBe(201);
      return { owner, tenantId, programId: (program.json() as { id: string }).id };
    },

    /**
     * A customer "Ola Żak" registered, activated and logged in, who joined the owner's program (with or without
     * marketing consent for the company), once the card ledger issued the card: their session, card and client.
     */
    async customerInProgram(
      email: string,
      cafe: { owner: { access: string }; tenantId: string; programId: string },
      options: { marketingConsent?: boolean } = {},
    ) {
      const registered = await identityApp.inject({
        method: 'POST',
        url: users('register'),
        headers: json,
        payload: {
          email,
          password: 'Punkty123',
          username: 'Ola Żak',
          role: Roles.customer,
          acceptTerms: true,
        },
      });
      expect(registered.statusCode, registered.body).toBe(201);
      const token = tokenIn((await mailTo(email, 'account-activation')).text).searchParams.get('token');
      const activated = await identityApp.inject({
        method: 'POST',
        url: users('activate-account'),
        headers: json,
        payload: { token },
      });
      expect(activated.statusCode, activated.body).toBe(200);
      const customer = this.session(await login(email, 'Punkty123'));
      const joined = await this.callTenant(customer.access, 'POST', `/api/v1/tenants/${cafe.tenantId}/join`, {
        programId: cafe.programId,
        ...(options.marketingConsent === undefined ? {} : { marketingConsent: options.marketingConsent }),
      });
      expect(joined.statusCode, joined.body).toBe(201);
      let cardId: string | undefined;
      await expect
        .poll(async () => {
          const res = await this.callCards(
            cafe.owner.access,
            'GET',
            `/api/v1/cards/search?email=${encodeURIComponent(email)}`,
          );
          cardId = (res.json() as { items: CardView[] }).items[0]?.cardId;
          return cardId;
        }, poll)
        .toBeTruthy();
      return { customer, cardId: cardId!, clientId: (joined.json() as { clientId: string }).clientId };
    },

    /** the client's marketing consent as the company's clients export says it („Tak”/„Nie”; undefined: absent) */
    async consentInExport(cafe: { owner: { access: string }; tenantId: string }, email: string) {
      const res = await this.callTenant(
        cafe.owner.access,
        'GET',
        `/api/v1/tenants/${cafe.tenantId}/exports/clients`,
      );
      return res.body
        .split('\r\n')
        .find((line) => line.includes(email))
        ?.split(';')
        .at(-1);
    },

    async close() {
      for (const r of running.reverse()) await r.stop();
      await surveyParts?.infra.scheduler.stop();
      await surveyParts?.service.app.close();
      await surveyParts?.infra.close();
      await notificationParts?.infra.scheduler.stop();
      await notificationParts?.service.app.close();
      await notificationParts?.infra.close();
      await cardLedgerParts?.service.app.close();
      await tenantApp.close();
      await identityApp.close();
      await cardLedgerParts?.infra.close();
      await tenantInfra.close();
      await identityInfra.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type IdentityAndTenant = Awaited<ReturnType<typeof startIdentityAndTenant>>;
