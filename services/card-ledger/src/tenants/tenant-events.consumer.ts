import { adoptImportedBirthday, grantForProgram, type BirthdayDeps } from '../birthdays/birthdays';
import { birthdayOfText } from '@punkto/contracts/birthdays';
import { phoneOnlyHolder } from '@punkto/contracts/clients';
import {
  ClientAccountLinkedData,
  ClientEmailGivenData,
  ClientEnrolledData,
  ClientPhoneChangedData,
  ClientRemovedData,
  ClientRenamedData,
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
import { linkCardHolder } from '../cards/card-holder';
import { closeCard, closeCardsOf, issueCard, type IssuingDeps } from '../cards/card-issuing';
import { cardIdFor, type CardLedger } from '../cards/card-ledger';
import type { ClientCopy } from './tenant-copies';

/** the event types below; others on these topics are skipped before the inbox (nothing to remember) */
const HandledType = z.enum([
  'ProgramDefined',
  'ProgramDeleted',
  'ServiceDefined',
  'ServiceDeleted',
  'ClientEnrolled',
  'ClientAccountLinked',
  'ClientPhoneChanged',
  'ClientRenamed',
  'ClientEmailGiven',
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
 * - tenant.clients.v1   ClientEnrolled (with userId, or a phone-only client: held by the client) /
 *                       ClientAccountLinked → the card is issued (one per client), or a phone-only client's
 *                       card moves to the account (CardHolderLinked, ADR 0056); ClientEmailGiven → the
 *                       contact copy's e-mail; ClientPhoneChanged / ClientRenamed → the contact copy's
 *                       phone and name (staff search by all three); an imported birthday becomes the
 *                       holder's once known, unless they gave one (ADR 0059);
 *                       ClientRemoved → the card closed, the contact data and its stored answers erased;
 * - tenant.tenants.v1   TenantCreated / TenantUpdated → company name and colours (and the owner, named in
 *                       the staff's history); TenantLogoChanged → logo; TenantDeleted → every card closed;
 * - tenant.employees.v1 EmployeeInvited / EmployeeUpdated → the names the staff's history shows.
 *
 * Idempotent throughout (versions, one card per client, closing twice decides nothing), so redeliveries
 * are harmless (and the inbox skips them). Domain refusals are logged, not retried; anything else is thrown
 * and redelivered.
 */
export function tenantEventsConsumer(cards: TenantEventDeps, context: ConsumerContext): ConsumerSpec {
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
      await handlers[type]({ cards, parse: payloadParser(context.logger, envelope), metadata });
    },
  });
}

type TenantEventDeps = IssuingDeps & Pick<CardLedger, 'catalogue' | 'keys'> & BirthdayDeps;

/** one delivered event: what its handler parses the payload with, and the metadata of the card events it causes */
interface Delivery {
  cards: TenantEventDeps;
  parse: ReturnType<typeof payloadParser>;
  metadata: EventMetadata;
}

const handlers: Record<z.infer<typeof HandledType>, (delivery: Delivery) => Promise<void>> = {
  ProgramDefined: programDefined,
  ProgramDeleted: programDeleted,
  ServiceDefined: serviceDefined,
  ServiceDeleted: serviceDeleted,
  ClientEnrolled: clientEnrolled,
  ClientAccountLinked: clientAccountLinked,
  ClientPhoneChanged: clientPhoneChanged,
  ClientRenamed: clientRenamed,
  ClientEmailGiven: clientEmailGiven,
  ClientRemoved: clientRemoved,
  TenantCreated: tenantCreated,
  TenantUpdated: tenantUpdated,
  TenantLogoChanged: tenantLogoChanged,
  TenantDeleted: tenantDeleted,
  EmployeeInvited: (delivery) => employeeNamed(delivery, EmployeeInvitedData),
  EmployeeUpdated: (delivery) => employeeNamed(delivery, EmployeeUpdatedData),
};

// ── tenant.programs.v1, tenant.services.v1 ──

async function programDefined({ cards, parse, metadata }: Delivery) {
  const program = parse(ProgramDefinedData);
  if (!program) return;
  const before = (await cards.programs.get(program.programId)).data;
  if (!(await cards.programs.define(program.programId, program))) return; // a redelivery or an older version
  // a birthday reward switched on or given another window reaches the customers whose window is on today at once
  // (ADR 0058); any other edit (the program's name, its rewards) opens no window, so no birthday is read for it
  if (program.birthdayReward && program.active && birthdayRewardChanged(before, program))
    await grantForProgram(cards, program.programId, metadata);
}

/** the program was inactive, had no birthday reward, or had another window before this definition */
function birthdayRewardChanged(before: ProgramDefinedData | null, after: ProgramDefinedData) {
  const [was, is] = [before?.birthdayReward, after.birthdayReward];
  return !before?.active || !was || !is || was.daysBefore !== is.daysBefore || was.daysAfter !== is.daysAfter;
}

async function programDeleted({ cards, parse, metadata }: Delivery) {
  const deleted = parse(ProgramDeletedData);
  if (!deleted) return;
  await cards.programs.markDeleted(deleted.programId, deleted.tenantId);
  await closeCardsOf(cards, { programId: deleted.programId }, deleted.tenantId, 'program_deleted', metadata);
}

async function serviceDefined({ cards, parse }: Delivery) {
  const defined = parse(ServiceDefinedData);
  if (defined) await cards.catalogue.define(defined.serviceId, defined);
}

async function serviceDeleted({ cards, parse }: Delivery) {
  const deleted = parse(ServiceDeletedData);
  if (deleted) await cards.catalogue.markDeleted(deleted.serviceId, deleted.tenantId);
}

// ── tenant.clients.v1 ──

async function clientEnrolled({ cards, parse, metadata }: Delivery) {
  const enrolled = parse(ClientEnrolledData);
  const client = enrolled && (await cards.copies.enrolled(enrolled));
  // a phone-only client (ADR 0056) gets the card at once, held by the client itself: no account will come
  const holder = client?.userId ?? (enrolled?.email === null && client ? phoneOnlyHolder(client._id) : null);
  if (!client || !holder) return;
  await issueCard(
    cards,
    { clientId: client._id, tenantId: client.tenantId, programId: client.programId, userId: holder },
    metadata,
  );
  await adoptBirthday(cards, client, holder, metadata);
}

/**
 * An imported client's birthday (ADR 0059) becomes the holder's — the account's, or a phone-only client's card
 * holder's — only if they have none: the customer's own birthday is never changed by an import.
 */
async function adoptBirthday(
  cards: TenantEventDeps,
  client: ClientCopy,
  holder: string,
  metadata: EventMetadata,
) {
  const birthday = birthdayOfText(client.birthday);
  if (birthday) await adoptImportedBirthday(cards, holder, birthday, metadata);
}

async function clientAccountLinked({ cards, parse, metadata }: Delivery) {
  const linked = parse(ClientAccountLinkedData);
  const client = linked && (await cards.copies.linked(linked));
  if (!linked || !client) return;
  const { clientId, tenantId, programId, userId } = linked;
  // a phone-only client's card moves to the account (ADR 0056); a card not issued yet is issued to it
  const status = await linkCardHolder(cards, { clientId, tenantId, userId }, metadata);
  if (status === 'none' || status === 'refused')
    await issueCard(cards, { clientId, tenantId, programId, userId }, metadata);
  if (!client.birthday) return;
  await adoptBirthday(cards, client, userId, metadata);
  // a phone-only client's imported birthday was its card holder's until now: the account's from here on
  await cards.birthdays.forget(phoneOnlyHolder(clientId));
}

async function clientPhoneChanged({ cards, parse }: Delivery) {
  const changed = parse(ClientPhoneChangedData);
  if (changed) await cards.copies.phoneChanged(changed);
}

async function clientRenamed({ cards, parse }: Delivery) {
  const renamed = parse(ClientRenamedData);
  if (renamed) await cards.copies.renamed(renamed);
}

async function clientEmailGiven({ cards, parse }: Delivery) {
  const given = parse(ClientEmailGivenData);
  if (given) await cards.copies.emailGiven(given);
}

async function clientRemoved({ cards, parse, metadata }: Delivery) {
  const removed = parse(ClientRemovedData);
  if (!removed) return;
  await cards.copies.removed(removed);
  const cardId = cardIdFor(removed.clientId);
  await closeCard(cards, cardId, removed.tenantId, 'client_removed', metadata);
  // the stored answers of its awards name the customer (erasure, ADR 0046)
  await cards.keys.forgetCard(cardId);
  // a phone-only client's imported birthday (ADR 0059); an account's is the person's, erased with the account
  await cards.birthdays.forget(phoneOnlyHolder(removed.clientId));
}

// ── tenant.tenants.v1, tenant.employees.v1 ──

async function tenantCreated({ cards, parse }: Delivery) {
  const created = parse(TenantCreatedData);
  if (!created) return;
  await cards.copies.companyRenamed(created.tenantId, created.companyName);
  await cards.copies.ownerKnown(created.tenantId, created.ownerId);
}

async function tenantUpdated({ cards, parse }: Delivery) {
  const updated = parse(TenantUpdatedData);
  if (updated?.changes.companyName)
    await cards.copies.companyRenamed(updated.tenantId, updated.changes.companyName);
  if (updated?.changes.branding)
    await cards.copies.brandingChanged(updated.tenantId, updated.changes.branding);
}

async function tenantLogoChanged({ cards, parse }: Delivery) {
  const logo = parse(TenantLogoChangedData);
  if (logo) await cards.copies.logoChanged(logo.tenantId, logo.logo.renditions['logo@2x'] ?? logo.logo.url);
}

async function tenantDeleted({ cards, parse, metadata }: Delivery) {
  const deleted = parse(TenantDeletedData);
  if (!deleted) return;
  for (const clientId of await cards.copies.tenantDeleted(deleted.tenantId))
    await cards.birthdays.forget(phoneOnlyHolder(clientId));
  await closeCardsOf(cards, { tenantId: deleted.tenantId }, deleted.tenantId, 'tenant_deleted', metadata);
}

async function employeeNamed(
  { cards, parse }: Delivery,
  schema: typeof EmployeeInvitedData | typeof EmployeeUpdatedData,
) {
  const named = parse(schema);
  if (named) await cards.copies.employeeNamed(named.tenantId, named.employeeId, named.name);
}
