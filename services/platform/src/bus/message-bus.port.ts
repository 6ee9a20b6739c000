/**
 * Message bus port: topics of keyed messages, consumer groups with committed offsets, at-least-once
 * delivery, order per key, retry with back-off then a dead-letter topic (`<topic>.dlq`).
 */

export interface OutgoingMessage {
  /** partition / ordering key: the aggregate id */
  key: string;
  /** JSON-serialisable value (the event envelope) */
  value: unknown;
  /** e.g. `event-type`, `traceparent`; string values only */
  headers?: Record<string, string>;
}

/** One topic's share of a `publishBatch`. */
export interface TopicMessages {
  topic: string;
  messages: OutgoingMessage[];
}

export interface IncomingMessage<TValue = unknown> {
  topic: string;
  partition: number;
  /** opaque, increasing per partition */
  offset: string;
  key: string;
  value: TValue;
  headers: Record<string, string>;
  /** 1 on first delivery, +1 on every redelivery by this consumer */
  attempt: number;
  /** ISO-8601 publish time */
  timestamp: string;
}

export interface RetryPolicy {
  /** total attempts including the first; default 5 */
  maxAttempts: number;
  /** default 100 ms, doubled each retry */
  initialBackoffMs: number;
  /** default 5000 ms */
  maxBackoffMs: number;
}

export interface SubscribeOptions {
  groupId: string;
  topics: string[];
  /**
   * Awaited per message. Resolving commits the offset. Throwing retries the same message with back-off;
   * after `retry.maxAttempts` failures the message is published to `<topic>.dlq` (headers: original topic,
   * partition, offset, `x-error`) and its offset is committed, so the group moves on.
   */
  handler: (message: IncomingMessage) => Promise<void>;
  retry?: Partial<RetryPolicy>;
  /** where a group with no committed offset starts: 'earliest' (default) or 'latest' */
  fromBeginning?: boolean;
}

export interface Consumer {
  /** stops after the in-flight message; resolves when no handler runs */
  stop(): Promise<void>;
}

/** How far a consumer group is behind the end of one topic partition (metrics, ADR 0019). */
export interface ConsumerLag {
  topic: string;
  partition: number;
  /** messages published to the partition and not yet committed by the group */
  lag: number;
}

export interface MessageBus {
  /** `messaging.system` of the OpenTelemetry messaging conventions on the relay's and consumers' spans */
  readonly system?: string;
  /** Durable once resolved. Messages of one call with the same key keep their order. */
  publish(topic: string, messages: OutgoingMessage[]): Promise<void>;
  /**
   * Several topics' messages in one call (the relay's batch): every message durable once resolved, and
   * messages with the same key on the same topic keep the order they have in `batch`. A failure may leave
   * some of them published (at-least-once: the caller publishes the batch again and consumers dedupe), never
   * a later message of a key without an earlier one of the same call. SQLite writes the batch in one
   * transaction (one fsync); Kafka sends it as one `sendBatch` (acks from all in-sync replicas).
   */
  publishBatch(batch: TopicMessages[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Consumer>;
  /**
   * The group's lag per partition of each topic (a topic nobody published to yet: lag 0); works whether or
   * not a consumer of the group is running, so a stopped consumer shows a growing lag.
   */
  consumerLag(groupId: string, topics: string[]): Promise<ConsumerLag[]>;
  /**
   * Retention (ADR 0046): deletes the messages (of the topics this bus published to) that every group reading
   * their topic has handled and that were published more than the adapter's grace before `now`; returns how
   * many went. Each adapter also runs it on its own timer; personal data carried plain (ADR 0006) leaves the
   * bus within seconds of being handled.
   */
  applyRetention(now?: Date): Promise<number>;
  close(): Promise<void>;
}
