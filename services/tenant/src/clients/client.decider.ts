import type { ClientEnrolledData } from '@punkto/contracts/integration-events';
import { type Decider, type Command } from '@punkto/platform/es/decider';
import { evolve, initialState, type Client, type ClientEvent } from './client';
import {
  ClientAlreadyExistsError,
  ClientEmailFixedError,
  ClientLinkedToAnotherAccountError,
  ClientNotFoundError,
  ClientPhoneRequiredError,
} from './client.errors';

/**
 * Commands of the Client aggregate. Time arrives in `metadata.now`. "Enrolled once per tenant, program and
 * e-mail" spans aggregates and is checked against the `clients` read model before the command
 * (clients.projection.ts); whether the program exists and is active is checked by the service from the
 * program's stream. The decider guards its own stream.
 */

export type EnrollClient = Command<'EnrollClient', Omit<ClientEnrolledData, 'enrolledAt'>>;
/** identity.users.v1 UserLinkedToClient → the customer's account */
export type LinkClientAccount = Command<'LinkClientAccount', { tenantId: string; userId: string }>;
export type RemoveClient = Command<'RemoveClient', { tenantId: string }>;
/**
 * identity.users.v1 UserPhoneChanged → the customer changed their phone (null: removed it) in their profile;
 * only a client linked to that account follows.
 */
export type ChangeCustomerPhone = Command<
  'ChangeCustomerPhone',
  { tenantId: string; userId: string; phone: string | null }
>;

/** notification.messages.v1 MarketingConsentWithdrawn → the customer unsubscribed from the company's e-mails */
export type WithdrawMarketingConsent = Command<
  'WithdrawMarketingConsent',
  { tenantId: string; campaignId: string | null }
>;

/** staff correct the client's name and/or phone in the panel (undefined: unchanged; phone null: removed) */
export type EditClient = Command<
  'EditClient',
  { tenantId: string; name?: string | undefined; phone?: string | null | undefined }
>;

/** staff give a phone-only client (ADR 0056) an e-mail: identity then links or creates the account */
export type GiveClientEmail = Command<
  'GiveClientEmail',
  { tenantId: string; email: string; companyName: string; programName: string; marketingConsent: boolean }
>;

export type ClientCommand =
  | GiveClientEmail
  | EnrollClient
  | LinkClientAccount
  | RemoveClient
  | ChangeCustomerPhone
  | WithdrawMarketingConsent
  | EditClient;

/** EditClient: ClientRenamed when the name differs, ClientPhoneChanged (given by staff) when the phone does */
function decideEdit(command: EditClient, state: Client, at: string): ClientEvent[] {
  if (state.status === 'none' || state.status === 'removed' || state.tenantId !== command.data.tenantId)
    throw new ClientNotFoundError();
  const ids = { clientId: state.clientId, tenantId: state.tenantId, programId: state.programId };
  const { name, phone } = command.data;
  if (phone === null && state.email === null) throw new ClientPhoneRequiredError();
  const events: ClientEvent[] = [];
  if (name !== undefined && name !== state.name)
    events.push({ type: 'ClientRenamed', data: { ...ids, name, renamedAt: at } });
  if (phone !== undefined && (phone !== state.phone || (phone !== null && state.phoneGivenBy !== 'staff')))
    events.push({ type: 'ClientPhoneChanged', data: { ...ids, phone, givenBy: 'staff', changedAt: at } });
  return events;
}

/** GiveClientEmail: once, to a phone-only client; the same address again decides nothing */
function decideEmail(command: GiveClientEmail, state: Client, at: string): ClientEvent[] {
  if (state.status === 'none' || state.status === 'removed' || state.tenantId !== command.data.tenantId)
    throw new ClientNotFoundError();
  const { email, companyName, programName, marketingConsent } = command.data;
  if (state.email === email) return [];
  if (state.email !== null) throw new ClientEmailFixedError();
  const { clientId, tenantId, programId, name } = state;
  return [
    {
      type: 'ClientEmailGiven',
      data: {
        clientId,
        tenantId,
        programId,
        email,
        name,
        companyName,
        programName,
        marketingConsent,
        givenAt: at,
      },
    },
  ];
}

/** the client's customer account and its phone */
function decideAccountLink(
  command: Extract<ClientCommand, { type: 'LinkClientAccount' | 'ChangeCustomerPhone' }>,
  state: Client,
  at: string,
): ClientEvent[] {
  switch (command.type) {
    case 'LinkClientAccount': {
      if (state.status === 'none' || state.tenantId !== command.data.tenantId)
        throw new ClientNotFoundError();
      // reported at least once: the same account again, or a report about a removed client, changes nothing
      if (state.status === 'removed' || state.userId === command.data.userId) return [];
      if (state.userId !== null) throw new ClientLinkedToAnotherAccountError();
      return [
        {
          type: 'ClientAccountLinked',
          data: {
            clientId: state.clientId,
            tenantId: state.tenantId,
            programId: state.programId,
            userId: command.data.userId,
            linkedAt: at,
          },
        },
      ];
    }
    case 'ChangeCustomerPhone': {
      if (
        state.status === 'none' ||
        state.tenantId !== command.data.tenantId ||
        state.userId !== command.data.userId
      )
        throw new ClientNotFoundError();
      const { phone } = command.data;
      // a removed client keeps no personal data; the same number (from the same person) changes nothing
      if (state.status === 'removed') return [];
      if (state.phone === phone && (phone === null || state.phoneGivenBy === 'customer')) return [];
      return [
        {
          type: 'ClientPhoneChanged',
          data: {
            clientId: state.clientId,
            tenantId: state.tenantId,
            programId: state.programId,
            phone,
            givenBy: 'customer',
            changedAt: at,
          },
        },
      ];
    }
  }
}

export function decide(command: ClientCommand, state: Client): ClientEvent[] {
  const at = command.metadata.now.toISOString();
  switch (command.type) {
    case 'EnrollClient': {
      if (state.status !== 'none') throw new ClientAlreadyExistsError();
      return [{ type: 'ClientEnrolled', data: { ...command.data, enrolledAt: at } }];
    }
    case 'EditClient':
      return decideEdit(command, state, at);
    case 'GiveClientEmail':
      return decideEmail(command, state, at);
    case 'RemoveClient': {
      if (state.status === 'none' || state.tenantId !== command.data.tenantId)
        throw new ClientNotFoundError();
      if (state.status === 'removed') return [];
      return [
        {
          type: 'ClientRemoved',
          data: {
            clientId: state.clientId,
            tenantId: state.tenantId,
            programId: state.programId,
            removedAt: at,
          },
        },
      ];
    }
    case 'WithdrawMarketingConsent': {
      if (state.status === 'none' || state.tenantId !== command.data.tenantId)
        throw new ClientNotFoundError();
      // reported at least once: already withdrawn, or a removed client, changes nothing
      if (state.status === 'removed' || !state.marketingConsent) return [];
      return [
        {
          type: 'ClientMarketingConsentWithdrawn',
          data: {
            clientId: state.clientId,
            tenantId: state.tenantId,
            programId: state.programId,
            campaignId: command.data.campaignId,
            withdrawnAt: at,
          },
        },
      ];
    }
    case 'LinkClientAccount':
    case 'ChangeCustomerPhone':
      return decideAccountLink(command, state, at);
    default: {
      const _exhaustive: never = command;
      throw new Error(`unknown command ${(_exhaustive as { type: string }).type}`);
    }
  }
}

export const clientDecider: Decider<Client, ClientCommand, ClientEvent> = { decide, evolve, initialState };
