import { WARSAW } from './warsaw-format';
import { z } from 'zod';
import { programRules } from './programs';
import { PermissionSchema } from './permissions';
import { LocationsResponse } from './locations';
import { Address, Branding, Contact, TenantImage } from './tenant';

/**
 * Payloads (`data` of the EventEnvelope) of the integration events other services consume. The producer
 * owns the schema; consumers parse with these and ignore event types they do not know.
 *
 * tenant.tenants.v1:   TenantCreated, TenantUpdated, TenantLogoChanged, TenantHeroImageChanged, TenantDeleted,
 *                      TenantLocationsReplaced (the whole list of the company's locations, ADR 0057)
 * tenant.programs.v1:  ProgramDefined (the whole current definition, every create or change), ProgramDeleted,
 *                      ProgramShortCodeAssigned (the code of its short enrolment link, once per program)
 * tenant.employees.v1: EmployeeInvited, EmployeeUpdated, EmployeePermissionsChanged,
 *                      EmployeePasswordResetRequested, EmployeeInvitationResent, EmployeeActivated,
 *                      EmployeeEmailChanged, EmployeeRemoved
 * tenant.clients.v1:   ClientEnrolled, ClientAccountLinked, ClientPhoneChanged, ClientRenamed, ClientEmailGiven,
 *                      ClientRemoved
 * tenant.services.v1:  ServiceDefined (the whole current definition, every create or change), ServiceDeleted
 * survey.surveys.v1:   SurveyResponseRecorded (anonymous: tenant, program, score, week of the visit)
 * identity.users.v1:   (sealed personal data) UserActivated, UserLinkedToClient, SessionsRevoked, UserDeleted, …
 *                      (ids are plain); UserPhoneChanged carries the customer's phone plain (ADR 0017);
 *                      StaffEmailChanged a staff account's confirmed new address plain (ADR 0053);
 *                      PreferencesChanged (booleans, never sealed; the survey service reads it, ADR 0022)
 *
 * Personal data (e-mail, name, phone) is sealed with a per-person key in the tenant's event store; the relay
 * publishes it unsealed on the bus, whose retention is bounded (ADR 0006).
 */

export const TimeZone = WARSAW;

/** tenant.programs.v1 ProgramDefined: event-carried state transfer of a program's rules (card ledger). */
export const ProgramDefinedData = z.object({
  programId: z.string(),
  tenantId: z.string(),
  /** increases by one with every definition of this program */
  version: z.number().int().min(1),
  ...programRules,
  definedAt: z.iso.datetime({ offset: true }),
});
export type ProgramDefinedData = z.infer<typeof ProgramDefinedData>;

export const ProgramDeletedData = z.object({
  programId: z.string(),
  tenantId: z.string(),
  deletedAt: z.iso.datetime({ offset: true }),
});
export type ProgramDeletedData = z.infer<typeof ProgramDeletedData>;

/** tenant.programs.v1 ProgramShortCodeAssigned: the program's short enrolment code (`/k/<code>`), never changed. */
export const ProgramShortCodeAssignedData = z.object({
  programId: z.string(),
  tenantId: z.string(),
  shortCode: z.string(),
  assignedAt: z.iso.datetime({ offset: true }),
});
export type ProgramShortCodeAssignedData = z.infer<typeof ProgramShortCodeAssignedData>;

export const TenantDeletedData = z.object({
  tenantId: z.string(),
  ownerId: z.string(),
  deletedAt: z.iso.datetime({ offset: true }),
});
export type TenantDeletedData = z.infer<typeof TenantDeletedData>;

