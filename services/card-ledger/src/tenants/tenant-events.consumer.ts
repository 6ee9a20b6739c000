import {
  ClientAccountLinkedData,
  ClientEnrolledData,
  ClientPhoneChangedData,
  ClientRemovedData,
  EmployeeInvitedData,
  EmployeeUpdatedData,
  ProgramDefinedData,
  ProgramDeletedData,
  ServiceDefinedData,
  ServiceDeletedData,
  TenantCreatedData,
  TenantDeletedData,
  TenantLogoChangedData,
  TenantUpdatedData,
} from '@punkto/contracts/integration-events';
import { Topics } from '@punkto/contracts/topics';
import type { EventMetadata } from '@punkto/platform/event-store/event-store.port';
import { eventConsumer, payloadParser, type ConsumerContext } from '@punkto/platform/runtime/event-consumer';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import { z } from 'zod';
import { closeCard, closeCardsOf, issueCard, type IssuingDeps } from '../cards/card-issuing';
import { cardIdFor, type CardLedger } from '../cards/card-ledger';

/** the event types below; others on these topics are skipped before the inbox (nothing to remember) */
const HandledType = z.enum([
  'ProgramDefined',
  'ProgramDeleted',
  'ServiceDefined',
  'ServiceDeleted',
  'ClientEnrolled',
  'ClientAccountLinked',
  'ClientPhoneChanged',
  'ClientRemoved',
  'TenantCreated',
  'TenantUpdated',
  'TenantLogoChanged',
  'TenantDeleted',
  'EmployeeInvited',
  'EmployeeUpdated',
]);

const Envelope = z.object({
  id: z.string(),
  type: HandledType,
  correlationId: z.string().optional(),
  data: z.unknown(),
});

/**
 * What the card ledger learns from the tenant service (event-carried state transfer):
 *
 * - tenant.programs.v1  ProgramDefined → local copy of the rules (newest version wins);
 *                       ProgramDeleted → copy marked deleted, the program's cards closed;
 * - tenant.services.v1  ServiceDefined / ServiceDeleted → catalogue copy (fixed points per service);
 * - tenant.clients.v1   ClientEnrolled (with userId) / ClientAccountLinked → the card is issued (one per
 *                       client); ClientPhoneChanged → the contact copy's phone (staff search by it);
 *                       ClientRemoved → the card closed, the contact data erased;
 * - tenant.tenants.v1   TenantCreated / TenantUpdated → company name and colours (and the owner, named in
 *                       the staff's history); TenantLogoChanged → logo; TenantDeleted → every card closed;
 * - tenant.employees.v1 EmployeeInvited / EmployeeUpdated → the names the staff's history shows.
 *
 * Idempotent throughout (versions, one card per client, closing twice decides nothing), so redeliveries
 * are harmless (and the inbox skips them). Domain refusals are logged, not retried; anything else is thrown
 * and redelivered.
 */
export function tenantEventsConsumer(
  cards: IssuingDeps & Pick<CardLedger, 'catalogue'>,
  context: ConsumerContext,
): ConsumerSpec {
  const { logger } = context;
  const { programs, catalogue, copies } = cards;
  return eventConsumer({
    groupId: 'card-ledger.tenant-events',
    topics: [
      Topics.tenantPrograms,
      Topics.tenantServices,
      Topics.tenantClients,
      Topics.tenantTenants,
      Topics.tenantEmployees,
    ],
    schema: Envelope,
    ...context,
    handle: async (envelope) => {
      const { id, type } = envelope;
      const metadata: EventMetadata = { correlationId: envelope.correlationId ?? id, causationId: id };
      const parse = payloadParser(logger, envelope);
      switch (type) {
        case 'ProgramDefined': {
          const program = parse(ProgramDefinedData);
          if (program) await programs.define(program.programId, program);
          return;
        }
        case 'ProgramDeleted': {
          const deleted = parse(ProgramDeletedData);
          if (!deleted) return;
          await programs.markDeleted(deleted.programId, deleted.tenantId);
          await closeCardsOf(
            cards,
            { programId: deleted.programId },
            deleted.tenantId,
            'program_deleted',
            metadata,
          );
          return;
        }
        case 'ServiceDefined': {
          const defined = parse(ServiceDefinedData);
          if (defined) await catalogue.define(defined.serviceId, defined);
          return;
        }
        case 'ServiceDeleted': {
          const deleted = parse(ServiceDeletedData);
          if (deleted) await catalogue.markDeleted(deleted.serviceId, deleted.tenantId);
          return;
        }
        case 'ClientEnrolled': {
          const enrolled = parse(ClientEnrolledData);
          const client = enrolled && (await copies.enrolled(enrolled));
          if (client?.userId)
            await issueCard(
              cards,
              {
                clientId: client._id,
                tenantId: client.tenantId,
                programId: client.programId,
                userId: client.userId,
              },
              metadata,
            );
          return;
        }
        case 'ClientAccountLinked': {
          const linked = parse(ClientAccountLinkedData);
          const client = linked && (await copies.linked(linked));
          if (linked && client)
            await issueCard(
              cards,
              {
                clientId: linked.clientId,
                tenantId: linked.tenantId,
                programId: linked.programId,
                userId: linked.userId,
              },
              metadata,
            );
          return;
        }
        case 'ClientPhoneChanged': {
          const changed = parse(ClientPhoneChangedData);
          if (changed) await copies.phoneChanged(changed);
          return;
        }
        case 'ClientRemoved': {
          const removed = parse(ClientRemovedData);
          if (!removed) return;
          await copies.removed(removed);
          await closeCard(cards, cardIdFor(removed.clientId), removed.tenantId, 'client_removed', metadata);
          return;
        }
        case 'TenantCreated': {
          const created = parse(TenantCreatedData);
          if (!created) return;
          await copies.companyRenamed(created.tenantId, created.companyName);
          await copies.ownerKnown(created.tenantId, created.ownerId);
          return;
        }
        case 'EmployeeInvited':
        case 'EmployeeUpdated': {
          const named = parse(type === 'EmployeeInvited' ? EmployeeInvitedData : EmployeeUpdatedData);
          if (named) await copies.employeeNamed(named.tenantId, named.employeeId, named.name);
          return;
        }
        case 'TenantUpdated': {
          const updated = parse(TenantUpdatedData);
          if (updated?.changes.companyName)
            await copies.companyRenamed(updated.tenantId, updated.changes.companyName);
          if (updated?.changes.branding)
            await copies.brandingChanged(updated.tenantId, updated.changes.branding);
          return;
        }
        case 'TenantLogoChanged': {
          const logo = parse(TenantLogoChangedData);
          if (logo) await copies.logoChanged(logo.tenantId, logo.logo.renditions['logo@2x'] ?? logo.logo.url);
          return;
        }
        case 'TenantDeleted': {
          const deleted = parse(TenantDeletedData);
          if (!deleted) return;
          await copies.tenantDeleted(deleted.tenantId);
          await closeCardsOf(
            cards,
            { tenantId: deleted.tenantId },
            deleted.tenantId,
            'tenant_deleted',
            metadata,
          );
          return;
        }
      }
    },
  });
}
