import { UserDeletedData } from '@punkto/contracts/integration-events';
import { Topics } from '@punkto/contracts/topics';
import { eventConsumer, payloadParser, type ConsumerContext } from '@punkto/platform/runtime/event-consumer';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import { z } from 'zod';
import type { BirthdayStore } from './birthday-store';

const Envelope = z.object({ id: z.string(), type: z.string(), data: z.unknown() });

/**
 * identity.users.v1 UserDeleted → the person's birthday is deleted (erasure, ADR 0046 / 0058). The birthday is
 * the only thing the card ledger keeps per account rather than per card: the cards themselves are closed by the
 * tenant's ClientRemoved. Idempotent: deleting twice deletes nothing the second time.
 */
export function identityEventsConsumer(birthdays: BirthdayStore, context: ConsumerContext): ConsumerSpec {
  return eventConsumer({
    groupId: 'card-ledger.identity-events',
    topics: [Topics.identityUsers],
    schema: Envelope,
    ...context,
    handle: async (envelope) => {
      if (envelope.type !== 'UserDeleted') return;
      const deleted = payloadParser(context.logger, envelope)(UserDeletedData);
      if (deleted) await birthdays.forget(deleted.userId);
    },
  });
}
