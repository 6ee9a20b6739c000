import { z } from 'zod';
import { Email, Username } from './identity';
import { OptionalPhone, Phone } from './tenant';

/**
 * Clients of a tenant (SPEC §7 create-client, add-client, get-clients). A client is a customer enrolled in
 * one of the tenant's programs.
 *
 * - create-client: staff enter a new customer's data; a customer account is created through events
 *   (tenant.clients.v1 → identity) and the customer receives an e-mail to set a password; the client is
 *   enrolled at once (the card ledger issues the card from ClientEnrolled).
 * - add-client: an existing customer, by e-mail. The company cannot see whether the address has an account
 *   (privacy); identity links the existing account, or creates one, and e-mails the customer either way.
 * - the public enrolment link — short `/k/<code>` (enrolment-links.ts), resolving to
 *   `/dodaj-karte-do-portfela?program=<programId>&firma=<tenantId>` — lets customers join by themselves.
 */

/** a client created without an e-mail needs a phone: staff find the card by it */
export const PHONE_OR_EMAIL_MESSAGE = 'Podaj adres e-mail albo numer telefonu klienta.';

/**
 * The holder of a phone-only client's card (ADR 0056): the client itself, as no account exists. Counted as one
 * person on the plan (contracts/customer-seats.ts) by the tenant and the card ledger alike.
 */
export const phoneOnlyHolder = (clientId: string) => `client:${clientId}`;

/** what a phone-only client's e-mail reads as on screens */
export const NO_EMAIL_LABEL = 'bez e-maila (karta przy kasie)';

export const ClientStatus = z.enum(['invited', 'active', 'removed']);
export type ClientStatus = z.infer<typeof ClientStatus>;
export const clientStatusLabels: Record<ClientStatus, string> = {
  invited: 'Zaproszony',
  active: 'Aktywny',
  removed: 'Usunięty',
};

/** How the client got into the program, in words (the panel and the clients CSV). */
export const clientSourceLabels: Record<'created' | 'added' | 'self' | 'imported', string> = {
  created: 'Dodany w panelu (nowe konto)',
  added: 'Dodany w panelu (istniejące konto)',
  self: 'Zapisał się sam (link lub kod QR)',
  imported: 'Zaimportowany z pliku',
};

/**
 * create-client: an e-mail (the customer gets an account and the card in the portal and the wallet), or a phone
 * only (ADR 0056: a card used at the till, found by the phone, the name or the card number; no account, no mail).
 */
/** where the client came from, in words; a phone-only client (email null) was added without an account */
export const clientSourceLabel = (client: {
  source: keyof typeof clientSourceLabels;
  email: string | null;
}) =>
  client.email === null && client.source !== 'imported'
    ? 'Dodany w panelu (bez konta, tylko telefon)'
    : clientSourceLabels[client.source];

export const CreateClientFields = z.object({
  email: Email.optional(),
  name: Username,
  phone: Phone.optional(),
  programId: z.string('Wybierz program.').min(1, 'Wybierz program.').max(64),
  marketingConsent: z.boolean().default(false),
});
export const CreateClientRequest = CreateClientFields.refine(
  (v) => v.email !== undefined || v.phone !== undefined,
  { message: PHONE_OR_EMAIL_MESSAGE, path: ['phone'] },
).meta({ id: 'CreateClientRequest' });
export type CreateClientRequest = z.input<typeof CreateClientRequest>;

export const AddClientRequest = z
  .object({
    email: Email,
    programId: z.string('Wybierz program.').min(1, 'Wybierz program.').max(64),
  })
  .meta({ id: 'AddClientRequest' });
export type AddClientRequest = z.input<typeof AddClientRequest>;

/** POST /tenants/{id}/join: a logged-in customer joins a program from the enrolment link. */
export const JoinProgramRequest = z
  .object({
    programId: z.string().min(1).max(64),
    /** the customer's phone for this company (prefilled from the profile; empty = none); never verified */
    phone: OptionalPhone.optional(),
    /** the customer agrees to marketing e-mails from this company (company messages, ADR 0027); default no */
    marketingConsent: z.boolean().optional(),
  })
  .meta({ id: 'JoinProgramRequest' });

/** a client of a tenant in the path: `/tenants/{id}/clients/{clientId}` */
export const ClientIdParams = z.object({
  id: z.string().min(1).max(64),
  clientId: z.string().min(1).max(64),
});

/**
 * PATCH …/clients/{clientId}: staff correct the client's name and/or phone (an empty phone removes it), or give a
 * phone-only client an e-mail (ADR 0056: the customer gets an account and the same card in the portal and the
 * wallet). At least one of them; a phone given here is shown as given by staff.
 */
export const EditClientRequest = z
  .object({
    name: Username.optional(),
    phone: OptionalPhone.optional(),
    /** only for a phone-only client, once: a client with an address changes it in their own profile */
    email: Email.optional(),
    /** with `email`: the customer agrees to the company's marketing e-mails (default no) */
    marketingConsent: z.boolean().optional(),
  })
  .refine(
    (v) => v.name !== undefined || v.phone !== undefined || v.email !== undefined,
    'Podaj imię i nazwisko, telefon albo adres e-mail klienta.',
  )
  .meta({ id: 'EditClientRequest' });
export type EditClientRequest = z.input<typeof EditClientRequest>;

