import {
  Kafka,
  logLevel as KafkaLogLevel,
  Partitioners,
  type Admin,
  type LogEntry,
  type Producer,
} from 'kafkajs';
import { deadLetterTopic } from '@punkto/contracts/topics';
import type {
  Consumer,
  ConsumerLag,
  IncomingMessage,
  MessageBus,
  OutgoingMessage,
  SubscribeOptions,
  TopicMessages,
} from './message-bus.port';
import { KafkaBusConsumer } from './kafka-bus-consumer';
import { deleteHandledRecords, uncommittedStarts } from './kafka-retention';

/**
 * Message bus on Apache Kafka (kafkajs 2.x, classic consumer-group protocol; Kafka 3.9.x is the tested
 * broker).
 *
 * - Producer: idempotent (acks=all, one request in flight, so retries neither duplicate nor reorder);
 *   key = message key (the default murmur2 partitioner keeps one key on one partition: order per key);
 *   value = JSON; headers are strings.
 * - Topics are created on demand with `partitions` partitions (admin API) before the first publish or
 *   subscribe, including `<topic>.dlq`; brokers may keep `auto.create.topics.enable=false`.
 * - Consumers: one kafkajs consumer per `subscribe()`, `autoCommit: false`. Each message is handled with
 *   in-process retries and exponential back-off; its offset is committed only after the handler resolved,
 *   or after the message was published to `<topic>.dlq` (same headers as the SQLite bus:
 *   x-original-topic / -partition / -offset, x-error). A crash between the dead-letter publish and the
 *   commit can duplicate a dead letter (at-least-once), unlike the SQLite bus, which does both in one
 *   transaction.
 * - `fromBeginning: false` for a group without committed offsets: the group's offsets are committed at the
 *   current end of each partition BEFORE the consumer starts, so "latest" means "from subscribe()" even if
 *   the first group join is slow (as the SQLite bus does). Reading from the beginning, a consumer commits the
 *   log start of each assigned partition its group never committed on as it joins (`uncommittedStarts`), so
 *   retention keeps what the group has not handled even while it is down.
 * - Offsets in IncomingMessage are Kafka's own (per partition, decimal strings).
 * - Retention (ADR 0046): the topics this bus published to lose, every `retentionIntervalMs`, the records every
 *   group reading them has handled, `consumedRetentionMs` after they were written (kafka-retention.ts); the
 *   topic's `retention.ms` bounds the rest.
 */

export interface KafkaMessageBusOptions {
  brokers: string[];
  clientId?: string;
  /** partitions of topics created on demand; default 3 */
  partitions?: number;
  /** replication factor of topics created on demand; default: the broker's default (-1) */
  replicationFactor?: number;
  /** consumer session timeout; a SIGKILLed member holds its partitions this long. Default 10 s */
  sessionTimeoutMs?: number;
  /** longest a fetch waits for new data (latency vs. request rate); default 100 ms */
  maxWaitTimeMs?: number;
  logger?: { warn(obj: object, msg: string): void; error?(obj: object, msg: string): void };
  /** how long a record every group handled stays; default 60 s (processes of one deployment start apart) */
  consumedRetentionMs?: number;
  /** how often handled records are deleted; default 30 s (0: never, the tests call `applyRetention`) */
  retentionIntervalMs?: number;
}

const MAX_ERROR_HEADER_LENGTH = 500;

export class KafkaMessageBus implements MessageBus {
  readonly system = 'kafka';
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private readonly admin: Admin;
  private readonly knownTopics = new Set<string>();
  private readonly consumers = new Set<KafkaBusConsumer>();
  private readonly publishedTopics = new Set<string>();
  private retentionTimer: NodeJS.Timeout | null = null;
  private retentionRun: Promise<number> | null = null;
  private closed = false;

