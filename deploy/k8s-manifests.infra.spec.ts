/**
 * Offline checks of the Kubernetes manifests as the real kustomize builds them: `kustomize build
 * k8s/overlays/<name>` for every overlay, its multi-document YAML parsed with `yaml`. Runs in the `infra`
 * project (`npm run test:infra`), whose runner installs kustomize from the Go module proxy once
 * (scripts/infra/kustomize.mjs, cached in ~/.cache/punkto-infra) and passes KUSTOMIZE_BIN. Without it the
 * suite is SKIPPED with the reason (outside CI) or fails (CI=true).
 *
 * - every built-in object is validated against the Kubernetes OpenAPI schema (kubernetes-models `.validate()`);
 *   Strimzi, Prometheus Operator and KEDA custom resources get a structural check;
 * - policies: probes, limits, non-root, read-only root FS (restricted Pod Security Standard), Service + PDB
 *   and exactly one autoscaler (HPA or KEDA ScaledObject) per app, NetworkPolicies (with a small evaluator
 *   that answers "may pod A open port P on pod B?"), no literal secrets, topics = contracts;
 * - scaling: a ScaledObject scales every Deployment that runs a business consumer, on the lag of exactly the
 *   consumer groups and topics its service's source declares; the other Deployments keep an HPA.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultPorts } from '@punkto/contracts/routing';
import { allTopics, deadLetterTopic, Topics } from '@punkto/contracts/topics';
import { ConfigMap, Namespace, Service } from 'kubernetes-models/v1';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import type { IContainer, IPodTemplateSpec } from 'kubernetes-models/v1';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import type { ILabelSelector } from '@kubernetes-models/apimachinery/apis/meta/v1/LabelSelector';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

const repoRoot = join(import.meta.dirname, '..');
type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; [k: string]: unknown };
  [k: string]: unknown;
};

const apps = Object.keys(defaultPorts) as (keyof typeof defaultPorts)[];
const services = apps.filter((a) => a !== 'gateway');
const overlays = ['dev', 'prod'] as const;

type Model = { validate(): void };
const models: Record<string, new (data: never) => Model> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'batch/v1/Job': Job,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
};
const strimziKinds = new Set(['Kafka', 'KafkaNodePool', 'KafkaTopic']);
/** Prometheus Operator custom resources (k8s/base/monitoring.yaml): structural checks below */
const monitoringKinds = new Set(['ServiceMonitor', 'PrometheusRule']);
/** KEDA custom resources (the consuming services' ScaledObjects): structural checks below */
const kedaKinds = new Set(['ScaledObject']);

/**
 * The business consumers as the services' source declares them: `groupId: '<service>.<name>'` followed by
 * `topics: [Topics.x, …]` in services/<service>/src (tests and test helpers excluded). The per-service
 * `${service}.access-revocations` groups (a template literal, platform code) are not work to scale on.
 */
function consumersInSource(): Map<string, { group: string; topic: string }[]> {
  const found = new Map<string, { group: string; topic: string }[]>();
  for (const service of services) {
    const src = join(repoRoot, 'services', service, 'src');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !/\.spec\.ts$/.test(f) && !/(^|\/)testing\//.test(f),
    );
    for (const file of files) {
      const text = readFileSync(join(src, file), 'utf8');
      for (const m of text.matchAll(/groupId:\s*'([^']+)',\s*topics:\s*\[([^\]]*)\]/g)) {
        const group = m[1]!;
        const topics = [...m[2]!.matchAll(/Topics\.(\w+)/g)].map((t) => {
          const topic = Topics[t[1] as keyof typeof Topics];
          if (!topic) throw new Error(`${file}: unknown Topics.${t[1]}`);
          return topic;
        });
        if (!topics.length) throw new Error(`${file}: consumer ${group} lists no Topics.* constant`);
        found.set(service, [...(found.get(service) ?? []), ...topics.map((topic) => ({ group, topic }))]);
      }
    }
  }
  return found;
}
const consumers = consumersInSource();

type ScaledObject = K8sObject & {
  spec: {
    scaleTargetRef: { apiVersion?: string; kind?: string; name: string };
    minReplicaCount: number;
    maxReplicaCount: number;
    triggers: { type: string; metricType?: string; metadata: Record<string, string> }[];
  };
};

const kustomize = process.env.KUSTOMIZE_BIN;
const unavailable =
  process.env.PUNKTO_INFRA_SKIP_KUSTOMIZE_BIN ??
  'KUSTOMIZE_BIN is not set (run through `npm run test:infra`, which installs kustomize)';

