import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics of one process (ARCHITECTURE §7, ADR 0019): one registry per process with the default
 * Node.js process metrics, every name prefixed `punkto_`, every series labelled with the `service`.
 *
 * The runtime feeds it without per-service code: HTTP (http-metrics.ts, by route pattern), event-store
 * appends and the business facts they record (instrumented-event-store.ts), the relay, bus consumers
 * (messages by outcome; lag per group, computed at scrape time) and the scheduler's backlog. It is served on
 * its own listener (metrics-server.ts), never on the application port the gateway forwards to.
 */

/** Latency buckets in seconds, from a fast SQLite append to a slow upstream. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Relay delay buckets in seconds: normally sub-second, minutes when the bus was down. */
const DELAY_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 60, 300, 1800];

/** One consumer group's position behind the end of one topic partition. */
export interface ConsumerLag {
  topic: string;
  partition: number;
  /** messages published and not yet handled by the group */
  lag: number;
}

/** Something that can tell how far behind a consumer group is (the message bus). */
export type ConsumerLagSource = (groupId: string, topics: string[]) => Promise<ConsumerLag[]>;

/** How long one scrape reuses a lag reading (Kafka answers over the network). */
const LAG_CACHE_MS = 5_000;

export interface MetricsOptions {
  /** the Node.js process metrics (CPU, memory, event loop, GC); default true, tests may turn them off */
  processMetrics?: boolean;
  /** time source for the lag cache (tests) */
  now?: () => number;
}

export type Metrics = ReturnType<typeof createMetrics>;

type Registers = Registry[];

