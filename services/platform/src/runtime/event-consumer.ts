import type { z } from 'zod';
import { isDomainRefusal } from '../errors/errors';
import type { Logger } from '../observability/logger';
import type { ConsumerSpec } from './run-service';

/** What an event consumer needs of the envelope: its type (and id, for the logs). */
export interface ConsumedEvent {
  type: string;
  id?: string;
}

/**
 * A bus consumer of integration events. A message whose value `schema` does not accept (an event type, or
 * a payload, this consumer does not use) is skipped; `handle` runs for the rest. A domain refusal
 * (isDomainRefusal) is logged and the message is done; anything else is thrown, so the bus retries it and
 * finally dead-letters it.
 */
export function eventConsumer<E extends ConsumedEvent>(options: {
  groupId: string;
  topics: string[];
  schema: z.ZodType<E>;
  logger: Logger;
  handle: (event: E) => Promise<void>;
}): ConsumerSpec {
  const { groupId, topics, schema, logger, handle } = options;
  return {
    groupId,
    topics,
    handler: async (message) => {
      const parsed = schema.safeParse(message.value);
      if (!parsed.success) return;
      const event = parsed.data;
      try {
        await handle(event);
      } catch (error) {
        if (!isDomainRefusal(error)) throw error;
        logger.warn({ code: error.code, eventId: event.id, type: event.type }, `${event.type} not applied`);
      }
    },
  };
}