  private constructor(
    private readonly options: Required<Omit<KafkaMessageBusOptions, 'logger'>> &
      Pick<KafkaMessageBusOptions, 'logger'>,
  ) {
    const logger = options.logger;
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: KafkaLogLevel.WARN,
      logCreator:
        () =>
        ({ level, log }: LogEntry) => {
          const { message, ...rest } = log;
          if (level <= KafkaLogLevel.ERROR)
            (logger?.error ?? logger?.warn)?.call(logger, rest, `kafka: ${message}`);
          else if (level === KafkaLogLevel.WARN) logger?.warn(rest, `kafka: ${message}`);
        },
      retry: { retries: 8, initialRetryTime: 100, maxRetryTime: 5_000 },
    });
    this.producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      createPartitioner: Partitioners.DefaultPartitioner,
      allowAutoTopicCreation: false,
    });
    this.admin = this.kafka.admin();
  }

  /** Connects the producer and the admin client; fails when no broker answers. */
  static async open(options: KafkaMessageBusOptions): Promise<KafkaMessageBus> {
    if (options.brokers.length === 0) throw new Error('KafkaMessageBus needs at least one broker');
    const bus = new KafkaMessageBus({
      clientId: options.clientId ?? 'punkto',
      partitions: options.partitions ?? 3,
      replicationFactor: options.replicationFactor ?? -1,
      sessionTimeoutMs: options.sessionTimeoutMs ?? 10_000,
      maxWaitTimeMs: options.maxWaitTimeMs ?? 100,
      brokers: options.brokers,
      logger: options.logger,
      consumedRetentionMs: options.consumedRetentionMs ?? 60_000,
      retentionIntervalMs: options.retentionIntervalMs ?? 30_000,
    });
    await bus.admin.connect();
    await bus.producer.connect();
    const every = bus.options.retentionIntervalMs;
    if (every > 0) bus.retentionTimer = setInterval(() => void bus.retentionTick(), every).unref();
    return bus;
  }

  private async retentionTick(): Promise<void> {
    try {
      await this.applyRetention();
    } catch (error) {
      this.warn({ err: error }, 'bus retention failed; retrying at the next tick');
    }
  }

  /**
   * Deletes the records of the topics this bus published to that every group reading them has handled and
   * that are older than `consumedRetentionMs`; returns how many went. One run at a time.
   */
  async applyRetention(now = new Date()): Promise<number> {
    if (this.closed || this.publishedTopics.size === 0) return 0;
    this.retentionRun ??= deleteHandledRecords(
      this.admin,
      [...this.publishedTopics],
      this.options.consumedRetentionMs,
      now,
    ).finally(() => (this.retentionRun = null));
    return this.retentionRun;
  }

  async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    if (this.closed) throw new Error('KafkaMessageBus is closed');
    if (messages.length === 0) return;
    await this.ensureTopics([topic]);
    this.publishedTopics.add(topic);
    await this.producer.send({
      topic,
      acks: -1,
      messages: messages.map((m) => ({
        key: m.key,
        value: JSON.stringify(m.value ?? null),
        headers: { ...(m.headers ?? {}) },
      })),
    });
  }

  /** One `sendBatch`: each partition's messages in one produce request, in order. */
  async publishBatch(batch: TopicMessages[]): Promise<void> {
    if (this.closed) throw new Error('KafkaMessageBus is closed');
    const topicMessages = batch.filter((b) => b.messages.length > 0);
    if (topicMessages.length === 0) return;
    const topics = [...new Set(topicMessages.map((b) => b.topic))];
    await this.ensureTopics(topics);
    for (const topic of topics) this.publishedTopics.add(topic);
    await this.producer.sendBatch({
      acks: -1,
      topicMessages: topicMessages.map(({ topic, messages }) => ({
        topic,
        messages: messages.map((m) => ({
          key: m.key,
          value: JSON.stringify(m.value ?? null),
          headers: { ...(m.headers ?? {}) },
        })),
      })),
    });
  }

  async subscribe(options: SubscribeOptions): Promise<Consumer> {
    if (this.closed) throw new Error('KafkaMessageBus is closed');
    const { groupId, topics } = options;
    await this.ensureTopics(topics);
    if (options.fromBeginning === false) await this.commitEndOffsetsForNewGroup(groupId, topics);

    const kafkaConsumer = this.kafka.consumer({
      groupId,
      sessionTimeout: this.options.sessionTimeoutMs,
      heartbeatInterval: Math.max(500, Math.floor(this.options.sessionTimeoutMs / 10)),
      maxWaitTimeInMs: this.options.maxWaitTimeMs,
      allowAutoTopicCreation: false,
      retry: { retries: 10 },
    });
    const consumer = new KafkaBusConsumer(this, kafkaConsumer, options, () =>
      this.consumers.delete(consumer),
    );
    this.consumers.add(consumer);
    try {
      await consumer.start();
    } catch (error) {
      await consumer.stop().catch(() => {});
      throw error;
    }
    return consumer;
  }

  /**
   * The group's committed offset (the next one it reads) against each partition's end, via the admin API;
   * a partition the group never committed counts from the partition's low watermark (everything retained).
   * Topics that do not exist yet have no partitions and so no lag.
   */
  async consumerLag(groupId: string, topics: string[]): Promise<ConsumerLag[]> {
    if (this.closed) throw new Error('KafkaMessageBus is closed');
    const existing = new Set(await this.admin.listTopics());
    const present = topics.filter((t) => existing.has(t));
    if (present.length === 0) return [];
    const committed = await this.admin.fetchOffsets({ groupId, topics: present });
    const lags: ConsumerLag[] = [];
    for (const { topic, partitions } of committed) {
      const ends = await this.admin.fetchTopicOffsets(topic);
      for (const end of ends) {
        const offset = Number(partitions.find((p) => p.partition === end.partition)?.offset ?? '-1');
        const from = offset < 0 ? Number(end.low) : offset;
        lags.push({ topic, partition: end.partition, lag: Math.max(0, Number(end.high) - from) });
      }
    }
    return lags;
  }

  /** Stops every consumer (waiting for in-flight handlers), then disconnects. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.retentionTimer) clearInterval(this.retentionTimer);
    await this.retentionRun?.catch(() => 0);
    await Promise.all([...this.consumers].map((c) => c.stop()));
    await this.producer.disconnect();
    await this.admin.disconnect();
  }

  // ---- used by KafkaBusConsumer ----

  warn(obj: object, msg: string): void {
    this.options.logger?.warn(obj, msg);
  }

  /** Publishes the dead letter (durably) before the caller commits the failed offset. */
  async deadLetter(message: IncomingMessage, error: unknown): Promise<void> {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_HEADER_LENGTH);
    await this.publish(deadLetterTopic(message.topic), [
      {
        key: message.key,
        value: message.value,
        headers: {
          ...message.headers,
          'x-original-topic': message.topic,
          'x-original-partition': String(message.partition),
          'x-original-offset': message.offset,
          'x-error': reason,
        },
      },
    ]);
  }

  /** Creates missing topics with the configured partitions; tolerant of concurrent creators. */
  async ensureTopics(topics: string[]): Promise<void> {
    const missing = topics.filter((t) => !this.knownTopics.has(t));
    if (missing.length === 0) return;
    try {
      await this.createMissing(missing);
    } catch (error) {
      // Another process created it between listTopics and createTopics, or is creating it right now:
      // kafkajs waits for leaders only on LEADER_NOT_AVAILABLE and gives up on the equally transient
      // UNKNOWN_TOPIC_OR_PARTITION that a topic being created by someone else answers for a moment.
      // Several services subscribe to the same topic at start-up (access revocations, ADR 0010), so this
      // race is routine; the metadata wait below settles it either way.
      const alreadyExists = /already exists/i.test(String((error as Error).message ?? error));
      if (!alreadyExists && !(error as { retriable?: boolean }).retriable) throw error;
    }
    await this.waitForTopicMetadata(missing);
    for (const t of missing) this.knownTopics.add(t);
  }

  /** Creates those of `topics` the cluster does not list (no-op for the rest). */
  private async createMissing(topics: string[]): Promise<void> {
    const existing = new Set(await this.admin.listTopics());
    const toCreate = topics.filter((t) => !existing.has(t));
    if (toCreate.length === 0) return;
    await this.admin.createTopics({
      waitForLeaders: true,
      topics: toCreate.map((topic) => ({
        topic,
        numPartitions: this.options.partitions,
        replicationFactor: this.options.replicationFactor,
      })),
    });
  }

  /**
   * A topic another process has just created may have no leader yet: metadata answers the retriable
   * UNKNOWN_TOPIC_OR_PARTITION for a moment. Wait for it (up to ~10 s) instead of failing the start-up.
   */
  private async waitForTopicMetadata(topics: string[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.admin.fetchTopicMetadata({ topics });
        return;
      } catch (error) {
        if (!(error as { retriable?: boolean }).retriable || attempt >= 40) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
        // still unknown after 2 s: the creation we gave up on may never have landed; ask again
        if (attempt % 8 === 0) await this.createMissing(topics).catch(() => {});
      }
    }
  }

  private async commitEndOffsetsForNewGroup(groupId: string, topics: string[]): Promise<void> {
    const committed = await this.admin.fetchOffsets({ groupId, topics });
    for (const { topic, partitions } of committed) {
      if (partitions.some((p) => p.offset !== '-1')) continue; // the group already has a position here
      const ends = await this.admin.fetchTopicOffsets(topic);
      await this.admin.setOffsets({
        groupId,
        topic,
        partitions: ends.map((p) => ({ partition: p.partition, offset: p.high })),
      });
    }
  }

  /** the log starts of `assigned` partitions its group never committed on (kafka-retention.ts) */
  uncommittedStarts(groupId: string, assigned: Record<string, number[]>) {
    return uncommittedStarts(this.admin, groupId, assigned);
  }
}