/** Who gave a client's phone: staff typed it in the panel, or the customer (join page, profile). */
export const PhoneGivenBy = z.enum(['staff', 'customer']);
export type PhoneGivenBy = z.infer<typeof PhoneGivenBy>;

/** One programme a person of the clients list is in: its enrolment (the client page is per `clientId`). */
export const PersonEnrolment = z
  .object({
    clientId: z.string(),
    programId: z.string(),
    programName: z.string(),
    status: ClientStatus.exclude(['removed']),
  })
  .meta({ id: 'PersonEnrolment' });
export type PersonEnrolment = z.infer<typeof PersonEnrolment>;

export const Client = z
  .object({
    id: z.string(),
    tenantId: z.string(),
    /** the customer's user id once identity has linked the account, else null */
    userId: z.string().nullable(),
    /** null: a phone-only client (ADR 0056) — a card at the till, without an account */
    email: z.string().nullable(),
    name: z.string(),
    phone: z.string().nullable(),
    /**
     * who gave `phone` (null without one). No number is verified: one the customer typed is shown to staff
     * as unconfirmed ("niepotwierdzony").
     */
    phoneGivenBy: PhoneGivenBy.nullable(),
    programId: z.string(),
    programName: z.string(),
    status: ClientStatus,
    source: z.enum(['created', 'added', 'self', 'imported']),
    enrolledAt: z.iso.datetime({ offset: true }),
    /** the same person's other programmes in the company (the clients list's row, ADR 0054) */
    otherProgrammes: z.array(PersonEnrolment),
  })
  .meta({ id: 'Client' });
export type Client = z.infer<typeof Client>;

/**
 * A row of the clients list (GET …/get-clients, ADR 0054): one PERSON of the company — one customer account, or
 * for enrolments without an account yet one e-mail address — with every programme they are in. Name, e-mail and
 * phone are those of the enrolment changed last (a name that is still only the address comes last); the status
 * is active when any enrolment is; `enrolledAt` is the first enrolment's date.
 */
export const ClientPerson = z
  .object({
    /** stable while the person keeps an enrolment: the account, or the address of enrolments without one */
    id: z.string(),
    userId: z.string().nullable(),
    /** null: a phone-only client (ADR 0056), each its own person */
    email: z.string().nullable(),
    name: z.string(),
    phone: z.string().nullable(),
    phoneGivenBy: PhoneGivenBy.nullable(),
    status: ClientStatus.exclude(['removed']),
    enrolledAt: z.iso.datetime({ offset: true }),
    /** the programmes, first enrolment first */
    enrolments: z.array(PersonEnrolment).min(1),
  })
  .meta({ id: 'ClientPerson' });
export type ClientPerson = z.infer<typeof ClientPerson>;

export const ClientCreatedResponse = z.object({ clientId: z.string() }).meta({ id: 'ClientCreatedResponse' });

export { ClientSortBy } from './client-sort';

const ALREADY_ENROLLED_MESSAGE = 'Ten klient jest już zapisany do tego programu.';

export const ClientErrors = {
  alreadyEnrolled: { code: 'CLIENT.ALREADY_ENROLLED', status: 409, message: ALREADY_ENROLLED_MESSAGE },
  /** the stream already holds a client (a retried enrolment with the same id) */
  alreadyExists: { code: 'CLIENT.ALREADY_EXISTS', status: 409, message: ALREADY_ENROLLED_MESSAGE },
  /** identity reported another account for a client that is already linked */
  linkedToAnotherAccount: {
    code: 'CLIENT.LINKED_TO_ANOTHER_ACCOUNT',
    status: 409,
    message: 'Klient jest już powiązany z innym kontem.',
  },
  programInactive: {
    code: 'CLIENT.PROGRAM_INACTIVE',
    status: 400,
    message: 'Ten program jest nieaktywny. Wybierz aktywny program.',
  },
  notFound: { code: 'CLIENT.NOT_FOUND', status: 404, message: 'Nie znaleziono klienta.' },
  /** only a phone-only client (ADR 0056) is given an e-mail by staff; the others' address is their account's */
  emailFixed: {
    code: 'CLIENT.EMAIL_FIXED',
    status: 400,
    message: 'Ten klient ma już adres e-mail. Adres zmienia sam klient w swoim profilu w Punkto.',
  },
  /** a phone-only client (ADR 0056) keeps a phone: staff find the card by it */
  phoneRequired: {
    code: 'CLIENT.PHONE_REQUIRED',
    status: 400,
    message:
      'Ten klient nie ma adresu e-mail, więc numer telefonu musi zostać — po nim obsługa znajduje kartę.',
  },
  /** the company's plan allows no more active customers (billing's entitlement; issue 17) */
  customerLimit: {
    code: 'CLIENT.CUSTOMER_LIMIT_REACHED',
    status: 409,
    message:
      'Ta firma ma już tylu klientów, ilu pozwala jej plan w Punkto, więc nie możemy wydać nowej karty. ' +
      'Daj znać obsłudze — firma może zmienić plan.',
  },
  /** the same limit as staff adding a client are told it (the owner can change the plan) */
  customerLimitForStaff: (limit: number) => ({
    code: 'CLIENT.CUSTOMER_LIMIT_REACHED',
    status: 409,
    message:
      `Plan firmy pozwala na ${limit} aktywnych klientów i wszystkie miejsca są zajęte, więc tego klienta nie można ` +
      'dodać. Zmień plan w „Subskrypcja” albo usuń klientów, którzy już nie przychodzą.',
  }),
} as const;