/** `kustomize build k8s/overlays/<overlay>`, parsed; any YAML error fails loudly. */
function build(bin: string, overlay: string): K8sObject[] {
  const out = execFileSync(bin, ['build', join(repoRoot, 'k8s', 'overlays', overlay)], {
    encoding: 'utf8',
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return parseAllDocuments(out).flatMap((doc) => {
    if (doc.errors.length) throw new Error(`${overlay}: ${doc.errors.map((e) => e.message).join('; ')}`);
    const value = doc.toJS() as K8sObject | null;
    return value ? [value] : [];
  });
}

const rendered = kustomize
  ? (Object.fromEntries(overlays.map((o) => [o, build(kustomize, o)])) as Record<
      (typeof overlays)[number],
      K8sObject[]
    >)
  : undefined;

if (!rendered) {
  if (process.env.CI)
    describe('k8s overlays (kustomize build)', () => {
      it('run in CI', () => {
        throw new Error(`kustomize is required in CI: ${unavailable}`);
      });
    });
  else
    describe.skip(`k8s overlays (kustomize build) — SKIPPED: ${unavailable}`, () => {
      it('needs KUSTOMIZE_BIN', () => {});
    });
}

function find<T = K8sObject>(objects: K8sObject[], kind: string, name: string): T {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`${kind}/${name} not rendered`);
  return found as unknown as T;
}
const ofKind = <T = K8sObject>(objects: K8sObject[], kind: string) =>
  objects.filter((o) => o.kind === kind) as unknown as T[];

type Workload = K8sObject & { spec: { template: IPodTemplateSpec; replicas?: number } };
const workloads = (objects: K8sObject[]) =>
  objects.filter((o) => ['Deployment', 'StatefulSet', 'Job'].includes(o.kind)) as Workload[];
const containersOf = (w: Workload): IContainer[] => [
  ...(w.spec.template.spec?.initContainers ?? []),
  ...(w.spec.template.spec?.containers ?? []),
];
const envValue = (c: IContainer, name: string) => c.env?.find((e) => e.name === name)?.value;

function matchesSelector(labels: Record<string, string>, selector: ILabelSelector | undefined): boolean {
  if (!selector) return true;
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of selector.matchExpressions ?? []) {
    const has = e.key in labels;
    const inValues = has && (e.values ?? []).includes(labels[e.key]!);
    if (e.operator === 'In' && !inValues) return false;
    if (e.operator === 'NotIn' && inValues) return false;
    if (e.operator === 'Exists' && !has) return false;
    if (e.operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------------------
// A NetworkPolicy evaluator for pod-to-pod TCP traffic (enough for our policies: pod/namespace selectors,
// ports with endPort; ipBlocks never match in-cluster pods because they exclude private ranges).
interface Pod {
  namespace: string;
  labels: Record<string, string>;
}
function portMatches(ports: { port?: number | string; endPort?: number }[] | undefined, port: number) {
  if (!ports?.length) return true;
  return ports.some((p) =>
    p.port === undefined
      ? true
      : typeof p.port === 'number'
        ? port >= p.port && port <= (p.endPort ?? p.port)
        : false,
  );
}
function peerMatches(
  peers:
    { podSelector?: ILabelSelector; namespaceSelector?: ILabelSelector; ipBlock?: unknown }[] | undefined,
  policyNamespace: string,
  pod: Pod,
) {
  if (!peers?.length) return true; // empty `from`/`to` = everyone
  return peers.some((peer) => {
    if (peer.ipBlock) return false;
    const nsOk = peer.namespaceSelector
      ? matchesSelector({ 'kubernetes.io/metadata.name': pod.namespace }, peer.namespaceSelector)
      : pod.namespace === policyNamespace;
    return nsOk && matchesSelector(pod.labels, peer.podSelector);
  });
}
function allowed(policies: INetworkPolicy[], from: Pod, to: Pod, port: number): boolean {
  const side = (pod: Pod, type: 'Ingress' | 'Egress') =>
    policies.filter(
      (p) =>
        p.metadata?.namespace === pod.namespace &&
        (p.spec?.policyTypes ?? ['Ingress']).includes(type) &&
        matchesSelector(pod.labels, p.spec?.podSelector),
    );
  const egress = side(from, 'Egress');
  const egressOk =
    !egress.length ||
    egress.some((p) =>
      (p.spec?.egress ?? []).some(
        (r) => portMatches(r.ports, port) && peerMatches(r.to, p.metadata!.namespace!, to),
      ),
    );
  const ingress = side(to, 'Ingress');
  const ingressOk =
    !ingress.length ||
    ingress.some((p) =>
      (p.spec?.ingress ?? []).some(
        (r) => portMatches(r.ports, port) && peerMatches(r.from, p.metadata!.namespace!, from),
      ),
    );
  return egressOk && ingressOk;
}

// ---------------------------------------------------------------------------------------------------------
if (rendered) {
  describe.each(overlays)('k8s overlay %s', (overlay) => {
    const objects = rendered[overlay];
    const namespace = overlay === 'prod' ? 'punkto' : 'punkto-dev';

    it('renders objects with unique names, all in the overlay namespace', () => {
      expect(objects.length).toBeGreaterThan(50);
      const ids = objects.map((o) => `${o.kind}/${o.metadata.name}`);
      expect(new Set(ids).size).toBe(ids.length);
      for (const o of objects) {
        if (o.kind === 'Namespace') expect(o.metadata.name).toBe(namespace);
        else expect(o.metadata.namespace, `${o.kind}/${o.metadata.name}`).toBe(namespace);
        expect(o.metadata.labels?.['app.kubernetes.io/part-of']).toBe('punkto');
      }
    });

    it('validates every built-in object against the Kubernetes schema', () => {
      for (const o of objects) {
        if (strimziKinds.has(o.kind) || monitoringKinds.has(o.kind) || kedaKinds.has(o.kind)) continue;
        const ModelClass = models[`${o.apiVersion}/${o.kind}`];
        expect(ModelClass, `no schema model for ${o.apiVersion}/${o.kind}`).toBeDefined();
        expect(() => new ModelClass!(o as never).validate(), `${o.kind}/${o.metadata.name}`).not.toThrow();
      }
    });

    it('gives Strimzi custom resources the structure the operator requires', () => {
      const kafka = ofKind<K8sObject & { spec: Record<string, never> }>(objects, 'Kafka');
      expect(kafka).toHaveLength(1);
      const cluster = kafka[0]!;
      expect(cluster.apiVersion).toBe('kafka.strimzi.io/v1beta2');
      expect(cluster.metadata['annotations']).toMatchObject({
        'strimzi.io/kraft': 'enabled',
        'strimzi.io/node-pools': 'enabled',
      });
      const spec = cluster.spec as unknown as {
        kafka: { version: string; listeners: { name: string; port: number; type: string; tls: boolean }[] };
        zookeeper?: unknown;
        entityOperator: { topicOperator: unknown };
      };
      expect(spec.zookeeper).toBeUndefined();
      expect(spec.kafka.version).toMatch(/^3\.9\./); // kafkajs: classic consumer-group protocol
      expect(spec.kafka.listeners).toContainEqual(expect.objectContaining({ port: 9092, type: 'internal' }));
      expect(spec.entityOperator.topicOperator).toBeDefined();

      const pools = ofKind<
        K8sObject & { spec: { replicas: number; roles: string[]; storage: { type: string } } }
      >(objects, 'KafkaNodePool');
      expect(pools.length).toBeGreaterThan(0);
      for (const pool of pools) {
        expect(pool.apiVersion).toBe('kafka.strimzi.io/v1beta2');
        expect(pool.metadata.labels?.['strimzi.io/cluster']).toBe(cluster.metadata.name);
        expect(pool.spec.roles.length).toBeGreaterThan(0);
        expect(Number.isInteger(pool.spec.replicas)).toBe(true);
        expect(['jbod', 'persistent-claim', 'ephemeral']).toContain(pool.spec.storage.type);
      }
      const controllers = pools
        .filter((p) => p.spec.roles.includes('controller'))
        .reduce((n, p) => n + p.spec.replicas, 0);
      const brokers = pools
        .filter((p) => p.spec.roles.includes('broker'))
        .reduce((n, p) => n + p.spec.replicas, 0);
      expect(controllers % 2, 'KRaft quorum needs an odd number of controllers').toBe(1);
      expect(brokers).toBe(overlay === 'prod' ? 3 : 1);

      const config = (cluster.spec as unknown as { kafka: { config: Record<string, number> } }).kafka.config;
      expect(config['offsets.topic.replication.factor']).toBeLessThanOrEqual(brokers);
      expect(config['default.replication.factor']).toBeLessThanOrEqual(brokers);

      type Topic = K8sObject & {
        spec: { topicName: string; partitions: number; replicas: number; config: Record<string, string> };
      };
      const topics = ofKind<Topic>(objects, 'KafkaTopic');
      const expected = allTopics.flatMap((t) => [t, deadLetterTopic(t)]).sort();
      expect(topics.map((t) => t.spec.topicName).sort()).toEqual(expected);
      const partitions = Number(
        find<ConfigMap>(objects, 'ConfigMap', 'punkto-services').data!['KAFKA_PARTITIONS'],
      );
      for (const t of topics) {
        expect(t.apiVersion).toBe('kafka.strimzi.io/v1beta2');
        expect(t.metadata.labels?.['strimzi.io/cluster']).toBe(cluster.metadata.name);
        expect(t.metadata.name).toMatch(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/);
        expect(t.spec.replicas).toBeLessThanOrEqual(brokers);
        expect(t.spec.replicas).toBe(overlay === 'prod' ? 3 : 1);
        const minIsr = Number(t.spec.config['min.insync.replicas']);
        expect(minIsr).toBe(overlay === 'prod' ? 2 : 1);
        expect(minIsr).toBeLessThanOrEqual(t.spec.replicas);
        if (!t.spec.topicName.endsWith('.dlq')) expect(t.spec.partitions, t.spec.topicName).toBe(partitions);
      }
    });

    it.each(apps)('%s has a Deployment, Service, autoscaler and PDB that fit together', (app) => {
      const deployment = find<Deployment>(objects, 'Deployment', app);
      const podLabels = deployment.spec!.template.metadata!.labels!;
      expect(matchesSelector(podLabels, deployment.spec!.selector)).toBe(true);

      const container = deployment.spec!.template.spec!.containers.find((c) => c.name === app)!;
      expect(container.image).toMatch(/^ghcr\.io\/punkto\/app:/);
      expect(container.image).toBe(`ghcr.io/punkto/app:${overlay === 'prod' ? '1.0.0' : 'dev'}`);
      expect(envValue(container, 'APP')).toBe(app);
      expect(envValue(container, 'PORT')).toBe(String(defaultPorts[app]));
      expect(container.ports).toContainEqual(
        expect.objectContaining({ name: 'http', containerPort: defaultPorts[app] }),
      );

      const service = find<Service>(objects, 'Service', app);
      expect(service.spec!.selector).toBeDefined();
      expect(matchesSelector(podLabels, { matchLabels: service.spec!.selector })).toBe(true);
      expect(service.spec!.ports).toContainEqual(
        expect.objectContaining({ port: defaultPorts[app], targetPort: 'http' }),
      );

      // one autoscaler per Deployment: KEDA (which creates its own HPA) for consumers and for the gateway (its
      // request rate), an HPA for the rest
      if (consumers.has(app) || app === 'gateway') {
        const scaled = find<ScaledObject>(objects, 'ScaledObject', app);
        expect(scaled.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: app });
        expect(scaled.spec.minReplicaCount).toBe(overlay === 'prod' ? 3 : 1);
        expect(scaled.spec.maxReplicaCount).toBeGreaterThan(scaled.spec.minReplicaCount);
        expect(ofKind(objects, 'HorizontalPodAutoscaler').map((h) => h.metadata.name)).not.toContain(app);
      } else {
        const hpa = find<HorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler', app);
        expect(hpa.apiVersion).toBe('autoscaling/v2');
        expect(hpa.spec!.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: app });
        expect(hpa.spec!.minReplicas).toBe(overlay === 'prod' ? 3 : 1);
        expect(hpa.spec!.maxReplicas).toBeGreaterThan(hpa.spec!.minReplicas!);
        expect(hpa.spec!.metrics?.some((m) => m.resource?.name === 'cpu')).toBe(true);
      }
      expect(deployment.spec!.replicas, 'the autoscaler owns the replica count').toBeUndefined();

      const pdb = find<PodDisruptionBudget>(objects, 'PodDisruptionBudget', app);
      expect(matchesSelector(podLabels, pdb.spec!.selector)).toBe(true);
      expect(pdb.spec!.maxUnavailable ?? pdb.spec!.minAvailable).toBeDefined();
    });

    describe('autoscaling', () => {
      const scaledObjects = ofKind<ScaledObject>(objects, 'ScaledObject');
      const hpas = ofKind<HorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler');
      const deployments = new Set(ofKind(objects, 'Deployment').map((d) => d.metadata.name));

      it('finds the business consumers in the services (the source this check reads)', () => {
        expect([...consumers.keys()].sort()).toEqual([
          'billing',
          'card-ledger',
          'identity',
          'notification',
          'survey',
          'tenant',
        ]);
        for (const [service, pairs] of consumers)
          for (const { group } of pairs) expect(group, service).toMatch(new RegExp(`^${service}\\.`));
      });

      it('targets only existing Deployments, and no Deployment with both an HPA and a ScaledObject', () => {
        expect(scaledObjects.length).toBeGreaterThan(0);
        const targets = [
          ...hpas.map((h) => h.spec!.scaleTargetRef),
          ...scaledObjects.map((o) => ({
            apiVersion: 'apps/v1',
            kind: 'Deployment',
            ...o.spec.scaleTargetRef,
          })),
        ];
        for (const t of targets) {
          expect(t.apiVersion, t.name).toBe('apps/v1');
          expect(t.kind, t.name).toBe('Deployment');
          expect(deployments, t.name).toContain(t.name);
        }
        const names = targets.map((t) => t.name).sort();
        expect(names, 'exactly one autoscaler per Deployment').toEqual([...new Set(names)].sort());
        expect(names).toEqual(expect.arrayContaining([...apps]));
        // KEDA names its HPA keda-hpa-<name>; ours must not take that name
        for (const h of hpas) expect(h.metadata!.name).not.toMatch(/^keda-hpa-/);
      });

      it('scales each consumer on the lag of exactly the groups and topics its source consumes', () => {
        const brokers = find<ConfigMap>(objects, 'ConfigMap', 'punkto-services').data!['KAFKA_BROKERS']!;
        const [host, port] = brokers.split(':');
        for (const o of scaledObjects.filter((x) => x.spec.scaleTargetRef.name !== 'gateway')) {
          const service = o.spec.scaleTargetRef.name;
          expect(o.apiVersion, service).toBe('keda.sh/v1alpha1');
          const kafka = o.spec.triggers.filter((t) => t.type === 'kafka');
          const declared = (consumers.get(service) ?? []).map(({ group, topic }) => `${group} ${topic}`);
          expect(declared.length, `${service} consumes nothing: an HPA fits`).toBeGreaterThan(0);
          expect(kafka.map((t) => `${t.metadata.consumerGroup} ${t.metadata.topic}`).sort(), service).toEqual(
            declared.sort(),
          );
          for (const t of kafka) {
            // the KEDA operator lives in another namespace: the bootstrap Service by its cluster-wide name
            expect(t.metadata.bootstrapServers, service).toBe(`${host}.${namespace}.svc:${port}`);
            expect(Number(t.metadata.lagThreshold), service).toBeGreaterThan(0);
            expect(Number.isInteger(Number(t.metadata.lagThreshold)), service).toBe(true);
            // the consumers start a new group at the beginning (kafka-message-bus fromBeginning)
            expect(t.metadata.offsetResetPolicy, service).toBe('earliest');
            expect(allTopics, service).toContain(t.metadata.topic);
          }
          // the HTTP side: CPU like the HPAs (KEDA needs the containers' CPU requests, checked above)
          expect(o.spec.triggers, service).toContainEqual(
            expect.objectContaining({ type: 'cpu', metricType: 'Utilization' }),
          );
          for (const t of o.spec.triggers) expect(['kafka', 'cpu', 'memory'], service).toContain(t.type);
        }
      });

      it("scales the gateway on its own environment's request rate, CPU and memory", () => {
        const gateway = find<ScaledObject>(objects, 'ScaledObject', 'gateway');
        expect(gateway.spec.triggers.map((t) => t.type).sort()).toEqual(['cpu', 'memory', 'prometheus']);
        const rate = gateway.spec.triggers.find((t) => t.type === 'prometheus')!;
        // KEDA's operator asks Prometheus (kube-prometheus-stack) by its cluster-wide name
        expect(rate.metadata['serverAddress']).toBe(
          'http://kube-prometheus-stack-prometheus.monitoring.svc:9090',
        );
        // the counter the gateway exports (ADR 0019), of this overlay's namespace only
        expect(rate.metadata['query']).toBe(
          `sum(rate(punkto_http_requests_total{service="gateway",namespace="${namespace}"}[2m]))`,
        );
        expect(Number(rate.metadata['threshold'])).toBeGreaterThan(0);
      });
    });

    it.each(apps)('%s: probes, resources, non-root, read-only root filesystem', (app) => {
      const deployment = find<Deployment>(objects, 'Deployment', app);
      const pod = deployment.spec!.template.spec!;
      expect(pod.automountServiceAccountToken).toBe(false);
      expect(pod.securityContext?.runAsNonRoot).toBe(true);
      expect(pod.securityContext?.runAsUser).toBeGreaterThan(0);
      for (const c of pod.containers) {
        expect(c.livenessProbe?.httpGet?.path).toBe('/healthz');
        expect(c.readinessProbe?.httpGet?.path).toBe('/readyz');
        expect(c.startupProbe?.httpGet?.path).toBe('/healthz');
        for (const probe of [c.livenessProbe, c.readinessProbe, c.startupProbe])
          expect(probe?.httpGet?.port).toBe('http');
        for (const kind of ['requests', 'limits'] as const) {
          expect(c.resources?.[kind]?.['cpu'], `${app} ${kind}.cpu`).toBeDefined();
          expect(c.resources?.[kind]?.['memory'], `${app} ${kind}.memory`).toBeDefined();
        }
        expect(c.securityContext).toMatchObject({
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
        });
        const mounts = Object.fromEntries((c.volumeMounts ?? []).map((m) => [m.mountPath, m.name]));
        for (const path of ['/tmp', '/data']) {
          const volume = pod.volumes?.find((v) => v.name === mounts[path]);
          expect(volume?.emptyDir, `${app}: emptyDir at ${path}`).toBeDefined();
        }
      }
    });

    it('meets the restricted Pod Security Standard in every workload we own', () => {
      for (const w of workloads(objects)) {
        const pod = w.spec.template.spec!;
        const where = `${w.kind}/${w.metadata.name}`;
        expect(pod.securityContext?.runAsNonRoot, where).toBe(true);
        expect(pod.securityContext?.seccompProfile?.type, where).toBe('RuntimeDefault');
        expect(pod.hostNetwork ?? false, where).toBe(false);
        expect(pod.hostPID ?? false, where).toBe(false);
        for (const c of containersOf(w)) {
          expect(c.securityContext?.allowPrivilegeEscalation, `${where}/${c.name}`).toBe(false);
          expect(c.securityContext?.privileged ?? false, `${where}/${c.name}`).toBe(false);
          expect(c.securityContext?.capabilities?.drop, `${where}/${c.name}`).toEqual(['ALL']);
          expect(c.securityContext?.readOnlyRootFilesystem, `${where}/${c.name}`).toBe(true);
          expect(c.resources?.limits?.['memory'], `${where}/${c.name}`).toBeDefined();
          expect(c.image, `${where}/${c.name}: pinned image`).toMatch(/:[\w.-]+$/);
          expect(c.image, `${where}/${c.name}`).not.toMatch(/:latest$/);
        }
      }
    });

    it('runs EventStoreDB and MongoDB as StatefulSets with 3 replicas in prod, 1 in dev', () => {
      const replicas = overlay === 'prod' ? 3 : 1;
      const esdb = find<StatefulSet>(objects, 'StatefulSet', 'eventstoredb');
      const mongo = find<StatefulSet>(objects, 'StatefulSet', 'mongodb');
      for (const s of [esdb, mongo]) {
        expect(s.spec!.replicas).toBe(replicas);
        expect(find<Service>(objects, 'Service', s.spec!.serviceName!).spec!.clusterIP).toBe('None');
        expect(s.spec!.volumeClaimTemplates?.[0]?.metadata?.name).toBe('data');
        find(objects, 'PodDisruptionBudget', s.metadata!.name!);
      }
      const esdbContainer = esdb.spec!.template.spec!.containers[0]!;
      expect(envValue(esdbContainer, 'EVENTSTORE_CLUSTER_SIZE')).toBe(String(replicas));
      expect(envValue(esdbContainer, 'EVENTSTORE_INSECURE')).toBe(overlay === 'prod' ? 'false' : 'true');
      if (overlay === 'prod') {
        expect(envValue(esdbContainer, 'EVENTSTORE_DISCOVER_VIA_DNS')).toBe('true');
        expect(esdbContainer.readinessProbe?.httpGet?.scheme).toBe('HTTPS');
        expect(mongo.spec!.template.spec!.containers[0]!.args).toContain('--keyFile');
      }
      expect(mongo.spec!.template.spec!.containers[0]!.args).toEqual(
        expect.arrayContaining(['--replSet', 'rs0']),
      );
      const rsInit = find<ConfigMap>(objects, 'ConfigMap', 'mongodb-rs-init');
      expect(rsInit.data!['MONGODB_REPLICAS']).toBe(String(replicas));
      // no pod of the same engine on one node in prod
      if (overlay === 'prod')
        for (const s of [esdb, mongo])
          expect(
            s.spec!.template.spec!.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution,
          ).toHaveLength(1);
    });

    it('configures the services for the real engines and the gateway for the in-cluster services', () => {
      const cfg = find<ConfigMap>(objects, 'ConfigMap', 'punkto-services').data!;
      expect(cfg).toMatchObject({
        EVENT_STORE_ADAPTER: 'eventstoredb',
        BUS_ADAPTER: 'kafka',
        DOCUMENT_STORE_ADAPTER: 'mongodb',
        BLOB_STORE_ADAPTER: 'gridfs',
        MAILER_ADAPTER: 'smtp',
        HOST: '0.0.0.0',
        DATA_DIR: '/data',
        DEV_MAILBOX: 'false',
        NODE_ENV: 'production',
        AUTH_JWKS_URL: `http://identity:${defaultPorts.identity}/.well-known/jwks.json`,
      });
      expect(cfg['KAFKA_BROKERS']).toBe('punkto-kafka-bootstrap:9092');
      const gw = find<ConfigMap>(objects, 'ConfigMap', 'punkto-gateway').data!;
      for (const s of services) {
        const variable = `${s.replace('-', '_').toUpperCase()}_URL`;
        expect(gw[variable], variable).toBe(`http://${s}:${defaultPorts[s]}`);
        find(objects, 'Service', s);
      }
      expect(gw['DEV_MAILBOX']).toBe('false');
      // services read engine addresses/credentials from the Secret, the gateway needs none; billing also reads
      // its payment provider's credentials and the invoices' seller from its own Secret (ADR 0025)
      for (const s of services) {
        const c = find<Deployment>(objects, 'Deployment', s).spec!.template.spec!.containers[0]!;
        expect(c.envFrom).toEqual([
          { configMapRef: { name: 'punkto-services' } },
          { secretRef: { name: 'punkto-engines' } },
          ...(s === 'billing' ? [{ secretRef: { name: 'punkto-billing' } }] : []),
        ]);
      }
      const gwc = find<Deployment>(objects, 'Deployment', 'gateway').spec!.template.spec!.containers[0]!;
      expect(gwc.envFrom).toEqual([{ configMapRef: { name: 'punkto-gateway' } }]);
    });

    it('routes the Ingress to the gateway only', () => {
      const ingresses = ofKind<Ingress>(objects, 'Ingress');
      expect(ingresses).toHaveLength(1);
      const backends = ingresses[0]!.spec!.rules!.flatMap((r) => r.http!.paths.map((p) => p.backend.service));
      expect(backends).toEqual([{ name: 'gateway', port: { name: 'http' } }]);
      if (overlay === 'prod') expect(ingresses[0]!.spec!.tls?.[0]?.secretName).toBe('punkto-tls');
    });

    it('commits no Secret objects and no literal credentials', () => {
      expect(ofKind(objects, 'Secret')).toEqual([]);
      const text = JSON.stringify(objects);
      expect(text).not.toMatch(/[a-z+]+:\/\/[^/\s"@:]+:[^/\s"@]+@/i); // user:password@ in a URL
      for (const w of workloads(objects)) {
        for (const c of containersOf(w)) {
          for (const e of c.env ?? []) {
            const sensitive = /PASSWORD|SECRET|TOKEN|PRIVATE|(^|_)KEY$|MONGODB_URL|EVENTSTORE_URL|SMTP_URL/;
            // *_FILE / *_PATH name a mounted file, not its content
            if (sensitive.test(e.name) && !/_(FILE|PATH)$/.test(e.name))
              expect(e.value, `${w.metadata.name}: ${e.name} must come from a Secret`).toBeUndefined();
          }
        }
      }
      for (const cm of ofKind<ConfigMap>(objects, 'ConfigMap')) {
        for (const key of Object.keys(cm.data ?? {}))
          expect(key, `ConfigMap ${cm.metadata!.name}`).not.toMatch(
            /PASSWORD|SECRET|TOKEN|MONGODB_URL|SMTP_URL/,
          );
      }
    });

    it("scrapes every app's metrics port (not its application port) and alerts only on metrics the apps expose", () => {
      type ServiceMonitor = K8sObject & {
        spec: { selector: ILabelSelector; endpoints: { port: string; path: string }[] };
      };
      type Rule = { alert: string; expr: string; for?: string; labels: { severity: string } };
      const monitor = find<ServiceMonitor>(objects, 'ServiceMonitor', 'punkto');
      expect(monitor.apiVersion).toBe('monitoring.coreos.com/v1');
      expect(monitor.spec.endpoints).toEqual([
        expect.objectContaining({ port: 'metrics', path: '/metrics' }),
      ]);
      const scraped = ofKind<Service>(objects, 'Service').filter((svc) =>
        matchesSelector(svc.metadata!.labels ?? {}, monitor.spec.selector),
      );
      expect(scraped.map((svc) => svc.metadata!.name).sort()).toEqual([...apps].sort());
      for (const app of apps) {
        const svc = find<Service>(objects, 'Service', app);
        expect(svc.spec!.ports!.find((p) => p.name === 'metrics')?.port, app).toBe(9464);
        const container = find<Deployment>(objects, 'Deployment', app).spec!.template.spec!.containers[0]!;
        expect(container.ports!.find((p) => p.name === 'metrics')?.containerPort, app).toBe(9464);
      }
      for (const name of ['punkto-services', 'punkto-gateway']) {
        const cm = find<ConfigMap>(objects, 'ConfigMap', name);
        expect(cm.data?.METRICS_PORT, name).toBe('9464');
        expect(cm.data?.METRICS_HOST, name).toBe('0.0.0.0');
      }

      const rule = find<K8sObject & { spec: { groups: { name: string; rules: Rule[] }[] } }>(
        objects,
        'PrometheusRule',
        'punkto',
      );
      const rules = rule.spec.groups.flatMap((g) => g.rules);
      expect(rules.length).toBeGreaterThanOrEqual(8);
      const exposed = readFileSync(join(repoRoot, 'services/platform/src/observability/metrics.ts'), 'utf8');
      for (const r of rules) {
        expect(r.alert, r.expr).toMatch(/^Punkto[A-Za-z0-9]+$/);
        expect(['warning', 'critical'], r.alert).toContain(r.labels.severity);
        for (const [metric] of r.expr.matchAll(/punkto_[a-z_]+/g)) {
          const base = metric.replace(/_(bucket|sum|count)$/, '');
          expect(exposed, `${r.alert}: ${metric}`).toContain(`'${base}'`);
        }
      }
    });

    describe('NetworkPolicies', () => {
      const policies = ofKind<INetworkPolicy>(objects, 'NetworkPolicy');
      const pod = (labels: Record<string, string>, ns = namespace): Pod => ({ namespace: ns, labels });
      const appPod = (app: string) =>
        pod(find<Deployment>(objects, 'Deployment', app).spec!.template.metadata!.labels!);
      const stsPod = (name: string) =>
        pod(find<StatefulSet>(objects, 'StatefulSet', name).spec!.template.metadata!.labels!);
      const kafkaBroker = pod({
        'strimzi.io/cluster': 'punkto',
        'strimzi.io/kind': 'Kafka',
        'strimzi.io/name': 'punkto-kafka',
        'strimzi.io/pool-name': 'dual-role',
      });
      const ingressController = pod({ 'app.kubernetes.io/name': 'ingress-nginx' }, 'ingress-nginx');
      const dns = pod({ 'k8s-app': 'kube-dns' }, 'kube-system');
      const esdb = stsPod('eventstoredb');
      const mongo = stsPod('mongodb');

      it('deny everything by default, in both directions', () => {
        const deny = policies.find((p) => p.metadata?.name === 'default-deny-all')!;
        expect(deny.spec!.podSelector).toEqual({});
        expect(deny.spec!.policyTypes).toEqual(['Ingress', 'Egress']);
        expect(deny.spec!.ingress ?? []).toEqual([]);
        expect(deny.spec!.egress ?? []).toEqual([]);
      });

      it('let every pod resolve DNS', () => {
        for (const p of [...apps.map(appPod), esdb, mongo, kafkaBroker]) {
          expect(allowed(policies, p, dns, 53)).toBe(true);
        }
      });

      it('admit the ingress controller to the gateway and to nothing else', () => {
        expect(allowed(policies, ingressController, appPod('gateway'), 8080)).toBe(true);
        for (const s of services)
          expect(allowed(policies, ingressController, appPod(s), defaultPorts[s])).toBe(false);
        expect(allowed(policies, ingressController, esdb, 2113)).toBe(false);
      });

      it('let only the gateway reach the services (plus every service → identity JWKS)', () => {
        for (const s of services) {
          expect(allowed(policies, appPod('gateway'), appPod(s), defaultPorts[s]), `gateway → ${s}`).toBe(
            true,
          );
          for (const other of services) {
            if (other === s) continue;
            const expected = other === 'identity';
            expect(allowed(policies, appPod(s), appPod(other), defaultPorts[other]), `${s} → ${other}`).toBe(
              expected,
            );
          }
        }
      });

      it('let services reach exactly their engines; the gateway reaches none', () => {
        for (const s of services) {
          expect(allowed(policies, appPod(s), kafkaBroker, 9092), `${s} → kafka`).toBe(true);
          expect(allowed(policies, appPod(s), esdb, 2113), `${s} → eventstoredb`).toBe(true);
          expect(allowed(policies, appPod(s), mongo, 27017), `${s} → mongodb`).toBe(true);
          expect(allowed(policies, appPod(s), mongo, 2113), `${s} → mongodb wrong port`).toBe(false);
        }
        for (const [engine, port] of [
          [kafkaBroker, 9092],
          [esdb, 2113],
          [mongo, 27017],
        ] as const)
          expect(allowed(policies, appPod('gateway'), engine, port)).toBe(false);
        // engines never call the apps
        for (const s of services) expect(allowed(policies, mongo, appPod(s), defaultPorts[s])).toBe(false);
      });

      it("let KEDA's operator read consumer-group lag from the brokers and reach nothing else", () => {
        const keda = pod({ 'app.kubernetes.io/name': 'keda-operator' }, 'keda');
        expect(allowed(policies, keda, kafkaBroker, 9092)).toBe(true);
        expect(allowed(policies, keda, kafkaBroker, 9091)).toBe(false);
        expect(allowed(policies, keda, esdb, 2113)).toBe(false);
        expect(allowed(policies, keda, mongo, 27017)).toBe(false);
        for (const app of apps) expect(allowed(policies, keda, appPod(app), defaultPorts[app])).toBe(false);
        expect(allowed(policies, pod({ 'app.kubernetes.io/name': 'keda-operator' }), kafkaBroker, 9092)).toBe(
          false,
        );
      });

      it("admit Prometheus to every app's metrics port and to nothing else; nobody else reaches that port", () => {
        const prometheus = pod({ 'app.kubernetes.io/name': 'prometheus' }, 'monitoring');
        for (const app of apps) {
          expect(allowed(policies, prometheus, appPod(app), 9464), `prometheus → ${app}`).toBe(true);
          expect(
            allowed(policies, prometheus, appPod(app), defaultPorts[app]),
            `prometheus → ${app} app port`,
          ).toBe(false);
          expect(allowed(policies, ingressController, appPod(app), 9464), `ingress → ${app} metrics`).toBe(
            false,
          );
          for (const other of apps)
            if (other !== app) expect(allowed(policies, appPod(other), appPod(app), 9464)).toBe(false);
        }
        expect(
          allowed(policies, pod({ 'app.kubernetes.io/name': 'prometheus' }), appPod('gateway'), 9464),
        ).toBe(false);
        expect(allowed(policies, prometheus, esdb, 2113)).toBe(false);
      });

      it('let every app send traces to the OpenTelemetry collector on 4318, and nothing more', () => {
        const collector = pod({ 'app.kubernetes.io/name': 'opentelemetry-collector' }, 'monitoring');
        for (const app of apps) {
          expect(allowed(policies, appPod(app), collector, 4318), `${app} → collector`).toBe(true);
          expect(allowed(policies, appPod(app), collector, 4317), `${app} → collector gRPC`).toBe(false);
          expect(allowed(policies, collector, appPod(app), defaultPorts[app]), `collector → ${app}`).toBe(
            false,
          );
        }
        const elsewhere = pod({ 'app.kubernetes.io/name': 'opentelemetry-collector' });
        expect(allowed(policies, appPod('gateway'), elsewhere, 4318)).toBe(false);
        for (const engine of [esdb, mongo, kafkaBroker])
          expect(allowed(policies, engine, collector, 4318)).toBe(false);
      });

      it('let engine peers replicate and the MongoDB init job reach the members', () => {
        expect(allowed(policies, esdb, esdb, 1112)).toBe(true);
        expect(allowed(policies, mongo, mongo, 27017)).toBe(true);
        expect(allowed(policies, kafkaBroker, kafkaBroker, 9091)).toBe(true);
        const init = pod(find<Job>(objects, 'Job', 'mongodb-rs-init').spec!.template.metadata!.labels!);
        expect(allowed(policies, init, mongo, 27017)).toBe(true);
        expect(allowed(policies, init, esdb, 2113)).toBe(false);
      });
    });
  });
}
