// Obtaining real servers for `npm run test:infra`: downloads (Maven Central, cached), local JVM processes
// and testcontainers. Used by run-infra-tests.mjs; every started process is registered for cleanup.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, connect } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join, resolve, dirname, delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const KAFKA_VERSION = '3.9.1';
export const FERRETDB_VERSION = 'v1.24.0';
export const EVENTSTORE_IMAGE = 'eventstore/eventstore:24.10';

export const cacheDir = resolve(process.env.PUNKTO_INFRA_CACHE ?? join(homedir(), '.cache', 'punkto-infra'));

const log = (...args) => console.log('[infra]', ...args);

/** Processes and containers to stop when the runner exits. */
const cleanups = [];
export function onCleanup(fn) {
  cleanups.push(fn);
}
export async function cleanupAll() {
  while (cleanups.length) {
    const fn = cleanups.pop();
    try {
      await fn();
    } catch (error) {
      console.error('[infra] cleanup failed:', error);
    }
  }
}

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

function canConnect(port) {
  return new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

export async function waitFor(what, check, timeoutMs, isDead = () => null) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const dead = isDead();
    if (dead) throw new Error(`${what}: ${dead}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not ready within ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function hasCommand(command, args = ['-version']) {
  const result = spawnSync(command, args, { stdio: 'ignore' });
  return result.status === 0;
}

// ---------------------------------------------------------------------------------------------- Maven

/**
 * Resolves artifacts (with their runtime dependencies) from Maven Central into `<cacheDir>/<name>/lib`
 * through a throw-away pom. Idempotent: a `.complete` marker means the directory is whole.
 */
function mavenLib(name, dependencies) {
  const dir = join(cacheDir, name);
  const lib = join(dir, 'lib');
  if (existsSync(join(dir, '.complete'))) return { lib, downloaded: false, seconds: 0 };
  if (!hasCommand('mvn', ['-v']))
    throw new Error('Maven (mvn) is not installed: cannot fetch jars from Maven Central');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const deps = dependencies
    .map(
      ([g, a, v]) =>
        `<dependency><groupId>${g}</groupId><artifactId>${a}</artifactId><version>${v}</version></dependency>`,
    )
    .join('\n    ');
  writeFileSync(
    join(dir, 'pom.xml'),
    `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.punkto.infra</groupId><artifactId>${name}</artifactId><version>1</version><packaging>pom</packaging>
  <dependencies>
    ${deps}
  </dependencies>
</project>
`,
  );
  const started = Date.now();
  log(`downloading ${name} from Maven Central into ${lib} …`);
  const result = spawnSync(
    'mvn',
    ['-B', '-q', 'dependency:copy-dependencies', `-DoutputDirectory=${lib}`, '-DincludeScope=runtime'],
    { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'], timeout: 10 * 60_000 },
  );
  if (result.status !== 0)
    throw new Error(
      `mvn dependency:copy-dependencies for ${name} failed (${result.status ?? result.signal})`,
    );
  writeFileSync(join(dir, '.complete'), new Date().toISOString());
  const bytes = readdirSync(lib).reduce((sum, f) => sum + statSync(join(lib, f)).size, 0);
  const seconds = (Date.now() - started) / 1000;
  log(`${name}: ${readdirSync(lib).length} jars, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s`);
  return { lib, downloaded: true, seconds };
}

/** Compiles the given scripts/infra/java sources against `lib` into `<cacheDir>/<name>/classes` (once per change). */
function compileJava(name, lib, files) {
  const classes = join(cacheDir, name, 'classes');
  const sources = files.map((f) => join(here, 'java', f));
  const newest = Math.max(...sources.map((f) => statSync(f).mtimeMs));
  const marker = join(classes, '.compiled');
  if (existsSync(marker) && statSync(marker).mtimeMs >= newest) return classes;
  mkdirSync(classes, { recursive: true });
  const result = spawnSync('javac', ['-d', classes, '-cp', join(lib, '*'), ...sources], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('javac failed');
  writeFileSync(marker, '');
  return classes;
}

/**
 * Starts a JVM through PunktoLauncher, which halts the JVM when its stdin closes, i.e. when this runner
 * dies in any way. Output goes to `logFile`.
 */
function startJava({ name, lib, classes, mainClass, args, logFile, heap = '512m', jvmArgs = [] }) {
  return startProcess({
    name,
    command: 'java',
    args: [
      `-Xmx${heap}`,
      '-XX:+ExitOnOutOfMemoryError',
      '-Djava.awt.headless=true',
      ...jvmArgs,
      '-cp',
      [join(lib, '*'), classes].join(delimiter),
      'PunktoLauncher',
      mainClass,
      ...args,
    ],
    logFile,
  });
}

/** Starts a server whose stdin is a pipe from us: it exits on EOF, so it never outlives this runner. */
function startProcess({ name, command, args, logFile }) {
  const out = createWriteStream(logFile);
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  let exit = null;
  child.on('exit', (code, signal) => (exit = `exited early (${code ?? signal}); see ${logFile}`));
  onCleanup(
    () =>
      new Promise((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.stdin.end(); // the launchers exit on EOF
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  );
  log(`${name} started (pid ${child.pid}), log: ${logFile}`);
  return { child, dead: () => exit };
}

// ---------------------------------------------------------------------------------------------- Kafka

export async function startLocalKafka(workDir) {
  if (!hasCommand('java')) throw new Error('no JDK (java) on PATH');
  const started = Date.now();
  const { lib } = mavenLib(`kafka-${KAFKA_VERSION}`, [
    ['org.apache.kafka', 'kafka_2.13', KAFKA_VERSION],
    ['ch.qos.reload4j', 'reload4j', '1.2.25'],
    ['org.slf4j', 'slf4j-reload4j', '1.7.36'],
  ]);
  const classes = compileJava(`kafka-${KAFKA_VERSION}`, lib, ['PunktoLauncher.java']);
  const [port, controllerPort] = [await freePort(), await freePort()];
  const dir = join(workDir, 'kafka');
  mkdirSync(join(dir, 'data'), { recursive: true });
  const properties = join(dir, 'server.properties');
  writeFileSync(
    properties,
    [
      'process.roles=broker,controller',
      'node.id=1',
      `controller.quorum.bootstrap.servers=127.0.0.1:${controllerPort}`,
      `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
      `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
      'controller.listener.names=CONTROLLER',
      'inter.broker.listener.name=PLAINTEXT',
      'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
      `log.dirs=${join(dir, 'data')}`,
      'num.partitions=3',
      'offsets.topic.replication.factor=1',
      'offsets.topic.num.partitions=5',
      'transaction.state.log.replication.factor=1',
      'transaction.state.log.min.isr=1',
      'group.initial.rebalance.delay.ms=0',
      'auto.create.topics.enable=false',
      'log.flush.interval.messages=1',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'log4j.properties'),
    [
      'log4j.rootLogger=WARN, stdout',
      'log4j.appender.stdout=org.apache.log4j.ConsoleAppender',
      'log4j.appender.stdout.layout=org.apache.log4j.PatternLayout',
      'log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n',
      'log4j.logger.kafka.server.KafkaServer=INFO',
      'log4j.logger.kafka.server.BrokerServer=INFO',
      '',
    ].join('\n'),
  );
  const java = (args) =>
    spawnSync(
      'java',
      [
        '-Xmx256m',
        `-Dlog4j.configuration=file:${join(dir, 'log4j.properties')}`,
        '-cp',
        join(lib, '*'),
        ...args,
      ],
      {
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
  const uuid = java(['kafka.tools.StorageTool', 'random-uuid']);
  if (uuid.status !== 0) throw new Error(`kafka-storage random-uuid failed: ${uuid.stderr}`);
  const clusterId = uuid.stdout.trim().split('\n').at(-1);
  const format = java([
    'kafka.tools.StorageTool',
    'format',
    '-t',
    clusterId,
    '-c',
    properties,
    '--standalone',
  ]);
  if (format.status !== 0) throw new Error(`kafka-storage format failed: ${format.stderr || format.stdout}`);

  const { dead } = startJava({
    name: `Kafka ${KAFKA_VERSION} (KRaft, single node)`,
    lib,
    classes,
    mainClass: 'kafka.Kafka',
    args: [properties],
    jvmArgs: [`-Dlog4j.configuration=file:${join(dir, 'log4j.properties')}`],
    logFile: join(dir, 'kafka.log'),
    heap: '768m',
  });
  const brokers = `127.0.0.1:${port}`;
  await waitFor('Kafka', () => kafkaAnswers(brokers), 120_000, dead);
  log(`Kafka ready at ${brokers} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return brokers;
}

async function kafkaAnswers(brokers) {
  const { Kafka, logLevel } = await import('kafkajs');
  const admin = new Kafka({
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
    retry: { retries: 0 },
  }).admin();
  try {
    await admin.connect();
    await admin.describeCluster();
    return true;
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------- MongoDB wire

/**
 * FerretDB v1 with its pure-Go SQLite backend, built from the Go module proxy through the tiny launcher in
 * scripts/infra/ferretdb (FerretDB's own command panics when built with `go install`). The binary is cached
 * per launcher source hash. (mongo-java-server from Maven Central was tried first: it reports wire version
 * 8, and the mongodb 7 driver refuses servers below 9.)
 */
export async function startLocalMongo(workDir) {
  if (!hasCommand('go', ['version'])) throw new Error('Go is not installed: cannot build FerretDB');
  const started = Date.now();
  const source = join(here, 'ferretdb');
  const hash = createHash('sha256');
  for (const file of ['go.mod', 'go.sum', 'main.go']) hash.update(readFileSync(join(source, file)));
  const binary = join(
    cacheDir,
    `ferretdb-${FERRETDB_VERSION}-${hash.digest('hex').slice(0, 12)}`,
    'ferretdb-launcher',
  );
  if (!existsSync(binary)) {
    log(`building FerretDB ${FERRETDB_VERSION} from the Go module proxy (first run only) …`);
    const result = spawnSync('go', ['build', '-mod=mod', '-o', `${binary}.tmp`, '.'], {
      cwd: source,
      stdio: ['ignore', 'inherit', 'inherit'],
      timeout: 15 * 60_000,
      env: { ...process.env, CGO_ENABLED: '0' },
    });
    if (result.status !== 0)
      throw new Error(`go build of FerretDB failed (${result.status ?? result.signal})`);
    renameSync(`${binary}.tmp`, binary);
    log(
      `FerretDB built: ${(statSync(binary).size / 1e6).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const port = await freePort();
  const dir = join(workDir, 'ferretdb');
  mkdirSync(dir, { recursive: true });
  const { dead } = startProcess({
    name: `FerretDB ${FERRETDB_VERSION} (SQLite backend)`,
    command: binary,
    args: [`127.0.0.1:${port}`, join(dir, 'data')],
    logFile: join(dir, 'ferretdb.log'),
  });
  await waitFor('FerretDB', () => canConnect(port), 60_000, dead);
  log(
    `MongoDB-wire server (FerretDB) ready at 127.0.0.1:${port} after ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return `mongodb://127.0.0.1:${port}`;
}

// ---------------------------------------------------------------------------------------------- containers

/** true only when a container runtime really answers (the docker CLI alone proves nothing). */
export async function containerRuntimeAnswers() {
  if (process.env.PUNKTO_INFRA_NO_CONTAINERS === '1')
    return { ok: false, reason: 'disabled by PUNKTO_INFRA_NO_CONTAINERS=1' };
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    const client = await Promise.race([
      getContainerRuntimeClient(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timed out after 20 s')), 20_000)),
    ]);
    return {
      ok: true,
      reason: `${client.info.containerRuntime.host} (${client.info.engine?.serverVersion ?? 'engine'})`,
    };
  } catch (error) {
    return { ok: false, reason: String(error?.message ?? error).split('\n')[0] };
  }
}

async function startContainer(image, configure, port) {
  const { GenericContainer, Wait } = await import('testcontainers');
  let container = configure(new GenericContainer(image));
  container = container.withWaitStrategy(Wait.forListeningPorts()).withStartupTimeout(180_000);
  const started = await container.start();
  onCleanup(() => started.stop({ timeout: 5_000 }));
  return { host: started.getHost(), port: started.getMappedPort(port) };
}

export async function startEventStoreContainer() {
  const { host, port } = await startContainer(
    EVENTSTORE_IMAGE,
    (c) =>
      c
        .withEnvironment({
          EVENTSTORE_INSECURE: 'true',
          EVENTSTORE_MEM_DB: 'true',
          EVENTSTORE_RUN_PROJECTIONS: 'None',
          EVENTSTORE_CLUSTER_SIZE: '1',
        })
        .withExposedPorts(2113),
    2113,
  );
  return `esdb://${host}:${port}?tls=false`;
}

export async function startMongoContainer() {
  const { host, port } = await startContainer('mongo:7', (c) => c.withExposedPorts(27017), 27017);
  return `mongodb://${host}:${port}`;
}

export async function startKafkaContainer() {
  // The broker must advertise the address clients use, so host and container port are the same.
  const port = await freePort();
  const { host } = await startContainer(
    `apache/kafka:${KAFKA_VERSION}`,
    (c) =>
      c.withExposedPorts({ container: port, host: port }).withEnvironment({
        KAFKA_NODE_ID: '1',
        KAFKA_PROCESS_ROLES: 'broker,controller',
        KAFKA_LISTENERS: `PLAINTEXT://:${port},CONTROLLER://:9093`,
        KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://localhost:${port}`,
        KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
        KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
        KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
        KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
        KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
        KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
        KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
        KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
      }),
    port,
  );
  const brokers = `${host === 'localhost' ? '127.0.0.1' : host}:${port}`;
  await waitFor('Kafka container', () => kafkaAnswers(brokers), 120_000);
  return brokers;
}

export function makeWorkDir() {
  const dir = mkdtempSync(join(tmpdir(), 'punkto-infra-'));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
