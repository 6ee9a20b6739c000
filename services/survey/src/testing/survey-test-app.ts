import { buildStandalone } from '@punkto/platform/runtime/service-server';
import { Permissions, Roles, type Permission } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { ACCESS_COOKIE } from '@punkto/platform/http/auth-plugin';
import { parseMail } from '@punkto/platform/mail/mime-parse';
import { createLogger } from '@punkto/platform/observability/logger';
import { openInfrastructure } from '@punkto/platform/runtime/infrastructure';
import { eventMessage } from '@punkto/platform/testing/bus-message';
import { steppedScheduler } from '@punkto/platform/scheduler/testing/stepped-scheduler';
import { testTokens } from '@punkto/platform/testing/test-tokens';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildService } from '../app';
import { SurveyEnv } from '../config';

/**
 * Test harness: the survey service's real app on the real embedded adapters in a temp DATA_DIR (the jobs
 * buildService returned run by `runDueJobs` at the test's clock, platform's SteppedScheduler), access tokens signed by a local test key, and other services'
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
  const opened = await openInfrastructure('survey', config, logger);
  // the durable scheduler keeps every job, but the test runs the due ones at its clock (no timer, no sleeps)
  const stepped = steppedScheduler(opened.scheduler);
  const infra = { ...opened, scheduler: stepped.scheduler };
  const clock = options.clock ?? (() => new Date());
  const tokens = await testTokens();
  const built = await buildStandalone('survey', buildService, {
    config,
    logger,
    infra,
    jwks: tokens.jwks,
    clock,
  });
  await built.app.ready();
  const jobs = built.jobs ?? {};
  /** runs the jobs due at `at` (default: the app's clock), and those they schedule; their types */
  const runDueJobs = async (at: Date = clock()) => (await stepped.runDue(jobs, at)).map((job) => job.type);
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
    /** signs an access token of this caller, as identity would */
    tokenFor: tokens.tokenFor,
    surveys: built.surveys,
    delivery: built.delivery,
    config,
    infra,
    deliver,
    mails,
    runDueJobs,

    /** runs the jobs due now, then returns the survey e-mails to `to` */
    async surveyMails(to: string) {
      await runDueJobs();
      return mails({ to, tag: 'nps-survey' });
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

    /** the session cookie of the customer `userId` */
    async customerCookies(userId: string) {
      return { [ACCESS_COOKIE]: await tokens.tokenFor({ id: userId, role: Roles.customer }) };
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
