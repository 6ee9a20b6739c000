// Real engines for the benchmark's Kafka and MongoDB rows, obtained per engine in this order:
//   1. the address in the environment (KAFKA_BROKERS, MONGODB_URL);
//   2. a local server started by scripts/infra/servers.mjs (the same code `npm run test:infra` uses):
//      Kafka 3.9 in KRaft mode from cached Maven Central jars, FerretDB v1 (MongoDB wire, SQLite backend).
// An engine that cannot be obtained is SKIPPED with a reason; the embedded rows are measured regardless.
// stopEngines() stops every server started here; the JVM and FerretDB also exit when our process dies
// (their stdin is a pipe from us).

export type Engine = { address: string; label: string; source: string } | { skipped: string };

interface InfraServers {
  startLocalKafka(workDir: string): Promise<string>;
  startLocalMongo(workDir: string): Promise<string>;
  cleanupAll(): Promise<void>;
  KAFKA_VERSION: string;
  FERRETDB_VERSION: string;
}

let infra: InfraServers | undefined;
async function loadInfra(): Promise<InfraServers> {
  // A plain JavaScript module without declarations: imported by URL and typed by the interface above.
  const url = new URL('../infra/servers.mjs', import.meta.url).href;
  infra ??= (await import(url)) as InfraServers;
  return infra;
}

async function obtain(
  envVar: string,
  envLabel: string,
  local: (servers: InfraServers) => Promise<{ address: string; label: string }>,
): Promise<Engine> {
  const given = process.env[envVar];
  if (given) return { address: given, label: envLabel, source: `${envVar} from the environment` };
  try {
    const { address, label } = await local(await loadInfra());
    return { address, label, source: 'local server (scripts/infra/servers.mjs)' };
  } catch (error) {
    return {
      skipped: `${envVar} not set and no local server could be started: ${String((error as Error)?.message ?? error).split('\n')[0]}`,
    };
  }
}

/** Obtains Kafka and a MongoDB-wire server in parallel (before any measurement, so startup does not skew it). */
export async function startEngines(workDir: string): Promise<{ kafka: Engine; mongo: Engine }> {
  const [kafka, mongo] = await Promise.all([
    obtain('KAFKA_BROKERS', 'Kafka (KAFKA_BROKERS)', async (s) => ({
      address: await s.startLocalKafka(workDir),
      label: `Kafka ${s.KAFKA_VERSION} (KRaft, 1 node, local)`,
    })),
    obtain('MONGODB_URL', 'MongoDB (MONGODB_URL)', async (s) => ({
      address: await s.startLocalMongo(workDir),
      label: `FerretDB ${s.FERRETDB_VERSION} (MongoDB wire, SQLite backend)`,
    })),
  ]);
  return { kafka, mongo };
}

/** Stops every server startEngines() started; idempotent, never throws. */
export async function stopEngines(): Promise<void> {
  if (infra) await infra.cleanupAll();
}
