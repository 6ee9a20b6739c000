import { z } from 'zod';

/**
 * The integration-event envelope (ARCHITECTURE §3). Every event a service publishes travels in it;
 * `data` is the versioned payload whose schema belongs to the event type.
 */
export const EventEnvelope = z
  .object({
    id: z.uuid().describe('UUIDv7; consumers dedupe by it'),
    type: z
      .string()
      .regex(/^[A-Z][A-Za-z0-9]+$/)
      .describe('Past tense, e.g. PointsEarned'),
    schemaVersion: z.number().int().positive(),
    occurredAt: z.iso.datetime({ offset: true }),
    tenantId: z.string().nullable(),
    aggregateId: z.string().min(1),
    correlationId: z.string().min(1),
    causationId: z.string().nullable(),
    traceparent: z.string().nullable().describe('W3C traceparent of the request that caused the event'),
    data: z.unknown(),
  })
  .meta({ id: 'EventEnvelope' });
export type EventEnvelope<TData = unknown> = Omit<z.infer<typeof EventEnvelope>, 'data'> & { data: TData };

/** Stream ids are `<category>-<id>`; the category never contains `-`. */
export function toStreamId(category: string, id: string): string {
  if (category.includes('-')) throw new Error(`Stream category must not contain '-': ${category}`);
  return `${category}-${id}`;
}
