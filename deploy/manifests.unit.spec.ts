/**
 * Offline checks of the distributed-mode deployment files other than k8s/ (those are built by the real
 * kustomize and checked in deploy/k8s-manifests.infra.spec.ts): deploy/compose/docker-compose.yml,
 * deploy/docker/Dockerfile and the Grafana dashboard.
 *
 * - compose: parses, every container has a healthcheck, engines gate the apps, env matches the README;
 * - Dockerfile: multi-stage, non-root USER, production-only dependencies, every workspace manifest copied;
 * - Grafana: charts only metrics the apps expose.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultPorts } from '@punkto/contracts/routing';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const repoRoot = join(import.meta.dirname, '..');
const apps = Object.keys(defaultPorts) as (keyof typeof defaultPorts)[];
const services = apps.filter((a) => a !== 'gateway');

// ---------------------------------------------------------------------------------------------------------
describe('docker compose', () => {
  type ComposeService = {
    image?: string;
    build?: { context: string; dockerfile: string };
    healthcheck?: { test: string[] | string };
    environment?: Record<string, string | number>;
    depends_on?: Record<string, { condition: string }>;
    ports?: string[];
    volumes?: string[];
    read_only?: boolean;
    tmpfs?: string[];
    cap_drop?: string[];
  };
  const composeFile = join(repoRoot, 'deploy', 'compose', 'docker-compose.yml');
  const compose = parse(readFileSync(composeFile, 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
    volumes: Record<string, unknown>;
  };
  const engines = ['kafka', 'eventstoredb', 'mongodb'];

  it('has the engines, the six services and the gateway, each with a healthcheck', () => {
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining([...engines, ...apps]));
    for (const [name, s] of Object.entries(compose.services)) {
      expect(s.healthcheck?.test, `${name} healthcheck`).toBeDefined();
      expect(s.image, `${name} image`).toBeDefined();
      for (const v of s.volumes ?? []) {
        const volume = v.split(':')[0]!;
        if (!volume.startsWith('.') && !volume.startsWith('/'))
          expect(compose.volumes, `${name}: volume ${volume}`).toHaveProperty(volume);
      }
    }
  });

  it('builds every app from the one Dockerfile and runs it read-only, unprivileged, with its port', () => {
    const image = compose.services['gateway']!.image;
    for (const app of apps) {
      const s = compose.services[app]!;
      expect(s.build).toEqual({ context: '../..', dockerfile: 'deploy/docker/Dockerfile' });
      expect(s.image).toBe(image);
      expect(s.read_only).toBe(true);
      expect(s.tmpfs?.some((t) => t.startsWith('/tmp'))).toBe(true);
      expect(s.volumes?.some((v) => v.endsWith(':/data'))).toBe(true);
      expect(s.cap_drop).toEqual(['ALL']);
      expect(s.environment?.['APP']).toBe(app);
      expect(String(s.environment?.['PORT'])).toBe(String(defaultPorts[app]));
      expect(s.environment?.['HOST']).toBe('0.0.0.0');
      expect(s.environment?.['DEV_MAILBOX']).toBe('false');
    }
    // only the gateway publishes an application port
    for (const s of services) expect(compose.services[s]!.ports ?? []).toEqual([]);
    expect(compose.services['gateway']!.ports).toEqual(['${GATEWAY_PORT:-8080}:8080']);
    for (const e of engines)
      for (const p of compose.services[e]!.ports ?? [])
        expect(p, `${e} bound to localhost`).toMatch(/^127\.0\.0\.1:/);
  });

  it('selects the real engines in every service and waits for them to be healthy', () => {
    for (const s of services) {
      const svc = compose.services[s]!;
      expect(svc.environment).toMatchObject({
        EVENT_STORE_ADAPTER: 'eventstoredb',
        BUS_ADAPTER: 'kafka',
        DOCUMENT_STORE_ADAPTER: 'mongodb',
        BLOB_STORE_ADAPTER: 'gridfs',
        MAILER_ADAPTER: 'smtp',
        AUTH_JWKS_URL: 'http://identity:8081/.well-known/jwks.json',
      });
      for (const variable of ['EVENTSTORE_URL', 'KAFKA_BROKERS', 'MONGODB_URL', 'SMTP_URL'])
        expect(svc.environment?.[variable], `${s} ${variable}`).toBeTruthy();
      for (const e of engines) expect(svc.depends_on?.[e]?.condition, `${s} → ${e}`).toBe('service_healthy');
      if (s !== 'identity') expect(svc.depends_on?.['identity']?.condition).toBe('service_healthy');
    }
    const gw = compose.services['gateway']!;
    for (const s of services) {
      expect(gw.depends_on?.[s]?.condition).toBe('service_healthy');
      expect(gw.environment?.[`${s.replace('-', '_').toUpperCase()}_URL`]).toBe(
        `http://${s}:${defaultPorts[s]}`,
      );
    }
  });

  it('runs MongoDB as a replica set and Kafka as a single KRaft node', () => {
    expect(compose.services['mongodb']!.healthcheck!.test.toString()).toContain('rs.initiate');
    const kafka = compose.services['kafka']!.environment!;
    expect(kafka['KAFKA_PROCESS_ROLES']).toBe('broker,controller');
    expect(kafka['KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR']).toBe(1);
    for (const s of services)
      expect(String(compose.services[s]!.environment!['MONGODB_URL'])).toContain('replicaSet=rs0');
  });

  it('documents every interpolated variable in .env.example', () => {
    const text = readFileSync(composeFile, 'utf8');
    const used = new Set([...text.matchAll(/\$\{([A-Z0-9_]+)(?::-[^}]*)?\}/g)].map((m) => m[1]!));
    const example = readFileSync(join(repoRoot, 'deploy', 'compose', '.env.example'), 'utf8');
    const documented = new Set([...example.matchAll(/^([A-Z0-9_]+)=/gm)].map((m) => m[1]!));
    for (const v of used) if (v !== 'RECAPTCHA_SECRET') expect(documented, v).toContain(v);
    expect(example).not.toMatch(/:\/\/[^/\s:@]+:[^/\s@]+@(?!smtp\.example\.com)/);
  });
});

// ---------------------------------------------------------------------------------------------------------
describe('Dockerfile', () => {
  const dockerfile = readFileSync(join(repoRoot, 'deploy', 'docker', 'Dockerfile'), 'utf8');
  const lines = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages: { name: string; base: string; lines: string[] }[] = [];
  for (const line of lines) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ base: from[1]!, name: from[2] ?? String(stages.length), lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  const runtime = stages.at(-1)!;
  const stage = (name: string) => stages.find((s) => s.name === name)!;
  const ancestry = (name: string): string[] => {
    const s = stage(name);
    return s ? [name, ...ancestry(s.base)] : [];
  };

  it('is a multi-stage build ending in a slim Node runtime', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    expect(runtime.base).toMatch(/^node:\$\{NODE_VERSION\}-\w+-slim$/);
    expect(dockerfile).toMatch(/^ARG NODE_VERSION=(20|22|24)$/m);
  });

  it('builds with all dependencies and ships production dependencies only', () => {
    const build = stages.find((s) => s.lines.some((l) => /npm run build$/.test(l)))!;
    expect(build.lines.some((l) => /npm ci(?!.*--omit)/.test(l))).toBe(true);
    const prod = stages.find((s) => s.lines.some((l) => /npm ci --omit=dev/.test(l)))!;
    expect(prod).toBeDefined();
    // native better-sqlite3 may compile: a build toolchain is in that stage's ancestry
    const toolchain = ancestry(prod.name).flatMap((n) => stage(n).lines);
    expect(toolchain.some((l) => /apt-get install.*python3.*make.*g\+\+/.test(l))).toBe(true);
    expect(runtime.lines).toContain(`COPY --from=${prod.name} /app/node_modules ./node_modules`);
    expect(runtime.lines.some((l) => /npm (ci|install)|apt-get install/.test(l))).toBe(false);
  });

  it('copies every workspace manifest before npm ci', () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] };
    const manifests = pkg.workspaces.flatMap((w) =>
      w.endsWith('/*')
        ? (execFileSync('ls', [join(repoRoot, w.slice(0, -2))], { encoding: 'utf8' }) as string)
            .split('\n')
            .filter(Boolean)
            .map((d) => `${w.slice(0, -2)}/${d}`)
            .filter((d) => existsSync(join(repoRoot, d, 'package.json')))
        : [w],
    );
    for (const m of manifests) expect(dockerfile, m).toContain(`COPY ${m}/package.json ${m}/`);
  });

  it('runs as a non-root user, runs the one entry point (SERVICES, else APP) and checks /healthz', () => {
    const user = runtime.lines.filter((l) => l.startsWith('USER ')).at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER\s+(root|0)(:|$)/);
    expect(runtime.lines).toContain('ARG APP=gateway');
    expect(runtime.lines.some((l) => /^ENV .*APP=\$\{APP\}/.test(l))).toBe(true);
    expect(runtime.lines.some((l) => /DATA_DIR=\/data/.test(l))).toBe(true);
    // one entry for every run mode (ADR 0028): exec form, so node receives SIGTERM directly
    expect(runtime.lines.find((l) => l.startsWith('CMD'))).toBe('CMD ["node", "server/main.js"]');
    expect(runtime.lines).toContain('COPY --from=build /app/server/dist/ ./server/');
    const entry = readFileSync(join(repoRoot, 'server', 'main.ts'), 'utf8');
    expect(entry).toContain('process.env.SERVICES ?? process.env.APP');
    for (const app of apps) expect(entry).toContain(`@punkto/${app}/module`);
    expect(runtime.lines.find((l) => l.startsWith('HEALTHCHECK'))).toContain('healthcheck.mjs');
    const healthcheck = readFileSync(join(repoRoot, 'deploy', 'docker', 'healthcheck.mjs'), 'utf8');
    expect(healthcheck).toContain('/healthz');
    for (const app of apps) expect(healthcheck).toMatch(new RegExp(`['"]?${app}['"]?: ${defaultPorts[app]}`));
  });

  it('keeps the build context small with a Dockerfile-specific ignore file', () => {
    const ignore = readFileSync(join(repoRoot, 'deploy', 'docker', 'Dockerfile.dockerignore'), 'utf8');
    for (const pattern of ['**/node_modules', '**/dist', '.git', '**/.env', 'data'])
      expect(ignore.split('\n')).toContain(pattern);
  });
});

