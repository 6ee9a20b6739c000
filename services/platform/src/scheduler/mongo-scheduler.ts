import { MongoClient, type Collection, type Db } from 'mongodb';
import type { Claim, JobStore, StoredJob } from './job-store';
import { PollingScheduler, type PollingSchedulerOptions } from './polling-scheduler';
import type { ScheduledJob } from './scheduler.port';

export interface MongoSchedulerOptions extends PollingSchedulerOptions {
  /** connection string; ignored when `client` is given */
  url?: string;
  /** the service's database, e.g. `punkto_identity` */
  database: string;
  /** a shared client (then close() leaves it open) */
  client?: MongoClient;
}

interface JobDocument {
  _id: string;
  type: string;
  runAt: Date;
  /** JSON text, so a payload reads back exactly as the embedded scheduler gives it (dates stay strings) */
  payload: string;
  attempts: number;
  status: StoredJob['status'];
  leaseUntil: Date | null;
  leaseToken: string | null;
  lastError: string | null;
  updatedAt: Date;
}

const COLLECTION = 'scheduled_jobs';

/**
 * Scheduler on MongoDB, for services whose replicas share one database (distributed mode): the polling
 * scheduler over the `scheduled_jobs` collection. A due job is claimed with one `findOneAndUpdate` (atomic on
 * MongoDB), so among replicas one runs it; a replica that dies mid-job leaves a lease that runs out, and
 * then another replica claims the job again (at-least-once: handlers stay idempotent). Nothing is recovered
 * at open — another replica may be running the job. On FerretDB v1 (the local test server) the claim is a
 * find-then-write, so two replicas may rarely both run a job; at-least-once covers it, production uses MongoDB.
 */
export class MongoScheduler extends PollingScheduler {
  static async open(options: MongoSchedulerOptions): Promise<MongoScheduler> {
    const { url, database, client: shared, ...polling } = options;
    const client = shared ?? new MongoClient(url ?? '', { serverSelectionTimeoutMS: 10_000 });
    if (!shared) await client.connect();
    const store = new MongoJobStore(client.db(database), shared ? undefined : client);
    await store.ensureIndexes();
    return new MongoScheduler(store, polling);
  }
}

class MongoJobStore implements JobStore {
  private readonly jobs: Collection<JobDocument>;
  private closed = false;

  constructor(
    db: Db,
    /** closed with the store only when the store opened it */
    private readonly ownClient: MongoClient | undefined,
  ) {
    this.jobs = db.collection<JobDocument>(COLLECTION);
  }

  async ensureIndexes(): Promise<void> {
    await this.jobs.createIndex({ status: 1, runAt: 1 }, { name: 'jobs_due' });
  }

  get open(): boolean {
    return !this.closed;
  }

  async put(job: ScheduledJob, now: Date): Promise<void> {
    const { _id, ...fields } = pending(job, now);
    await this.jobs.replaceOne({ _id }, fields, { upsert: true });
  }

  async remove(id: string): Promise<boolean> {
    return (await this.jobs.deleteOne({ _id: id })).deletedCount > 0;
  }

  async find(id: string): Promise<StoredJob | null> {
    const document = await this.jobs.findOne({ _id: id });
    return document ? toStored(document) : null;
  }

  dueCount(now: Date): Promise<number> {
    return this.jobs.countDocuments({ status: 'pending', runAt: { $lte: now } });
  }

  async claim({ now, leaseUntil, token, types }: Claim): Promise<StoredJob | undefined> {
    const document = await this.jobs.findOneAndUpdate(
      {
        type: { $in: types },
        $or: [
          { status: 'pending', runAt: { $lte: now } },
          { status: 'running', leaseUntil: { $lte: now } },
        ],
      },
      {
        $set: { status: 'running', leaseUntil, leaseToken: token, updatedAt: now },
        $inc: { attempts: 1 },
      },
      { sort: { runAt: 1, _id: 1 }, returnDocument: 'after' },
    );
    return document ? toStored(document) : undefined;
  }

  async complete(id: string, token: string): Promise<void> {
    await this.jobs.deleteOne({ _id: id, leaseToken: token });
  }

  async release(
    id: string,
    token: string,
    { runAt, error, now }: { runAt: Date | null; error: string; now: Date },
  ): Promise<void> {
    await this.jobs.updateOne(
      { _id: id, leaseToken: token },
      {
        $set: {
          status: runAt ? 'pending' : 'failed',
          ...(runAt ? { runAt } : {}),
          leaseUntil: null,
          leaseToken: null,
          lastError: error,
          updatedAt: now,
        },
      },
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.ownClient?.close();
  }
}

function pending(job: ScheduledJob, now: Date): JobDocument {
  return {
    _id: job.id,
    type: job.type,
    runAt: job.runAt,
    payload: JSON.stringify(job.payload ?? null),
    attempts: 0,
    status: 'pending',
    leaseUntil: null,
    leaseToken: null,
    lastError: null,
    updatedAt: now,
  };
}

function toStored(document: JobDocument): StoredJob {
  return {
    id: document._id,
    type: document.type,
    runAt: document.runAt,
    payload: JSON.parse(document.payload) as unknown,
    attempts: document.attempts,
    status: document.status,
    leaseToken: document.leaseToken,
  };
}
