import { performance } from 'node:perf_hooks';
import { startIdentity } from '../../services/identity/src/testing/identity-test-app';
import { summarize } from '../bench/stats';

/**
 * Issue 36's registration timing probe, as a measurement (not a test: timings on a shared machine are no
 * pass/fail): registers an address that has an account and one that has none, PAIRS times interleaved
 * (which goes first alternates), through identity's real app on the real adapters (argon2, SQLite, the
 * mailbox), and prints the median answer time of each. The work after the answer (the registration's durable
 * job: lookup, writes, e-mail) settles between calls, so each time is the call's own; how long after the
 * answer it was done is printed too (the job runs when scheduled, not at the scheduler's next 1 s poll).
 *
 *   node --import tsx scripts/security/registration-timing.ts [pairs=21]
 */
const PAIRS = Number(process.argv[2] ?? 21);

const t = await startIdentity({ RATE_LIMIT_REGISTER_PER_IP: '100000' });

/** how long after its answer each registration's job (lookup, writes, e-mail) was done */
const completedAfter: number[] = [];

async function timed(email: string): Promise<number> {
  await t.app.identity.settled();
  const started = performance.now();
  const res = await t.register(email);
  const answered = performance.now();
  if (res.statusCode !== 201) throw new Error(`register ${email}: ${res.statusCode} ${res.body}`);
  await t.app.identity.settled();
  completedAfter.push(performance.now() - answered);
  return answered - started;
}

const median = (values: number[]) => summarize(values).p50;

try {
  const known = (await t.signedIn()).email;
  // warm-up: the first argon2 call, the first writes
  await timed(`rozgrzewka.${Date.now()}@example.pl`);
  await timed(known);
  const times = { known: [] as number[], unknown: [] as number[] };
  let newFaster = 0;
  for (let i = 0; i < PAIRS; i++) {
    const unknown = `nowa.${i}.${Date.now()}@example.pl`;
    // which goes first alternates
    let k: number, u: number;
    if (i % 2 === 0) {
      k = await timed(known);
      u = await timed(unknown);
    } else {
      u = await timed(unknown);
      k = await timed(known);
    }
    times.known.push(k);
    times.unknown.push(u);
    if (u < k) newFaster++;
  }
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  console.log(`pairs: ${PAIRS}`);
  console.log(`existing address: median ${fmt(median(times.known))}`);
  console.log(`new address:      median ${fmt(median(times.unknown))}`);
  console.log(`pairs where the new address answered faster: ${newFaster} of ${PAIRS}`);
  // the durable job runs as soon as it is scheduled (the scheduler's loop is woken), not at its next poll
  console.log(`the registration's job done after the answer: median ${fmt(median(completedAfter))}`);
} finally {
  await t.close();
}
