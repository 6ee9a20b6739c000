import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { domainOf } from '@punkto/platform/mail/eml-mailer';
import { inbox } from '@punkto/platform/runtime/inbox';
import type { JobHandler, Scheduler } from '@punkto/platform/scheduler/scheduler.port';
import { registrationAttemptMail } from '../mail/identity-mails';
import type { RegisterUser } from '../users/user.decider';
import { UserAlreadyExistsError } from '../users/user.errors';
import type { UserRecord } from '../users/user-read-model';
import { userCommand, type Accounts } from './accounts';

/** the durable job that completes an accepted registration (identity's scheduler, runService starts it) */
export const REGISTRATION_JOB = 'identity.registration';
export const registrationJobId = (userId: string) => `registration:${userId}`;

/**
 * What the answer promised: everything the registration needs, the password already hashed. The id is the new
 * account's, or nobody's when the address is taken; `requestedAt` (ISO) is when the registration was accepted
 * (the account's registration and consent time).
 */
export type RegistrationPayload = RegisterUser['data'] & { requestedAt: string };

/**
 * The second half of a registration, after the 201: `accept` schedules it (one durable write, the same for
 * every address), the job does what depends on the address. A taken address: its holder is told (one notice,
 * one Message-ID per job). A new one: RegisterUser, then the activation e-mail.
 *
 * At-least-once (SqliteScheduler): a job that throws is retried with back-off (a store that fails: the
 * registration is completed once it works again); a job a crash interrupted runs again at the next start. A
 * rerun never registers twice (the account with the job's id is found first, or the decider refuses and the
 * read model a crash left unwritten is rebuilt) and never mails twice once the service's inbox (platform runtime/inbox.ts, the
 * record event consumers keep of work done once, pruned after 30 days) records the job's e-mail; only a crash between the send and that record sends it again. A completed job is deleted with its
 * payload (the hash, the address); one failing for good is kept, payload included, as `failed`.
 *
 * `schedule` wakes the scheduler's loop at once, so the job runs right after the answer, not at the next poll.
 */
/** What the jobs of one process share: the accounts, the scheduler, the inbox of mails sent, and the runs tracked. */
interface RegistrationRuns {
  accounts: Accounts;
  scheduler: Scheduler;
  clock: () => Date;
  /** the job's e-mail, recorded once sent (after the work, as for events: a crash in between repeats it) */
  mailed: ReturnType<typeof inbox>;
  domain: string;
  /** for settled() (tests, shutdown): jobs this process scheduled and has not run yet */
  scheduled: Map<string, { ran: Promise<void>; done: () => void }>;
  /** ...and runs in progress */
  running: Set<Promise<void>>;
}

async function tellHolder(runs: RegistrationRuns, jobUserId: string, holder: UserRecord) {
  await runs.accounts.mailHolder(
    holder,
    registrationAttemptMail,
    `<registration-attempt.${jobUserId}@${runs.domain}>`,
  );
  await runs.mailed.record(REGISTRATION_JOB, jobUserId);
}

/** This job's account: registered now, or by an earlier run of the job; null when the address was taken. */
async function registered(
  { accounts }: RegistrationRuns,
  p: RegistrationPayload,
): Promise<UserRecord | null> {
  const { requestedAt, ...data } = p;
  const command = userCommand<RegisterUser>('RegisterUser', data, new Date(requestedAt));
  try {
    return await accounts.registerAccount(command, p.userId);
  } catch (error) {
    if (!(error instanceof UserAlreadyExistsError)) throw error;
    // an earlier run appended, and a crash came before its read model: write it now
    await accounts.rebuildUser(p.userId);
    return accounts.recordOf(p.userId);
  }
}

async function complete(runs: RegistrationRuns, p: RegistrationPayload): Promise<void> {
  const { accounts, mailed } = runs;
  // a rerun whose e-mail went already: nothing is left to do
  if (await mailed.handled(REGISTRATION_JOB, p.userId)) return;
  let record = await accounts.recordOf(p.userId);
  if (!record) {
    const holder = await accounts.recordByEmail(p.email);
    if (holder) return tellHolder(runs, p.userId, holder);
    record = await registered(runs, p);
    if (!record) {
      // lost a race with a registration of the same address: its holder is told, as above
      const winner = await accounts.recordByEmail(p.email);
      if (winner) await tellHolder(runs, p.userId, winner);
      return;
    }
  }
  // activated in the meantime (a resent link) or deleted: no link to send
  if (record.status !== 'pending_activation') return;
  await accounts.issueAndSend('activation', record, record.email, runs.clock());
  await mailed.record(REGISTRATION_JOB, p.userId);
}

/** The job handler: completes the registration, tracked for settled(). */
async function handle(runs: RegistrationRuns, job: Parameters<JobHandler>[0]): Promise<void> {
  const { running, scheduled } = runs;
  const run = complete(runs, job.payload as RegistrationPayload);
  const tracked: Promise<void> = run
    .catch(() => undefined)
    .finally(() => {
      running.delete(tracked);
      scheduled.get(job.id)?.done();
      scheduled.delete(job.id);
    });
  running.add(tracked);
  await run;
}

/** Makes the registration durable: the job is written (the scheduler's FULL-synced SQLite) before the 201. */
async function accept(runs: RegistrationRuns, payload: RegistrationPayload): Promise<void> {
  const id = registrationJobId(payload.userId);
  let done!: () => void;
  const ran = new Promise<void>((resolve) => (done = resolve));
  runs.scheduled.set(id, { ran, done });
  try {
    await runs.scheduler.schedule({ id, type: REGISTRATION_JOB, runAt: runs.clock(), payload });
  } catch (error) {
    runs.scheduled.delete(id);
    throw error;
  }
}

/**
 * Resolves when every registration this process accepted has had a run (a failed one is retried later by
 * the scheduler, without this waiting for it) and no run is in progress. Needs the scheduler started.
 */
async function settled({ scheduled, running }: RegistrationRuns): Promise<void> {
  while (scheduled.size || running.size)
    await Promise.all([...running, ...[...scheduled.values()].map((s) => s.ran)]);
}

/** The registration jobs of this process: accept, the job handler, settled; each is a function above. */
export function registrationJobs(
  accounts: Accounts,
  deps: { documents: DocumentStore; scheduler: Scheduler; clock: () => Date; mailFrom: string },
) {
  const runs: RegistrationRuns = {
    accounts,
    scheduler: deps.scheduler,
    clock: deps.clock,
    mailed: inbox(deps.documents, deps.clock),
    domain: domainOf(deps.mailFrom),
    scheduled: new Map(),
    running: new Set(),
  };
  const jobHandler: JobHandler = (job) => handle(runs, job);
  return {
    accept: (payload: RegistrationPayload) => accept(runs, payload),
    jobs: { [REGISTRATION_JOB]: jobHandler } as Record<string, JobHandler>,
    settled: () => settled(runs),
  };
}
export type RegistrationJobs = ReturnType<typeof registrationJobs>;
