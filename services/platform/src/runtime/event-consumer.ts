import { z } from 'zod';
import { isDomainRefusal } from '../errors/errors';
import type { Logger } from '../observability/logger';
import type { DocumentStore } from '../documents/document-store.port';
import { inbox, type Inbox } from './inbox';
import type { ConsumerSpec } from './run-service';

/** What an event consumer needs of the envelope: its type and id (the inbox key, and for the logs). */
export interface ConsumedEvent {
  type: string;
  id: string;
}

/** What every consumer gets from its service: the logger and the service's inbox of handled events. */
export interface ConsumerContext {
  logger: Logger;
  inbox: Inbox;
}

/** The consumer context of a service, from its deps (the inbox lives in the service's document store). */
export const consumerContext = (deps: {
  logger: Logger;
  infra: { documents: DocumentStore };
  clock: () => Date;
}): ConsumerContext => ({ logger: deps.logger, inbox: inbox(deps.infra.documents, deps.clock) });

/**
 * The envelope of the events of these types, their payload left to {@link payloadParser} (for consumers that take
 * several event types from one schema).
 */
export const eventEnvelope = <const T extends readonly [string, ...string[]]>(types: T) =>
  z.object({ id: z.string(), type: z.enum(types), data: z.unknown() });

/**
 * A reader of one event's payload for consumers that take several event types from one envelope schema:
 * `parse(Schema)` gives the payload, or null after logging it as not understood (a redelivery would not help,
 * so the event is skipped rather than retried).
 */
export function payloadParser(logger: Logger, event: ConsumedEvent & { data: unknown }) {
  return <S extends z.ZodType>(schema: S): z.infer<S> | null => {
    const parsed = schema.safeParse(event.data);
    if (!parsed.success)
      logger.warn(
        { eventId: event.id, type: event.type, issues: parsed.error.issues },
        'event payload not understood; skipped',
      );
    return parsed.success ? parsed.data : null;
  };
}

/**
 * THE bus consumer of every service (docs/how-a-service-is-built.md, "Consumers"):
 * - a message whose value `schema` does not accept (an event type, or a payload, this consumer does not use)
 *   is skipped;
 * - an event this group handled before (the service's inbox, by event id) is skipped: redeliveries do no
 *   work twice;
 * - `handle` runs for the rest. The error's class decides what happens next: a domain refusal
 *   (isDomainRefusal: an AppError below 500 other than a lost race) is logged and the event is done, since a
 *   redelivery would be refused again; anything else (ConcurrencyError, infrastructure) is thrown, so the bus
 *   retries it with back-off and finally dead-letters it.
 *
 * `idempotent: true` is for a handler whose every write is deduplicated by itself (commands whose aggregates
 * remember the ids they took, documents inserted once): the inbox is then neither read nor written, a read and a
 * group-committed write per event saved — what a consumer that does nothing for most events pays for nothing.
 */
export function eventConsumer<E extends ConsumedEvent>(
  options: ConsumerContext & {
    groupId: string;
    topics: string[];
    schema: z.ZodType<E>;
    handle: (event: E) => Promise<void>;
    /** `handle` is idempotent by itself: no inbox (see above) */
    idempotent?: boolean;
  },
): ConsumerSpec {
  const { groupId, topics, schema, logger, inbox, handle } = options;
  const remembers = !options.idempotent;
  return {
    groupId,
    topics,
    handler: async (message) => {
      const parsed = schema.safeParse(message.value);
      if (!parsed.success) return;
      const event = parsed.data;
      if (remembers && (await inbox.handled(groupId, event.id))) {
        logger.debug({ eventId: event.id, type: event.type, groupId }, 'event handled before; skipped');
        return;
      }
      try {
        await handle(event);
      } catch (error) {
        if (!isDomainRefusal(error)) throw error;
        logger.warn({ code: error.code, eventId: event.id, type: event.type }, `${event.type} not applied`);
      }
      if (remembers) await inbox.record(groupId, event.id);
    },
  };
}
