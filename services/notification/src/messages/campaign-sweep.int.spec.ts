import type { Mailer, MailMessage } from '@punkto/platform/mail/mailer.port';
import { createLogger } from '@punkto/platform/observability/logger';
import { steppedScheduler } from '@punkto/platform/scheduler/testing/stepped-scheduler';
import { SqliteScheduler } from '@punkto/platform/scheduler/sqlite-scheduler';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { passCopies } from '../passes/pass-copies';
import { startNotification, type NotificationTestApp } from '../testing/notification-test-app';
import { campaignSending } from './campaign-sending';
import { campaignSweep } from './campaign-sweep';
import { cancelCampaign, createCampaign } from './campaigns';
import { batchJobId, messagesContext, startJobId } from './messages-context';
import { aCompany, aCustomer, recordingWallet, type SeededCustomer } from './testing/message-mothers';

/**
 * The messages sweep (ADR 0027, "The sweep") in the distributed mode's shape: replicas sharing the event store
 * and the documents, each with its own SQLite scheduler, on one controlled clock. A lost start or batch is
 * found and scheduled again, and every recipient gets exactly one message — also when two replicas run the
 * same batch at once.
 */
const logger = createLogger('notification', 'silent');

class RecordingMailer implements Mailer {
  accepted: MailMessage[] = [];
  async send(message: MailMessage) {
    this.accepted.push(message);
    return { messageId: message.messageId ?? '<x@y>' };
  }
  async close() {}
}

let now: Date;
let app: NotificationTestApp;
let mailer: RecordingMailer;
let wallet: ReturnType<typeof recordingWallet>;
let tenantId: string;
let customers: SeededCustomer[];
const replicas: Array<{ close(): Promise<void> }> = [];

