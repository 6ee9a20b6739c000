import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import { documentPersonKeys, type PersonKeys } from '@punkto/platform/privacy/person-keys';
import { piiEventStore } from '@punkto/platform/privacy/pii-event-store';
import type { Infrastructure } from '@punkto/platform/runtime/infrastructure';
import { EMPLOYEE_PII_FIELDS, EMPLOYEE_STREAM_PREFIX } from '../employees/employee';
import { createEmployeeService } from '../employees/employee.service';
import { invitationLimits } from '../employees/invitation-limits';
import { CLIENT_PII_FIELDS, CLIENT_STREAM_PREFIX } from './client';
import { createClientService } from './client.service';

/**
 * The tenant service's view of its event store for people: `employee-<id>` (email, name) and `client-<id>`
 * (email, name, phone, an imported birthday) are sealed with a per-person key (the stream id's suffix) in the `person-keys`
 * collection of the tenant's document store; other streams pass through untouched. The services AND the
 * relay use this view, so the log holds ciphertext while the bus carries plain data (ADR 0006).
 */
export function tenantEventStore(
  infra: Pick<Infrastructure, 'eventStore' | 'documents'>,
  personKeys: PersonKeys = documentPersonKeys(infra.documents),
): EventStore {
  return piiEventStore(infra.eventStore, personKeys, [
    { streamPrefix: EMPLOYEE_STREAM_PREFIX, fields: EMPLOYEE_PII_FIELDS },
    { streamPrefix: CLIENT_STREAM_PREFIX, fields: CLIENT_PII_FIELDS },
  ]);
}

/** Employees and clients over the sealing view; `eventStore` is that view, for the relay too. */
export async function createStaffAndClients(deps: {
  infra: Pick<Infrastructure, 'eventStore' | 'documents'>;
  clock: () => Date;
  /** billing's active-customer limit of a tenant (subscription-lapse.ts), checked before an enrolment */
  customerLimitFor?: (tenantId: string) => Promise<number>;
  /** whether a tenant is in its trial (subscription-lapse.ts): its invitation e-mail cap is lower */
  isTrial?: (tenantId: string) => Promise<boolean>;
}) {
  const { clock } = deps;
  const personKeys = documentPersonKeys(deps.infra.documents, clock);
  const eventStore = tenantEventStore(deps.infra, personKeys);
  const [employees, clients] = await Promise.all([
    createEmployeeService({
      eventStore,
      documents: deps.infra.documents,
      personKeys,
      clock,
      invitationLimits: invitationLimits(deps.infra.documents, deps.isTrial ?? (async () => true)),
    }),
    createClientService({
      eventStore,
      documents: deps.infra.documents,
      personKeys,
      clock,
      ...(deps.customerLimitFor && { customerLimitFor: deps.customerLimitFor }),
    }),
  ]);
  return { employees, clients, eventStore };
}