/** tenant.tenants.v1 TenantCreated: the company exists; identity assigns it to the owner. */
export const TenantCreatedData = z.object({
  tenantId: z.string(),
  ownerId: z.string(),
  companyName: z.string(),
  nip: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TenantCreatedData = z.infer<typeof TenantCreatedData>;

/**
 * tenant.tenants.v1 TenantUpdated: ONLY the fields that changed are present in `changes` (a missing key =
 * unchanged; `null` = cleared). Branding is always the whole colour set.
 */
export const TenantUpdatedData = z.object({
  tenantId: z.string(),
  changes: z.object({
    companyName: z.string().optional(),
    nip: z.string().optional(),
    description: z.string().nullable().optional(),
    address: Address.nullable().optional(),
    contact: Contact.nullable().optional(),
    branding: Branding.optional(),
    awardConfirmAboveGrosze: z.number().int().optional(),
  }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type TenantUpdatedData = z.infer<typeof TenantUpdatedData>;

/** tenant.tenants.v1 TenantLogoChanged: the new logo in every wallet size (public, content-hashed URLs). */
export const TenantLogoChangedData = z.object({
  tenantId: z.string(),
  logo: TenantImage,
  changedAt: z.iso.datetime({ offset: true }),
});
export type TenantLogoChangedData = z.infer<typeof TenantLogoChangedData>;

/** tenant.tenants.v1 TenantHeroImageChanged: the new strip/hero image, or `null` when it was removed. */
export const TenantHeroImageChangedData = z.object({
  tenantId: z.string(),
  heroImage: TenantImage.nullable(),
  changedAt: z.iso.datetime({ offset: true }),
});
export type TenantHeroImageChangedData = z.infer<typeof TenantHeroImageChangedData>;

/**
 * tenant.tenants.v1 TenantLocationsReplaced: the company's whole list of locations (at most 10, ADR 0057) with
 * each one's lock-screen text (null: the default); an empty list removes them all.
 */
export const TenantLocationsReplacedData = z.object({
  tenantId: z.string(),
  locations: LocationsResponse.shape.locations,
  changedAt: z.iso.datetime({ offset: true }),
});
export type TenantLocationsReplacedData = z.infer<typeof TenantLocationsReplacedData>;

/** tenant.services.v1 ServiceDefined: the whole current definition of a catalogue service (create or change). */
export const ServiceDefinedData = z.object({
  serviceId: z.string(),
  tenantId: z.string(),
  /** increases by one with every definition of this service */
  version: z.number().int().min(1),
  name: z.string(),
  priceGrosze: z.number().int(),
  fixedPoints: z.number().int().nullable(),
  active: z.boolean(),
  definedAt: z.iso.datetime({ offset: true }),
});
export type ServiceDefinedData = z.infer<typeof ServiceDefinedData>;

export const ServiceDeletedData = z.object({
  serviceId: z.string(),
  tenantId: z.string(),
  deletedAt: z.iso.datetime({ offset: true }),
});
export type ServiceDeletedData = z.infer<typeof ServiceDeletedData>;

/** tenant.employees.v1 EmployeeInvited: identity creates the employee's account (user id = employeeId). */
export const EmployeeInvitedData = z.object({
  employeeId: z.string(),
  tenantId: z.string(),
  email: z.string(),
  name: z.string(),
  permissions: z.array(PermissionSchema),
  companyName: z.string(),
  invitedAt: z.iso.datetime({ offset: true }),
});

export const EmployeePermissionsChangedData = z.object({
  employeeId: z.string(),
  tenantId: z.string(),
  permissions: z.array(PermissionSchema),
  changedAt: z.iso.datetime({ offset: true }),
});
export type EmployeeInvitedData = z.infer<typeof EmployeeInvitedData>;
export type EmployeePermissionsChangedData = z.infer<typeof EmployeePermissionsChangedData>;

/** tenant.employees.v1 EmployeeUpdated: the employee's name changed (identity renames the account). */
export const EmployeeUpdatedData = z.object({
  employeeId: z.string(),
  tenantId: z.string(),
  name: z.string(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type EmployeeUpdatedData = z.infer<typeof EmployeeUpdatedData>;

/** tenant.employees.v1 EmployeePasswordResetRequested: identity e-mails the (active) employee a reset link. */
export const EmployeePasswordResetRequestedData = z.object({
  employeeId: z.string(),
  tenantId: z.string(),
  requestedAt: z.iso.datetime({ offset: true }),
});
export type EmployeePasswordResetRequestedData = z.infer<typeof EmployeePasswordResetRequestedData>;

/** tenant.employees.v1 EmployeeInvitationResent: identity e-mails a new invitation (the old link stops working). */
export const EmployeeInvitationResentData = z.object({
  employeeId: z.string(),
  tenantId: z.string(),
  companyName: z.string(),
  resentAt: z.iso.datetime({ offset: true }),
});
export type EmployeeInvitationResentData = z.infer<typeof EmployeeInvitationResentData>;

/** tenant.employees.v1 EmployeeActivated: the employee set a password (reported by identity.users.v1 UserActivated). */
export const EmployeeActivatedData = z.object({
  employeeId: z.string(),
  tenantId: z.string(),
  activatedAt: z.iso.datetime({ offset: true }),
});
export type EmployeeActivatedData = z.infer<typeof EmployeeActivatedData>;

/**
 * tenant.employees.v1 EmployeeEmailChanged: the employee confirmed a new address of their account (reported by
 * identity.users.v1 StaffEmailChanged, ADR 0053); the owner's list and the one-address-per-company rule follow.
 * Identity, which caused it, ignores it.
 */
export const EmployeeEmailChangedData = z.object({
  employeeId: z.string(),
  tenantId: z.string(),
  email: z.string(),
  changedAt: z.iso.datetime({ offset: true }),
});
export type EmployeeEmailChangedData = z.infer<typeof EmployeeEmailChangedData>;

/** tenant.employees.v1 EmployeeRemoved: identity deletes the account and ends its sessions. */
export const EmployeeRemovedData = z.object({
  employeeId: z.string(),
  tenantId: z.string(),
  removedAt: z.iso.datetime({ offset: true }),
});
export type EmployeeRemovedData = z.infer<typeof EmployeeRemovedData>;

/**
 * tenant.clients.v1 ClientEnrolled: a customer joined a program. `userId` is known when the customer joined
 * by themselves; otherwise identity links (or creates) the account and tenant records ClientAccountLinked.
 * The card ledger issues the card once a client has a user id.
 */
export const ClientEnrolledData = z.object({
  clientId: z.string(),
  tenantId: z.string(),
  programId: z.string(),
  userId: z.string().nullable(),
  /** null: a phone-only client (ADR 0056) — no account is created or linked; the card's holder is the client */
  email: z.string().nullable(),
  name: z.string(),
  phone: z.string().nullable(),
  source: z.enum(['created', 'added', 'self', 'imported']),
  companyName: z.string(),
  programName: z.string(),
  marketingConsent: z.boolean(),
  enrolledAt: z.iso.datetime({ offset: true }),
  /**
   * an imported client's balance from the paper card (ADR 0059): the card ledger records it once on the card it
   * issues (OpeningBalanceImported); absent for every other enrolment
   */
  openingBalance: z
    .object({ points: z.number().int().min(0), stamps: z.number().int().min(0), importId: z.string() })
    .optional(),
  /**
   * false: identity links or creates the account but sends no e-mail (an imported client without the company's
   * confirmation or the customer's consent, ADR 0059); absent: the invitation or notice is sent as always
   */
  invite: z.boolean().optional(),
  /**
   * an imported client's birthday from the file (ADR 0059): „MM-DD” (`birthdayText`, no year), personal data sealed
   * with the client's key like the name (ADR 0006). The card ledger records it as the person's birthday only if
   * they have not given one themselves (ADR 0058); absent for every other enrolment
   */
  birthday: z.string().optional(),
});
export type ClientEnrolledData = z.infer<typeof ClientEnrolledData>;

export const ClientAccountLinkedData = z.object({
  clientId: z.string(),
  tenantId: z.string(),
  programId: z.string(),
  userId: z.string(),
  linkedAt: z.iso.datetime({ offset: true }),
});
export type ClientAccountLinkedData = z.infer<typeof ClientAccountLinkedData>;

/**
 * tenant.clients.v1 ClientPhoneChanged: the client's phone changed (`null`: removed) — the customer changed it
 * in their profile (identity.users.v1 UserPhoneChanged), so every client record of that account follows.
 * The card ledger's contact copy follows, so staff find the card by the current number only.
 */
export const ClientPhoneChangedData = z.object({
  clientId: z.string(),
  tenantId: z.string(),
  programId: z.string(),
  phone: z.string().nullable(),
  givenBy: z.enum(['staff', 'customer']),
  changedAt: z.iso.datetime({ offset: true }),
});
export type ClientPhoneChangedData = z.infer<typeof ClientPhoneChangedData>;

/**
 * tenant.clients.v1 ClientRenamed: staff corrected the client's name in the panel (the company's record of the
 * person). The card ledger's contact copy follows, so the scanner and the history show the new name.
 */
export const ClientRenamedData = z.object({
  clientId: z.string(),
  tenantId: z.string(),
  programId: z.string(),
  name: z.string(),
  renamedAt: z.iso.datetime({ offset: true }),
});
export type ClientRenamedData = z.infer<typeof ClientRenamedData>;

/**
 * tenant.clients.v1 ClientMarketingConsentWithdrawn: the customer no longer wants marketing e-mails from the
 * company (the one-click unsubscribe link of a company message: notification.messages.v1
 * MarketingConsentWithdrawn). The clients list and export show "Nie".
 */
export const ClientMarketingConsentWithdrawnData = z.object({
  clientId: z.string(),
  tenantId: z.string(),
  programId: z.string(),
  /** the company message whose link was used */
  campaignId: z.string().nullable(),
  withdrawnAt: z.iso.datetime({ offset: true }),
});
export type ClientMarketingConsentWithdrawnData = z.infer<typeof ClientMarketingConsentWithdrawnData>;

/**
 * tenant.clients.v1 ClientEmailGiven: staff gave a phone-only client (ADR 0056) an e-mail address. Identity links
 * the customer account with that address, or creates one and sends the set-password invitation, exactly as for a
 * client enrolled by e-mail (then UserLinkedToClient → ClientAccountLinked, and the card ledger moves the card from
 * the client holder to the account: CardHolderLinked). Notification and survey keep the contact from here on.
 */
export const ClientEmailGivenData = z.object({
  clientId: z.string(),
  tenantId: z.string(),
  programId: z.string(),
  email: z.string(),
  /** the client's name as the company keeps it (a new account is named so) */
  name: z.string(),
  companyName: z.string(),
  programName: z.string(),
  /** the customer agreed to the company's marketing e-mails (asked when the address is given) */
  marketingConsent: z.boolean(),
  givenAt: z.iso.datetime({ offset: true }),
});
export type ClientEmailGivenData = z.infer<typeof ClientEmailGivenData>;

export const ClientRemovedData = z.object({
  clientId: z.string(),
  tenantId: z.string(),
  programId: z.string(),
  removedAt: z.iso.datetime({ offset: true }),
});
export type ClientRemovedData = z.infer<typeof ClientRemovedData>;

/**
 * identity.users.v1 UserActivated: an account became active (activation link, or a password set from an
 * invitation). No personal data; tenant records EmployeeActivated when the user is one of its employees.
 */
export const UserActivatedData = z.object({
  userId: z.string(),
  activatedAt: z.iso.datetime({ offset: true }),
});
export type UserActivatedData = z.infer<typeof UserActivatedData>;

/**
 * identity.users.v1 UserLinkedToClient: identity linked (or created) the customer account of a client that
 * staff enrolled by e-mail (ClientEnrolled with `userId: null`); tenant records ClientAccountLinked.
 */
/**
 * identity.users.v1 SessionsRevoked: these sessions (login families; an access token's `sid`) ended — logout,
 * refresh-token reuse, a password change or reset, an account no longer active. Every service stops accepting
 * their access tokens at once (platform http/access-revocations.ts, ADR 0010).
 */
export const SessionsRevokedData = z.object({
  userId: z.string(),
  sessionIds: z.array(z.string()).min(1),
  reason: z.string(),
  revokedAt: z.string(),
});
export type SessionsRevokedData = z.infer<typeof SessionsRevokedData>;

/** identity.users.v1 UserDeleted: the account is gone (own deletion, employee removed): no token of it counts. */
export const UserDeletedData = z.object({
  userId: z.string(),
  reason: z.string(),
  deletedAt: z.string(),
});

/**
 * identity.users.v1 UserPermissionsChanged (an employee's permissions, taken or granted) and UserTenantUnassigned
 * (the owner's company was deleted): what the user's access tokens grant changed. `accessVersion` counts these
 * changes per user; every access token carries the version it was issued at (`av`), and every service refuses a
 * token below the latest version it has read, so the next call refreshes the token (ADR 0038). Absent in events
 * recorded before access versions existed (such an event revokes nothing).
 */
export const UserPermissionsChangedData = z.object({
  userId: z.string(),
  permissions: z.array(PermissionSchema),
  changedAt: z.string(),
  accessVersion: z.number().int().positive().optional(),
});
export type UserPermissionsChangedData = z.infer<typeof UserPermissionsChangedData>;

export const UserTenantUnassignedData = z.object({
  userId: z.string(),
  tenantId: z.string(),
  unassignedAt: z.string(),
  accessVersion: z.number().int().positive().optional(),
});
export type UserTenantUnassignedData = z.infer<typeof UserTenantUnassignedData>;

/**
 * identity.users.v1 UserPhoneChanged: a customer set (`+48XXXXXXXXX`) or removed (`null`) the phone of their
 * account — at registration or in the profile. Unverified. The phone is the one personal value identity
 * publishes plain (the rest of identity's events stay sealed on the bus): the tenant service copies it to the
 * customer's client records (ADR 0017). A phone shredded before the relay published it arrives as
 * `[dane usunięte]`: consumers check it with the Phone schema and skip it.
 */
export const UserPhoneChangedData = z.object({
  userId: z.string(),
  phone: z.string().nullable(),
  changedAt: z.iso.datetime({ offset: true }),
});
export type UserPhoneChangedData = z.infer<typeof UserPhoneChangedData>;

/**
 * identity.users.v1 StaffEmailChanged: an employee or an owner (an account of a company: `tenantId`) confirmed a
 * new address by the link sent to it; recorded right after the (sealed) EmailChanged. `staffEmail` is published
 * plain — a customer's address never is — so the company's record of its employee follows (tenant's
 * EmployeeEmailChanged, ADR 0053). An address shredded before the relay published it arrives as
 * `[dane usunięte]`: consumers check it with the Email schema and skip it.
 */
export const StaffEmailChangedData = z.object({
  userId: z.string(),
  tenantId: z.string(),
  staffEmail: z.string(),
  changedAt: z.iso.datetime({ offset: true }),
});
export type StaffEmailChangedData = z.infer<typeof StaffEmailChangedData>;

/**
 * identity.users.v1 PreferencesChanged: the customer's whole set of switches after a change. Booleans only,
 * so identity's sealing (string personal fields) never touches it: it travels plain on the bus. `surveys`
 * (post-visit NPS surveys) is absent in events recorded before it existed: read as true. The survey service
 * asks only people whose `surveys` and `emailNotifications` are on (ADR 0022).
 */
export const UserPreferencesChangedData = z.object({
  userId: z.string(),
  preferences: z.object({
    emailNotifications: z.boolean().optional(),
    marketingConsent: z.boolean().optional(),
    companyMessages: z.boolean().optional(),
    surveys: z.boolean().optional(),
  }),
  changedAt: z.iso.datetime({ offset: true }),
});
export type UserPreferencesChangedData = z.infer<typeof UserPreferencesChangedData>;

export const UserLinkedToClientData = z.object({
  userId: z.string(),
  clientId: z.string(),
  tenantId: z.string(),
  programId: z.string(),
  linkedAt: z.iso.datetime({ offset: true }),
});
export type UserLinkedToClientData = z.infer<typeof UserLinkedToClientData>;

// ─── cardledger.cards.v1 (card ledger; stream `card-<cardId>`, aggregateId = cardId) ─────────────────
// CardIssued, CardIssueRefused, PointsEarned, StampsAdded, RewardRedeemed, AwardVoided, RedemptionVoided, BalanceAdjusted,
// TierChanged, CardRegenerated, CardHolderLinked, CardClosed, AwardAnomalyDetected, BirthdayRewardGranted,
// BirthdayRewardRedeemed, BalanceExpired, ExpiryWarningDue. No personal data: a card names its client and user by id only.
// `commandId` identifies the request (per-user Idempotency-Key) that caused the event.

/** A card's balance right after the event (wallet passes and analytics need no fold). */
export const CardBalanceData = z.object({
  points: z.number().int(),
  stamps: z.number().int(),
  lifetimePoints: z.number().int(),
});

export const CardIssuedData = z.object({
  cardId: z.string(),
  tenantId: z.string(),
  programId: z.string(),
  clientId: z.string(),
  userId: z.string(),
  /** 10 digits, no separators */
  humanReadableId: z.string(),
  secretVersion: z.number().int().min(1),
  /**
   * the signed QR payload of this secret version (`P1.…`), what the card shows at the till: wallet passes
   * carry it in their barcode (ADR 0012); absent in events recorded before passes existed
   */
  qrPayload: z.string().optional(),
  /** the starting level of a tiers program, else null */
  tier: z.string().nullable(),
  issuedAt: z.iso.datetime({ offset: true }),
  /** true: the card of a client imported from a file (ADR 0059) — an existing customer, not one joining now */
  imported: z.boolean().optional(),
});
export type CardIssuedData = z.infer<typeof CardIssuedData>;

/**
 * cardledger.cards.v1 CardHolderLinked: a phone-only client's card (held by `client:<clientId>`, ADR 0056) now
 * belongs to the customer's account, linked after staff gave the client an e-mail (tenant's ClientAccountLinked).
 * The card, its balance and its history stay; from now on it is in the customer's portal and wallet.
 */
export const CardHolderLinkedData = z.object({
  cardId: z.string(),
  tenantId: z.string(),
  programId: z.string(),
  clientId: z.string(),
  userId: z.string(),
  /** the holder before: `client:<clientId>` */
  previousHolder: z.string(),
  linkedAt: z.iso.datetime({ offset: true }),
});
export type CardHolderLinkedData = z.infer<typeof CardHolderLinkedData>;

/** The card was not issued: the tenant's plan allows no more active customers (the client stays enrolled). */
export const CardIssueRefusedData = z.object({
  cardId: z.string(),
  tenantId: z.string(),
  programId: z.string(),
  clientId: z.string(),
  userId: z.string(),
  reason: z.literal('customer_limit'),
  limit: z.number().int(),
  activeCustomers: z.number().int(),
  refusedAt: z.iso.datetime({ offset: true }),
});
export type CardIssueRefusedData = z.infer<typeof CardIssueRefusedData>;

export const PointsEarnedData = z.object({
  cardId: z.string(),
  commandId: z.string(),
  amountGrosze: z.number().int(),
  /** the program's rate at the time */
  pointsPerPln: z.number(),
  /** the tier multiplier applied (1 outside tiers programs) */
  multiplier: z.number(),
  /** the catalogue service's fixed points, used instead of the rate (× multiplier, rounded down) */
  fixedPoints: z.number().int().nullable(),
  points: z.number().int(),
  serviceId: z.string().nullable(),
  employeeId: z.string(),
  balance: CardBalanceData,
  earnedAt: z.iso.datetime({ offset: true }),
});
export type PointsEarnedData = z.infer<typeof PointsEarnedData>;

export const StampsAddedData = z.object({
  cardId: z.string(),
  commandId: z.string(),
  count: z.number().int(),
  employeeId: z.string(),
  balance: CardBalanceData,
  addedAt: z.iso.datetime({ offset: true }),
});
export type StampsAddedData = z.infer<typeof StampsAddedData>;

export const RewardRedeemedData = z.object({
  cardId: z.string(),
  commandId: z.string(),
  rewardId: z.string(),
  rewardName: z.string(),
  cost: z.number().int(),
  unit: z.enum(['points', 'stamps']),
  employeeId: z.string(),
  /** the stock period the redemption counted against (`2026-03-02`, `2026-W10`, `2026-03`, `all`), else null */
  stockPeriod: z.string().nullable(),
  balance: CardBalanceData,
  redeemedAt: z.iso.datetime({ offset: true }),
});
export type RewardRedeemedData = z.infer<typeof RewardRedeemedData>;

/** Why and by whom an award or a redemption was voided (a correction; the original event stays). */
const Correction = {
  /** the void request's own id (per-user Idempotency-Key) */
  commandId: z.string(),
  /** `commandId` of the PointsEarned / StampsAdded / RewardRedeemed being voided */
  voidedCommandId: z.string(),
  reason: z.string(),
  employeeId: z.string(),
  balance: CardBalanceData,
  voidedAt: z.iso.datetime({ offset: true }),
};

/**
 * A correction: points or stamps awarded by mistake taken back (a compensating event, never an edit of the
 * award). Lifetime points drop by the points too (ADR 0016); a level they no longer reach follows as TierChanged.
 */
export const AwardVoidedData = z.object({
  cardId: z.string(),
  points: z.number().int(),
  stamps: z.number().int(),
  ...Correction,
});
export type AwardVoidedData = z.infer<typeof AwardVoidedData>;

/** A correction: a redemption recorded by mistake taken back; its cost returns to the card. */
export const RedemptionVoidedData = z.object({
  cardId: z.string(),
  rewardId: z.string(),
  rewardName: z.string(),
  cost: z.number().int(),
  unit: z.enum(['points', 'stamps']),
  /** the stock period the redemption counted against, else null */
  stockPeriod: z.string().nullable(),
  /** when the voided redemption happened (it no longer counts against the reward's per-card limits) */
  redeemedAt: z.iso.datetime({ offset: true }),
  ...Correction,
});
export type RedemptionVoidedData = z.infer<typeof RedemptionVoidedData>;

/**
 * A manual adjustment (ADR 0050): staff add or take away points or stamps with a reason, not tied to a sale. Lifetime
 * points follow a points adjustment (never below zero), and so does the level of a tiers program. `correctionOf`
 * names the award whose void it accompanies ("void and adjust the rest": the part already spent stays spent).
 */
export const BalanceAdjustedData = z.object({
  cardId: z.string(),
  commandId: z.string(),
  unit: z.enum(['points', 'stamps']),
  /** signed: added > 0, taken away < 0 */
  delta: z.number().int(),
  reason: z.string(),
  employeeId: z.string(),
  /** the voided award's `commandId` when this adjustment is the spent part of its void, else null */
  correctionOf: z.string().nullable(),
  balance: CardBalanceData,
  adjustedAt: z.iso.datetime({ offset: true }),
});
export type BalanceAdjustedData = z.infer<typeof BalanceAdjustedData>;

/**
 * An imported client's balance from the paper card (ADR 0059), recorded once, right after CardIssued, on the card
 * of the programme the company imported into. Not a visit (like an adjustment it moves the balance only); points
 * count in the lifetime points (and the level of a tiers programme).
 */
export const OpeningBalanceImportedData = z.object({
  cardId: z.string(),
  importId: z.string(),
  points: z.number().int().min(0),
  stamps: z.number().int().min(0),
  balance: CardBalanceData,
  importedAt: z.iso.datetime({ offset: true }),
});
export type OpeningBalanceImportedData = z.infer<typeof OpeningBalanceImportedData>;

export const TierChangedData = z.object({
  cardId: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  lifetimePoints: z.number().int(),
  changedAt: z.iso.datetime({ offset: true }),
});
export type TierChangedData = z.infer<typeof TierChangedData>;

/** New number and QR secret version: every QR code of an older version is refused from now on. */
export const CardRegeneratedData = z.object({
  cardId: z.string(),
  commandId: z.string(),
  humanReadableId: z.string(),
  secretVersion: z.number().int().min(2),
  /**
   * the signed QR payload of this secret version (`P1.…`), what the card shows at the till: wallet passes
   * carry it in their barcode (ADR 0012); absent in events recorded before passes existed
   */
  qrPayload: z.string().optional(),
  actorId: z.string(),
  actorRole: z.enum(['customer', 'staff']),
  regeneratedAt: z.iso.datetime({ offset: true }),
});
export type CardRegeneratedData = z.infer<typeof CardRegeneratedData>;

export const CardClosedData = z.object({
  cardId: z.string(),
  reason: z.enum(['program_deleted', 'client_removed', 'tenant_deleted']),
  closedAt: z.iso.datetime({ offset: true }),
});
export type CardClosedData = z.infer<typeof CardClosedData>;

/**
 * cardledger.cards.v1 ReferralInviteChanged (ADR 0061, stream `invite-<cardId>`): the card's personal invite code
 * as its pass shows it — set while the company runs referrals for the program, `null` once they are switched off.
 */
export const ReferralInviteChangedData = z.object({
  cardId: z.string(),
  tenantId: z.string(),
  programId: z.string(),
  code: z.string().nullable(),
  changedAt: z.iso.datetime({ offset: true }),
});
export type ReferralInviteChangedData = z.infer<typeof ReferralInviteChangedData>;

/**
 * An employee awarded unusually much within the window (count or points above the thresholds). A signal
 * for the owner and analytics; the award itself was not blocked. Recorded on the card whose award crossed
 * the threshold, at most once per window per employee.
 */
export const AwardAnomalyDetectedData = z.object({
  cardId: z.string(),
  tenantId: z.string(),
  employeeId: z.string(),
  windowMinutes: z.number().int(),
  awards: z.number().int(),
  points: z.number().int(),
  stamps: z.number().int(),
  thresholds: z.object({ awards: z.number().int(), points: z.number().int() }),
  detectedAt: z.iso.datetime({ offset: true }),
});
export type AwardAnomalyDetectedData = z.infer<typeof AwardAnomalyDetectedData>;

/**
 * The card got its birthday reward (ADR 0058): granted by the card ledger once per card per birthday year
 * (`year`: the year of the birthday the window surrounds), usable from `validFrom` to `validUntil` (Warsaw dates,
 * inclusive). No birthday in the event: the window tells when, not the person's date.
 */
export const BirthdayRewardGrantedData = z.object({
  cardId: z.string(),
  tenantId: z.string(),
  programId: z.string(),
  year: z.number().int(),
  name: z.string(),
  validFrom: z.iso.date(),
  validUntil: z.iso.date(),
  grantedAt: z.iso.datetime({ offset: true }),
});
export type BirthdayRewardGrantedData = z.infer<typeof BirthdayRewardGrantedData>;

/** Staff gave out the card's birthday reward of `year` (costs no points or stamps; once). */
export const BirthdayRewardRedeemedData = z.object({
  cardId: z.string(),
  commandId: z.string(),
  year: z.number().int(),
  name: z.string(),
  employeeId: z.string(),
  redeemedAt: z.iso.datetime({ offset: true }),
});
export type BirthdayRewardRedeemedData = z.infer<typeof BirthdayRewardRedeemedData>;

/** A lot of points or stamps by the Warsaw date it was earned (expiry, ADR 0062). */
export const EarnedLotData = z.object({ earnedOn: z.iso.date(), amount: z.number().int().min(1) });

/**
 * Points or stamps expired (ADR 0062), decided by the nightly sweep on the card of a program with expiry on:
 * `after_earning` — the lots earned `months` months before `expiredOn` or earlier; `inactivity` — the whole balance,
 * `months` months after the last visit (`lastVisitOn`). Lifetime points (and a tiers level) stay.
 */
export const BalanceExpiredData = z.object({
  cardId: z.string(),
  tenantId: z.string(),
  programId: z.string(),
  unit: z.enum(['points', 'stamps']),
  amount: z.number().int().min(1),
  mode: z.enum(['inactivity', 'after_earning']),
  months: z.number().int(),
  /** the lots that expired (oldest first) */
  lots: z.array(EarnedLotData),
  /** inactivity: the Warsaw date of the visit the months count from, else null */
  lastVisitOn: z.iso.date().nullable(),
  /** the Warsaw date the expiry was due and happened */
  expiredOn: z.iso.date(),
  balance: CardBalanceData,
  expiredAt: z.iso.datetime({ offset: true }),
});
export type BalanceExpiredData = z.infer<typeof BalanceExpiredData>;

/**
 * The card's next expiry is `daysBefore` (30 or 3) days away or nearer (ADR 0062): recorded once per card, expiry
 * date and `daysBefore`, so a consumer (the notification service's expiry warning) reacts exactly once. Names the
 * card's client and holder by id only.
 */
export const ExpiryWarningDueData = z.object({
  cardId: z.string(),
  tenantId: z.string(),
  programId: z.string(),
  clientId: z.string(),
  userId: z.string(),
  unit: z.enum(['points', 'stamps']),
  amount: z.number().int().min(1),
  on: z.iso.date(),
  daysBefore: z.number().int(),
  dueAt: z.iso.datetime({ offset: true }),
});
export type ExpiryWarningDueData = z.infer<typeof ExpiryWarningDueData>;

/**
 * survey.surveys.v1 SurveyResponseRecorded: one anonymous NPS answer (scale 1–10, SPEC §9). It names no
 * customer, card, client or survey: the link from the survey's token to the person is destroyed when the
 * answer is recorded, and the visit is known only by its week. The comment stays in the survey service.
 * The card ledger's analytics count it in "NPS over time".
 */
export const SurveyResponseRecordedData = z.object({
  responseId: z.string(),
  tenantId: z.string(),
  /** the program of the visit's card (analytics filter by program), else null */
  programId: z.string().nullable(),
  score: z.number().int().min(1).max(10),
  /** Monday (Europe/Warsaw) of the week of the visit, `2026-11-23` */
  visitWeek: z.iso.date(),
});
export type SurveyResponseRecordedData = z.infer<typeof SurveyResponseRecordedData>;

// ─── billing.subscriptions.v1 (billing; stream `subscription-<tenantId>`, aggregateId = tenantId) ───────
// TrialStarted, SubscriptionActivated, SubscriptionRenewed, SubscriptionUpgraded, PlanChangeScheduled,
// PlanChangeWithdrawn, CancellationScheduled, CancellationWithdrawn, RenewalFailed (past_due),
// SubscriptionLapsed, SubscriptionCancelled. Every event carries the tenant's resulting `entitlement`, so a
// consumer (tenant: read-only panel; card ledger: the active-customer cap) needs only the latest one.

export const SubscriptionEntitlement = z.object({
  status: z.enum(['trialing', 'active', 'past_due', 'lapsed', 'cancelled']),
  planId: z.enum(['trial', 'basic', 'extended']),
  /** active customers (cards not closed) the plan allows */
  customerLimit: z.number().int().min(1),
  /** false when lapsed or cancelled: the panel is read-only; customers' cards keep working */
  writable: z.boolean(),
  periodEnd: z.iso.datetime({ offset: true }),
});
export type SubscriptionEntitlement = z.infer<typeof SubscriptionEntitlement>;

const subscriptionEvent = <T extends z.ZodRawShape>(shape: T) =>
  z.object({
    tenantId: z.string(),
    entitlement: SubscriptionEntitlement,
    at: z.iso.datetime({ offset: true }),
    ...shape,
  });
const paidPeriod = {
  planId: z.enum(['basic', 'extended']),
  isForYear: z.boolean(),
  periodStart: z.iso.datetime({ offset: true }),
  periodEnd: z.iso.datetime({ offset: true }),
  paymentId: z.string(),
  amountGrosze: z.number().int().min(0),
};

export const TrialStartedData = subscriptionEvent({ trialEndsAt: z.iso.datetime({ offset: true }) });
export const SubscriptionActivatedData = subscriptionEvent(paidPeriod);
export const SubscriptionRenewedData = subscriptionEvent(paidPeriod);
export const SubscriptionUpgradedData = subscriptionEvent(paidPeriod);
export const PlanChangeScheduledData = subscriptionEvent({
  planId: z.enum(['basic', 'extended']),
  isForYear: z.boolean(),
  effectiveAt: z.iso.datetime({ offset: true }),
});
export const PlanChangeWithdrawnData = subscriptionEvent({});
export const CancellationScheduledData = subscriptionEvent({ effectiveAt: z.iso.datetime({ offset: true }) });
export const CancellationWithdrawnData = subscriptionEvent({});
export const RenewalFailedData = subscriptionEvent({
  /** 1 = the charge at the period's end, 2–4 = the retries after 1, 3 and 7 days */
  attempt: z.number().int().min(1),
  reason: z.string(),
  /** the next retry, or null when this was the last one (a SubscriptionLapsed follows) */
  nextRetryAt: z.iso.datetime({ offset: true }).nullable(),
});
export const SubscriptionLapsedData = subscriptionEvent({
  reason: z.enum(['trial_ended', 'payment_failed']),
});
/**
 * `reason` (absent on events before ADR 0047 = `period_end`): a cancellation scheduled by the owner took
 * effect at the period's end, or the company was closed (deleted) and the subscription ended at once.
 */
export const SubscriptionCancelledData = subscriptionEvent({
  reason: z.enum(['period_end', 'company_closed']).optional(),
});

/** Any billing.subscriptions.v1 event, as the consumers that only need the entitlement read it. */
export const SubscriptionEntitlementCarrier = z.object({
  tenantId: z.string(),
  entitlement: SubscriptionEntitlement,
  at: z.iso.datetime({ offset: true }),
});

// ─── notification.messages.v1 (notification; stream `message-<campaignId>`, aggregateId = campaignId) ─────
// CampaignScheduled, CampaignCancelled, CampaignStarted, CampaignBatchDelivered, CampaignFinished,
// MarketingConsentWithdrawn. No personal data: recipients are named by client ids only, never by e-mail.

/**
 * A customer used the one-click unsubscribe link (RFC 8058) of a company message: their marketing consent for
 * that company is off for every client record of theirs in it. The tenant service records it on each client
 * (ClientMarketingConsentWithdrawn), so the clients list and export show "Nie" (ADR 0027).
 */
export const MarketingConsentWithdrawnData = z.object({
  campaignId: z.string(),
  tenantId: z.string(),
  clientIds: z.array(z.string()).min(1),
  withdrawnAt: z.iso.datetime({ offset: true }),
});
export type MarketingConsentWithdrawnData = z.infer<typeof MarketingConsentWithdrawnData>;
