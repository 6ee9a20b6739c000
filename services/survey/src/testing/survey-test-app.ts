import { buildStandalone } from '@punkto/platform/runtime/service-server';
import { Permissions, Roles, type Permission } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { parseMail } from '@punkto/platform/mail/mime-parse';
import { createLogger } from '@punkto/platform/observability/logger';
import { openInfrastructure } from '@punkto/platform/runtime/infrastructure';
import { eventMessage } from '@punkto/platform/testing/bus-message';
import { testTokens } from '@punkto/platform/testing/test-tokens';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildService } from '../app';
import { SurveyEnv } from '../config';

/**
 * Test harness: the survey service's real app on the real embedded adapters in a temp DATA_DIR (its scheduler
 * running the jobs buildService returned), access tokens signed by a local test key, and other services'
 * events delivered to its own bus consumers in the envelope the relays publish.
 */
export async function startSurvey(env: Record<string, string> = {}, options: { clock?: () => Date } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'punkto-survey-'));
  const config = SurveyEnv.parse({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SURVEY_DELAY_SECONDS: '0',
    ...env,
  });
  const logger = createLogger('survey', 'silent');
  const infra = await openInfrastructure('survey', config, logger);
  const tokens = await testTokens();
  const built = await buildStandalone('survey', buildService, {
    config,
    logger,
    infra,
    jwks: tokens.jwks,
    clock: options.clock ?? (() => new Date()),
  });
  await built.app.ready();
  infra.scheduler.start(built.jobs ?? {});
  const consumers = built.consumers ?? [];

  async function deliver(topic: string, type: string, data: object, eventId: string = randomUUID()) {
    const consumer = consumers.find((c) => c.topics.includes(topic));
    if (!consumer) throw new Error(`no consumer of ${topic}`);
    await consumer.handler(eventMessage(topic, type, data, { id: eventId }));
    return eventId;
  }

  async function mails(filter: { to?: string; tag?: string } = {}) {
    const entries = (await infra.mailbox!.list()).filter(
      (e) => (!filter.to || e.to === filter.to) && (!filter.tag || e.tag === filter.tag),
    );
    return Promise.all(
      entries.map(async (e) => ({ ...e, mail: parseMail((await infra.mailbox!.raw(e.id))!) })),
    );
  }

  return {
    app: built.app,
    surveys: built.surveys,
    delivery: built.delivery,
    config,
    infra,
    deliver,
    mails,

    /** waits (up to `ms`) for the survey e-mails to `to` to number `count`, then returns them */
    async surveyMails(to: string, count = 1, ms = 8000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = await mails({ to, tag: 'nps-survey' });
        if (found.length >= count || Date.now() > deadline) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
    },

    /** a company with a customer's card and e-mail, as tenant and the card ledger publish them */
    async aCustomer(
      input: { tenantId?: string; email?: string; companyName?: string; contactEmail?: string } = {},
    ) {
      const tenantId = input.tenantId ?? randomUUID();
      const programId = randomUUID();
      const clientId = randomUUID();
      const userId = randomUUID();
      const cardId = randomUUID();
      const email = input.email ?? `klient-${clientId.slice(0, 8)}@example.pl`;
      if (!input.tenantId) {
        await deliver(Topics.tenantTenants, 'TenantCreated', {
          tenantId,
          ownerId: `owner-${tenantId}`,
          companyName: input.companyName ?? 'Kawiarnia Pod Lipą',
          nip: '1234563218',
          createdAt: '2026-11-20T09:00:00.000Z',
        });
        await deliver(Topics.tenantTenants, 'TenantUpdated', {
          tenantId,
          changes: { contact: { email: input.contactEmail ?? 'wlasciciel@podlipa.pl' } },
          updatedAt: '2026-11-20T09:01:00.000Z',
        });
      }
      await deliver(Topics.tenantClients, 'ClientEnrolled', {
        clientId,
        tenantId,
        programId,
        userId,
        email,
        name: 'Anna Kowalska',
        phone: null,
        source: 'self',
        companyName: input.companyName ?? 'Kawiarnia Pod Lipą',
        programName: 'Co dziesiąta kawa gratis',
        marketingConsent: false,
        enrolledAt: '2026-11-20T09:30:00.000Z',
      });
      await deliver(Topics.cardLedgerCards, 'CardIssued', {
        cardId,
        tenantId,
        programId,
        clientId,
        userId,
        humanReadableId: '1234567897',
        secretVersion: 1,
        tier: null,
        issuedAt: '2026-11-20T10:00:00.000Z',
      });
      return { tenantId, programId, clientId, userId, cardId, email };
    },

    /** the card ledger recorded stamps on the card (a visit); returns the event id */
    stampsAdded(cardId: string, at: string = new Date().toISOString(), eventId?: string) {
      return deliver(
        Topics.cardLedgerCards,
        'StampsAdded',
        {
          cardId,
          commandId: randomUUID(),
          count: 1,
          employeeId: 'e1',
          balance: { points: 0, stamps: 1, lifetimePoints: 0 },
          addedAt: at,
        },
        eventId,
      );
    },

    /** the session cookie of staff of `tenantId` (owner: every permission) */
    async staffCookies(tenantId: string, role: 'owner' | 'employee' = 'owner', perms: Permission[] = []) {
      const owner = role === 'owner';
      return {
        [ACCESS_COOKIE]: await tokens.tokenFor({
          id: randomUUID(),
          role: owner ? Roles.owner : Roles.employee,
          tid: tenantId,
          perms: owner ? Object.values(Permissions) : perms,
        }),
      };
    },

    async close() {
      await infra.scheduler.stop();
      await built.app.close();
      await infra.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** the one-time token in a survey e-mail's link */
export function tokenIn(text: string | null): string {
  const match = /\/survey-response\?token=([A-Za-z0-9_-]+)/.exec(text ?? '');
  if (!match) throw new Error(`no survey link in: ${text}`);
  return match[1]!;
}

export type SurveyTestApp = Awaited<ReturnType<typeof startSurvey>>;