// ---------------------------------------------------------------------------------------------------------
describe('Grafana dashboard', () => {
  type Panel = { type: string; title: string; targets?: { expr: string }[] };
  const dashboard = JSON.parse(
    readFileSync(join(repoRoot, 'deploy', 'grafana', 'punkto-dashboard.json'), 'utf8'),
  ) as { uid: string; panels: Panel[] };
  const exposed = readFileSync(join(repoRoot, 'services/platform/src/observability/metrics.ts'), 'utf8');

  it('charts only metrics the apps expose (or prom-client process metrics), with a stable uid', () => {
    expect(dashboard.uid).toBe('punkto-overview');
    const exprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr));
    expect(exprs.length).toBeGreaterThan(10);
    for (const expr of exprs) {
      for (const [metric] of expr.matchAll(/punkto_[a-z0-9_]+/g)) {
        if (/^punkto_(process|nodejs)_/.test(metric)) continue; // collectDefaultMetrics, prefixed
        expect(exposed, metric).toContain(`'${metric.replace(/_(bucket|sum|count)$/, '')}'`);
      }
    }
  });

  it('shows HTTP rate, errors and p95, append latency, relay lag, consumer lag and award rates', () => {
    const titles = dashboard.panels.map((p) => p.title).join('\n');
    for (const needed of [
      /Requests per second/,
      /5xx/,
      /p95/,
      /append latency/,
      /Relay lag/,
      /Consumer lag/,
      /Awards/,
    ])
      expect(titles).toMatch(needed);
  });
});
