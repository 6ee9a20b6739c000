import { toStreamId } from '@punkto/contracts/events';
import type {
  ClientAccountLinkedData,
  ClientEmailGivenData,
  ClientEnrolledData,
  ClientMarketingConsentWithdrawnData,
  ClientPhoneChangedData,
  ClientRemovedData,
  ClientRenamedData,
} from '@punkto/contracts/integration-events';

/**
 * The Client aggregate (event-sourced, stream `client-<clientId>`): one customer's enrolment in one program
 * of a tenant. Events, state and evolve. Pure. Event data are exactly the tenant.clients.v1 payloads of
 * contracts/src/integration-events.ts. `email`, `name`, `phone` and an imported `birthday` are personal data,
 * sealed in the log with the client's key (CLIENT_PII_FIELDS, ADR 0006).
 */

export const CLIENT_STREAM_PREFIX = 'client-';
export const CLIENT_PII_FIELDS = ['email', 'name', 'phone', 'birthday'] as const;
export const toClientStreamId = (clientId: string) => toStreamId('client', clientId);

export type ClientEnrolled = { type: 'ClientEnrolled'; data: ClientEnrolledData };
export type ClientAccountLinked = { type: 'ClientAccountLinked'; data: ClientAccountLinkedData };
export type ClientPhoneChanged = { type: 'ClientPhoneChanged'; data: ClientPhoneChangedData };
export type ClientRemoved = { type: 'ClientRemoved'; data: ClientRemovedData };
/** staff gave a phone-only client an e-mail (ADR 0056) */
export type ClientEmailGiven = { type: 'ClientEmailGiven'; data: ClientEmailGivenData };
/** staff corrected the name in the panel */
export type ClientRenamed = { type: 'ClientRenamed'; data: ClientRenamedData };
/** the customer unsubscribed from the company's e-mails (notification.messages.v1, ADR 0027) */
export type ClientMarketingConsentWithdrawn = {
  type: 'ClientMarketingConsentWithdrawn';
  data: ClientMarketingConsentWithdrawnData;
};

export type ClientEvent =
  | ClientEnrolled
  | ClientAccountLinked
  | ClientPhoneChanged
  | ClientRenamed
  | ClientEmailGiven
  | ClientRemoved
  | ClientMarketingConsentWithdrawn;

/** Who gave the phone a client enrolled with: staff in the panel (create-client), the customer at join. */
export const phoneGivenAtEnrolment = (
  data: Pick<ClientEnrolledData, 'phone' | 'source'>,
): ClientPhoneChangedData['givenBy'] | null =>
  data.phone === null ? null : data.source === 'self' ? 'customer' : 'staff';

export interface ClientData {
  clientId: string;
  tenantId: string;
  programId: string;
  userId: string | null;
  /** null: a phone-only client (ADR 0056) */
  email: string | null;
  name: string;
  phone: string | null;
  /** who gave `phone` (null without one); no number is verified */
  phoneGivenBy: ClientPhoneChangedData['givenBy'] | null;
  source: ClientEnrolledData['source'];
  enrolledAt: string;
  /** marketing e-mails from the company: given at enrolment, withdrawn by an unsubscribe link */
  marketingConsent: boolean;
}

/** `invited`: enrolled by staff, no account linked yet; `active`: the customer's account is linked. */
export type Client =
  | { status: 'none' }
  | ({ status: 'invited' } & ClientData)
  | ({ status: 'active' } & ClientData & { userId: string })
  | ({ status: 'removed'; removedAt: string } & ClientData);

export const initialState = (): Client => ({ status: 'none' });

export function evolve(state: Client, event: ClientEvent): Client {
  if (event.type === 'ClientEnrolled') {
    // the opening balance and the birthday are the card ledger's, the invitation identity's: none is the client's
    const {
      companyName: _c,
      programName: _p,
      openingBalance: _o,
      invite: _i,
      birthday: _b,
      ...enrolled
    } = event.data;
    const data = { ...enrolled, phoneGivenBy: phoneGivenAtEnrolment(enrolled) };
    return data.userId === null
      ? { status: 'invited', ...data }
      : { status: 'active', ...data, userId: data.userId };
  }
  if (state.status === 'none' || state.status === 'removed') return state;
  switch (event.type) {
    case 'ClientAccountLinked':
      return { ...state, status: 'active', userId: event.data.userId };
    case 'ClientPhoneChanged':
      return {
        ...state,
        phone: event.data.phone,
        phoneGivenBy: event.data.phone === null ? null : event.data.givenBy,
      };
    case 'ClientRenamed':
      return { ...state, name: event.data.name };
    case 'ClientEmailGiven':
      return { ...state, email: event.data.email, marketingConsent: event.data.marketingConsent };
    case 'ClientRemoved':
      return { ...state, status: 'removed', removedAt: event.data.removedAt };
    case 'ClientMarketingConsentWithdrawn':
      return { ...state, marketingConsent: false };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}
