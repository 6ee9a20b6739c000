#!/usr/bin/env node
// `npm run test:infra`: the real-engine contract suites (*.infra.spec.ts, vitest project `infra`) and the
// distributed smoke test, against real servers obtained in this order, per engine:
//   1. the address in the environment (KAFKA_BROKERS, MONGODB_URL, EVENTSTORE_URL);
//   2. testcontainers, when a container runtime REALLY answers;
//   3. a local server where this machine allows it: Kafka 3.9.x (KRaft, single node) from Maven Central jars
//      run with the JDK, and FerretDB v1 (MongoDB wire protocol, SQLite backend) built from the Go module
//      proxy; both cached in ~/.cache/punkto-infra (or $PUNKTO_INFRA_CACHE). EventStoreDB has no such
//      fallback: SKIPPED.
// SMTP needs no server: its suite runs an in-process `smtp-server`.
// The Kubernetes manifests need the real kustomize (deploy/k8s-manifests.infra.spec.ts): KUSTOMIZE_BIN, or
// installed once from the Go module proxy by scripts/infra/kustomize.mjs into the same cache. Without Go it is
// SKIPPED, except under CI=true, where the suite fails instead.
// Every server this script starts is stopped when it exits, on failure and on Ctrl-C too; the JVMs also
// halt by themselves when this process dies (their stdin closes).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cacheDir,
  cleanupAll,
  containerRuntimeAnswers,
  EVENTSTORE_IMAGE,
  makeWorkDir,
  startEventStoreContainer,
  startKafkaContainer,
  startLocalKafka,
  startLocalMongo,
  startMongoContainer,
} from './servers.mjs';
import { ensureKustomize, KUSTOMIZE_VERSION } from './kustomize.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const log = (...args) => console.log('[infra]', ...args);

/** engine → { address, source } or { skipped: reason } */
const engines = {};

let exiting = false;
/** the vitest process, stopped with us */
let tests;
async function finish(code) {
  if (exiting) return;
  exiting = true;
  if (tests && tests.exitCode === null && tests.signalCode === null) {
    tests.kill('SIGTERM');
    await new Promise((done) => {
      tests.once('exit', done);
      setTimeout(() => (tests.kill('SIGKILL'), done()), 5000).unref();
    });
  }
  await cleanupAll();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`[infra] ${signal}: stopping servers`);
    void finish(130);
  });
}
process.on('uncaughtException', (error) => {
  console.error('[infra] fatal:', error);
  void finish(1);
});

async function obtain(name, envVar, { container, local }, runtime, workDir) {
  const given = process.env[envVar];
  if (given) return (engines[name] = { address: given, source: `${envVar} from the environment` });
  if (runtime.ok && container) {
    try {
      log(`${name}: starting a container (testcontainers, ${runtime.reason}) …`);
      return (engines[name] = { address: await container(), source: 'testcontainers' });
    } catch (error) {
      log(`${name}: container failed (${error.message}); trying a local server`);
    }
  }
  if (!local) return (engines[name] = { skipped: local === null ? 'no local fallback' : 'unavailable' });
  try {
    return (engines[name] = { address: await local(workDir), source: 'local server' });
  } catch (error) {
    return (engines[name] = { skipped: `could not start a local server: ${error.message}` });
  }
}

async function main() {
  const started = Date.now();
  log(`cache: ${cacheDir}`);
  const workDir = makeWorkDir();
  const needContainers =
    !process.env.KAFKA_BROKERS || !process.env.MONGODB_URL || !process.env.EVENTSTORE_URL;
  const runtime = needContainers ? await containerRuntimeAnswers() : { ok: false, reason: 'not needed' };
  log(`container runtime: ${runtime.ok ? `yes — ${runtime.reason}` : `no — ${runtime.reason}`}`);

  // Kafka and MongoDB start in parallel (both JVMs, both a first-time download), kustomize installs meanwhile.
  const kustomize = ensureKustomize().then(
    (path) => ({
      address: path,
      source: process.env.KUSTOMIZE_BIN
        ? 'KUSTOMIZE_BIN from the environment'
        : `${KUSTOMIZE_VERSION}, cached`,
    }),
    (error) => ({ skipped: error.message }),
  );
  await Promise.all([
    obtain(
      'kafka',
      'KAFKA_BROKERS',
      { container: startKafkaContainer, local: startLocalKafka },
      runtime,
      workDir,
    ),
    obtain(
      'mongodb',
      'MONGODB_URL',
      { container: startMongoContainer, local: startLocalMongo },
      runtime,
      workDir,
    ),
  ]);
  await obtain(
    'eventstoredb',
    'EVENTSTORE_URL',
    { container: startEventStoreContainer, local: null },
    runtime,
    workDir,
  );
  if (engines.eventstoredb.skipped) {
    engines.eventstoredb.skipped = runtime.ok
      ? `EVENTSTORE_URL not set and the ${EVENTSTORE_IMAGE} container did not start`
      : `EventStoreDB runs only in a container and no container runtime answers (${runtime.reason}); set EVENTSTORE_URL to run it`;
  }
  engines.kustomize = await kustomize;
  const mongoFlavor = engines.mongodb.source === 'local server' ? 'ferretdb' : 'mongodb';

  const env = { ...process.env, PUNKTO_INFRA: '1', PUNKTO_MONGO_FLAVOR: mongoFlavor };
  for (const [name, variable] of [
    ['kafka', 'KAFKA_BROKERS'],
    ['mongodb', 'MONGODB_URL'],
    ['eventstoredb', 'EVENTSTORE_URL'],
    ['kustomize', 'KUSTOMIZE_BIN'],
  ]) {
    if (engines[name].address) env[variable] = engines[name].address;
    else {
      delete env[variable];
      env[`PUNKTO_INFRA_SKIP_${variable}`] = engines[name].skipped;
    }
  }
  log(`servers ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
  const args = [vitest, 'run', '--project', 'infra', ...process.argv.slice(2)];
  const code = await new Promise((resolveCode) => {
    tests = spawn(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
    tests.on('exit', (c, signal) => resolveCode(c ?? (signal ? 1 : 0)));
  });

  console.log('\n================ real engines ================');
  const rows = [
    ['Kafka (message bus + smoke test)', engines.kafka],
    ['MongoDB wire (documents, GridFS, checkpoints)', engines.mongodb],
    ['EventStoreDB (event store)', engines.eventstoredb],
    ['SMTP (mailer)', { address: 'in-process smtp-server', source: 'always' }],
    ['kustomize (k8s/overlays build + validation)', engines.kustomize],
  ];
  for (const [label, engine] of rows) {
    console.log(
      `  ${label.padEnd(48)} ${engine.skipped ? `SKIPPED — ${engine.skipped}` : `${engine.address} (${engine.source})`}`,
    );
  }
  if (mongoFlavor === 'ferretdb')
    console.log('  note: the MongoDB suites ran on FerretDB v1 (MongoDB wire protocol), not on mongod');
  console.log(
    `  vitest: ${code === 0 ? 'PASS' : `FAIL (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s total`,
  );
  console.log('==============================================');
  await finish(code);
}

main().catch(async (error) => {
  console.error('[infra] failed:', error);
  await finish(1);
});