function httpMetrics(registers: Registers) {
  return {
    requests: new Counter({
      name: 'punkto_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status class',
      labelNames: ['method', 'route', 'status_class'] as const,
      registers,
    }),
    errors: new Counter({
      name: 'punkto_http_errors_total',
      help: 'HTTP requests answered with a 5xx status, by method and route pattern',
      labelNames: ['method', 'route'] as const,
      registers,
    }),
    duration: new Histogram({
      name: 'punkto_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status class',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
  };
}

function eventStoreMetrics(registers: Registers) {
  return {
    appendDuration: new Histogram({
      name: 'punkto_event_store_append_duration_seconds',
      help: 'Time to append to an event stream, by outcome (ok, conflict, error)',
      labelNames: ['outcome'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    eventsAppended: new Counter({
      name: 'punkto_events_appended_total',
      help: 'Domain events appended to the event store, by event type',
      labelNames: ['type'] as const,
      registers,
    }),
  };
}

function relayMetrics(registers: Registers, now: () => number) {
  const relayPublished = new Counter({
    name: 'punkto_relay_published_total',
    help: 'Events the relay published to the bus, by topic',
    labelNames: ['topic'] as const,
    registers,
  });
  const relayDelay = new Histogram({
    name: 'punkto_relay_delay_seconds',
    help: 'Time between an event being recorded and the relay publishing it',
    buckets: DELAY_BUCKETS,
    registers,
  });
  const relayLag = new Gauge({
    name: 'punkto_relay_lag_seconds',
    help: 'Age of the event the relay published last, at the moment it published it',
    registers,
  });
  const relayFailures = new Counter({
    name: 'punkto_relay_failures_total',
    help: 'Times the relay failed and restarted from its checkpoint',
    registers,
  });
  return {
    published(topic: string, recordedAt: string) {
      const delay = Math.max(0, (now() - Date.parse(recordedAt)) / 1000);
      relayPublished.inc({ topic });
      relayDelay.observe(delay);
      relayLag.set(delay);
    },
    failed() {
      relayFailures.inc();
    },
  };
}

function busMetrics(registers: Registers, now: () => number) {
  const messages = new Counter({
    name: 'punkto_bus_messages_total',
    help: 'Bus messages by consumer group, topic and outcome (handled, failed attempt, dead_lettered)',
    labelNames: ['group', 'topic', 'outcome'] as const,
    registers,
  });
  // consumer lag is read from the bus when Prometheus scrapes, not on every message
  const lagWatches = new Map<string, { topics: string[]; source: ConsumerLagSource }>();
  let lagCache: { at: number; readings: Array<{ group: string } & ConsumerLag> } | undefined;
  new Gauge({
    name: 'punkto_bus_consumer_lag',
    help: 'Messages published to a topic partition and not yet handled by the consumer group',
    labelNames: ['group', 'topic', 'partition'] as const,
    registers,
    async collect() {
      if (!lagCache || now() - lagCache.at >= LAG_CACHE_MS) {
        const readings: Array<{ group: string } & ConsumerLag> = [];
        for (const [group, { topics, source }] of lagWatches) {
          // a bus that cannot answer now leaves the group out of this scrape rather than failing it
          const lags = await source(group, topics).catch(() => []);
          for (const lag of lags) readings.push({ group, ...lag });
        }
        lagCache = { at: now(), readings };
      }
      this.reset();
      for (const { group, topic, partition, lag } of lagCache.readings) {
        this.set({ group, topic, partition: String(partition) }, lag);
      }
    },
  });
  return {
    messages,
    /** reports the group's lag on every scrape (one registration per group) */
    watchConsumerLag(group: string, topics: string[], source: ConsumerLagSource) {
      lagWatches.set(group, { topics, source });
      lagCache = undefined;
    },
  };
}

function schedulerMetrics(registers: Registers) {
  let backlogSource: (() => Promise<number>) | undefined;
  new Gauge({
    name: 'punkto_scheduler_backlog',
    help: 'Scheduled jobs that are due and not yet run',
    registers,
    async collect() {
      // a store that cannot answer reads as unknown (NaN) in this scrape: a 0 would read as "nothing waiting"
      if (backlogSource) this.set(await backlogSource().catch(() => NaN));
    },
  });
  return {
    watchBacklog(source: () => Promise<number>) {
      backlogSource = source;
    },
  };
}

export function createMetrics(service: string, options: MetricsOptions = {}) {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry, prefix: 'punkto_' });
  const now = options.now ?? Date.now;
  const registers = [registry];
  // registered in this order, which is the order of the exposition
  const http = httpMetrics(registers);
  const eventStore = eventStoreMetrics(registers);
  const relay = relayMetrics(registers, now);
  const bus = busMetrics(registers, now);
  const scheduler = schedulerMetrics(registers);
  const passPushes = new Counter({
    name: 'punkto_pass_pushes_total',
    help: 'Wallet pass update pushes, by platform (apple, google) and outcome',
    labelNames: ['platform', 'outcome'] as const,
    registers,
  });
  const businessEvents = new Counter({
    name: 'punkto_business_events_total',
    help: 'Business facts recorded: awards (points, stamps), redemptions, corrections, enrolments',
    labelNames: ['fact', 'kind'] as const,
    registers,
  });
  return {
    registry,
    /** the exposition text and its content type (text format 0.0.4) */
    async exposition(): Promise<{ contentType: string; body: string }> {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    http,
    eventStore,
    relay,
    bus,
    scheduler,
    passPushes,
    business: {
      recorded(fact: BusinessFact, kind = '') {
        businessEvents.inc({ fact, kind });
      },
    },
  };
}

export type BusinessFact = 'award' | 'redemption' | 'correction' | 'enrolment';

/**
 * The event types that record a business fact, across services (the event store decorator counts them as
 * they are appended, so no service adds metric calls to its deciders). Keys are event types as stored.
 */
export const BUSINESS_EVENTS: Record<string, { fact: BusinessFact; kind?: string }> = {
  PointsEarned: { fact: 'award', kind: 'points' },
  StampsAdded: { fact: 'award', kind: 'stamps' },
  RewardRedeemed: { fact: 'redemption' },
  AwardVoided: { fact: 'correction', kind: 'award' },
  RedemptionVoided: { fact: 'correction', kind: 'redemption' },
  BalanceAdjusted: { fact: 'correction', kind: 'adjustment' },
  ClientEnrolled: { fact: 'enrolment' },
};

/** `2xx`, `4xx`, … */
export const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;