/** one replica: the messages module on the shared stores, its own durable scheduler, jobs run at the test clock */
async function replica() {
  const dir = mkdtempSync(join(tmpdir(), 'punkto-messages-replica-'));
  const real = SqliteScheduler.open(join(dir, 'scheduler.db'), { logger });
  const { scheduler, pending, ...stepped } = steppedScheduler(real);
  const ctx = await messagesContext({
    eventStore: app.infra.eventStore,
    documents: app.infra.documents,
    scheduler,
    mailer,
    wallet: wallet.messenger,
    passCopies: passCopies(app.infra.documents),
    config: { ...app.config, MESSAGE_EMAILS_PER_SECOND: 0, MESSAGE_BATCH_SIZE: 2 },
    logger,
    clock: () => now,
  });
  const sending = campaignSending(ctx);
  const r = {
    ctx,
    sending,
    sweep: campaignSweep(ctx),
    pending,
    /** a job this replica's scheduler would still run */
    has: (id: string) => pending.has(id),
    /** forgets a job, as a replaced pod (its data dir gone) or a crash between an append and a schedule would */
    async lose(id: string) {
      await scheduler.cancel(id);
    },
    /** runs one pending job now (the scheduler's pick) */
    run: (id: string) => stepped.run(id, sending.jobs),
    /** runs every job whose time has come, and those they schedule */
    runDue: async () => (await stepped.runDue(sending.jobs, now)).map((job) => job.id),
    async close() {
      await real.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  replicas.push(r);
  return r;
}

const draft = (over: object = {}) => ({
  title: 'Nowe ciasto',
  body: 'Od jutra sernik.',
  audience: { kind: 'all' as const },
  channels: { wallet: true, email: true },
  sendAt: null,
  ...over,
});
const at = (iso: string) => (now = new Date(iso));
const later = (minutes: number) => (now = new Date(now.getTime() + minutes * 60_000));
const mailsTo = () => mailer.accepted.map((m) => m.to).sort();
const everyone = () => customers.map((c) => c.email).sort();
const pushesPerCard = () => {
  const count = new Map<string, number>();
  for (const s of wallet.sends) count.set(s.card.cardId, (count.get(s.card.cardId) ?? 0) + 1);
  return count;
};

beforeEach(async () => {
  at('2026-11-26T10:00:00.000Z'); // 11:00 in Warsaw
  app = await startNotification({}, { clock: () => now });
  mailer = new RecordingMailer();
  wallet = recordingWallet();
  const company = await aCompany(app);
  tenantId = company.tenantId;
  customers = [];
  for (let n = 0; n < 5; n++) {
    const c = await aCustomer(app, company, { n, consent: true });
    customers.push(c);
    if (n % 2 === 0) wallet.installed.set(c.cardId, new Set(['apple']));
  }
});
afterEach(async () => {
  for (const r of replicas.splice(0)) await r.close();
  await app.close();
});

describe('the messages sweep', () => {
  it('starts a campaign whose start job was lost: everyone gets exactly one message', async () => {
    const a = await replica();
    const campaign = await createCampaign(a.ctx, tenantId, draft());
    // the pod that held the start job was replaced
    await a.lose(startJobId(campaign.id));

    // within the grace nothing is missing yet
    later(1);
    expect(await a.sweep.sweep()).toEqual([]);
    later(2);
    expect(await a.sweep.sweep()).toEqual([startJobId(campaign.id)]);
    // running the sweep again schedules nothing more
    expect(await a.sweep.sweep()).toEqual([]);

    await a.runDue();
    const done = (await a.ctx.campaign(campaign.id))!;
    expect(done.status).toBe('sent');
    expect(mailsTo()).toEqual(everyone());
    expect([...pushesPerCard().values()]).toEqual([1, 1, 1]);
    expect(done.report).toMatchObject({ targeted: 5, email: { sent: 5, failed: 0 }, apple: { sent: 3 } });
    expect(await a.sweep.sweep()).toEqual([]);
  });

  it('schedules a batch lost mid-campaign once the campaign is stale: exact counts at the end', async () => {
    const a = await replica();
    const campaign = await createCampaign(a.ctx, tenantId, draft());
    await a.run(startJobId(campaign.id));
    expect((await a.ctx.campaign(campaign.id))!.batches).toBe(3);
    await a.run(batchJobId(campaign.id, 0));
    await a.lose(batchJobId(campaign.id, 1));
    await a.run(batchJobId(campaign.id, 2));
    expect((await a.ctx.campaign(campaign.id))!.status).toBe('sending');

    // progress 1 minute ago: not stale
    later(1);
    expect(await a.sweep.sweep()).toEqual([]);
    later(15);
    expect(await a.sweep.sweep()).toEqual([batchJobId(campaign.id, 1)]);
    expect(await a.sweep.sweep()).toEqual([]);
    await a.runDue();

    const done = (await a.ctx.campaign(campaign.id))!;
    expect(done.status).toBe('sent');
    expect(done.report).toMatchObject({
      targeted: 5,
      email: { sent: 5, failed: 0 },
      apple: { sent: 3, failed: 0 },
    });
    expect(mailsTo()).toEqual(everyone());
    expect(new Set(mailer.accepted.map((m) => m.messageId)).size).toBe(5);
    expect([...pushesPerCard().values()]).toEqual([1, 1, 1]);
  });

  it('two replicas running the same batch at once send nobody anything twice', async () => {
    const a = await replica();
    const b = await replica();
    const campaign = await createCampaign(
      a.ctx,
      tenantId,
      draft({ channels: { wallet: false, email: true } }),
    );
    await a.run(startJobId(campaign.id));
    // replica A is stuck (its batches wait behind a long job); B's sweep takes the stale campaign over
    later(16);
    const taken = await b.sweep.sweep();
    expect(taken).toEqual([0, 1, 2].map((n) => batchJobId(campaign.id, n)));
    // … and A comes back to life: both run every batch at the same moment
    await Promise.all([a.runDue(), b.runDue()]);
    // a runner that met the other's live claim comes back when its lease ends
    later(5);
    await Promise.all([a.runDue(), b.runDue()]);

    const done = (await a.ctx.campaign(campaign.id))!;
    expect(done.status).toBe('sent');
    expect(mailsTo()).toEqual(everyone());
    expect(done.report).toMatchObject({ targeted: 5, email: { sent: 5, failed: 0 } });
    expect(done.batchesDone.sort()).toEqual([0, 1, 2]);
  });

  it('leaves a campaign paused for the quiet hours alone', async () => {
    at('2026-11-26T19:50:00.000Z'); // 20:50 in Warsaw
    const a = await replica();
    const b = await replica();
    const campaign = await createCampaign(a.ctx, tenantId, draft());
    await a.run(startJobId(campaign.id));
    await a.run(batchJobId(campaign.id, 0));
    at('2026-11-26T20:01:00.000Z'); // 21:01: the rest waits for 08:00 (07:00Z)
    await a.run(batchJobId(campaign.id, 1));
    const morning = new Date('2026-11-27T07:00:00.000Z');
    expect(a.pending.get(batchJobId(campaign.id, 1))?.runAt).toEqual(morning);

    for (const t of ['2026-11-26T23:00:00.000Z', '2026-11-27T06:59:00.000Z', '2026-11-27T07:10:00.000Z']) {
      at(t);
      expect(await a.sweep.sweep()).toEqual([]);
      expect(await b.sweep.sweep()).toEqual([]);
    }
    expect(b.pending.size).toBe(0);
    expect(a.pending.get(batchJobId(campaign.id, 1))?.runAt).toEqual(morning);
    expect(a.pending.get(batchJobId(campaign.id, 2))?.runAt).toEqual(new Date('2026-11-26T19:50:00.000Z'));

    await a.runDue();
    expect((await a.ctx.campaign(campaign.id))!.status).toBe('sent');
    expect(mailsTo()).toEqual(everyone());
  });

  it('never touches a cancelled campaign', async () => {
    const a = await replica();
    const campaign = await createCampaign(a.ctx, tenantId, draft({ sendAt: '2026-11-26T12:00:00.000Z' }));
    await cancelCampaign(a.ctx, tenantId, campaign.id);
    expect(a.has(startJobId(campaign.id))).toBe(false);
    at('2026-11-26T13:00:00.000Z');
    expect(await a.sweep.sweep()).toEqual([]);
    await a.runDue();
    expect((await a.ctx.campaign(campaign.id))!.status).toBe('cancelled');
    expect(mailer.accepted).toEqual([]);
    expect(wallet.sends).toEqual([]);
  });
});

describe('two replicas starting the same campaign', () => {
  it('the second waits for the first one’s claim instead of writing a list of its own', async () => {
    const a = await replica();
    const b = await replica();
    const campaign = await createCampaign(
      a.ctx,
      tenantId,
      draft({ channels: { wallet: false, email: true } }),
    );
    // A's start is slow; meanwhile B's sweep found the start overdue and runs it too
    later(3);
    expect(await b.sweep.sweep()).toEqual([startJobId(campaign.id)]);
    const resolve = a.ctx.audience.resolve;
    // the replicas share the document store (one collection object here): count the list writes B makes
    let inB = false;
    let writes = 0;
    const upsert = b.ctx.batches.upsert.bind(b.ctx.batches);
    b.ctx.batches.upsert = async (doc) => {
      if (inB) writes++;
      return upsert(doc);
    };
    a.ctx.audience.resolve = async (...args) => {
      const resolved = await resolve(...args);
      inB = true;
      await b.run(startJobId(campaign.id)); // B meets A's live claim
      inB = false;
      return resolved;
    };
    await a.run(startJobId(campaign.id));
    expect(writes).toBe(0);
    expect((await a.ctx.campaign(campaign.id))!.status).toBe('sending');
    // B looks again when A's lease ends
    expect(b.pending.get(startJobId(campaign.id))?.runAt).toEqual(new Date(now.getTime() + 5 * 60_000));
    inB = true;
    later(5);
    await b.runDue(); // B's start finds the campaign sending: it only schedules the batches
    expect(writes).toBe(0);
    inB = false;
    await Promise.all([a.runDue(), b.runDue()]);
    later(5);
    await Promise.all([a.runDue(), b.runDue()]);
    const done = (await a.ctx.campaign(campaign.id))!;
    expect(done.status).toBe('sent');
    expect(mailsTo()).toEqual(everyone());
    expect(done.report).toMatchObject({ targeted: 5, email: { sent: 5, failed: 0 } });
  });
});
