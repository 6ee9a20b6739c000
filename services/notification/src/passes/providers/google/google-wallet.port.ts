/**
 * Google Wallet port: loyalty classes (one per programme) and loyalty objects (one per card), the messages
 * shown on a pass, and "Add to Google Wallet" links.
 *
 * The types are the subset of Google's `LoyaltyClass` / `LoyaltyObject` resources we use, spelled as Google's
 * JSON spells them so the REST adapter sends them unchanged. `version` is Google's int64, i.e. a decimal
 * string; `hasUsers` and `version` are set by Google (any value we send is ignored).
 */

/** Google's `Image`: a public URL Google fetches itself (logo ≥ 660×660, hero 1032×336). */
export interface WalletImage {
  sourceUri: { uri: string };
}

export type ClassReviewStatus = 'DRAFT' | 'UNDER_REVIEW' | 'APPROVED' | 'REJECTED';

export interface LoyaltyClass {
  /** `issuerId.suffix` */
  id: string;
  issuerName: string;
  programName: string;
  /** Google requires it on insert; `UNDER_REVIEW` makes the class usable */
  reviewStatus: ClassReviewStatus;
  programLogo?: WalletImage;
  heroImage?: WalletImage;
  /** `#rrggbb` */
  hexBackgroundColor?: string;
  /** where Google POSTs signed save/delete callbacks (see callback-verifier.ts) */
  callbackOptions?: { url: string };
  /**
   * Google's `MerchantLocation`s (≤ 10 per class): where the pass is shown with a geofenced notification;
   * the older `locations` (LatLongPoint) do not trigger one (ADR 0057)
   */
  merchantLocations?: { latitude: number; longitude: number }[];
  version?: string;
}

export type LoyaltyObjectState = 'ACTIVE' | 'COMPLETED' | 'EXPIRED' | 'INACTIVE';

/** No stamp type exists: stamps are a string balance such as `7/10` (≤ ~7 characters shown). */
export interface LoyaltyPoints {
  label: string;
  balance: { string: string } | { int: number };
}

export interface WalletBarcode {
  type: 'QR_CODE';
  value: string;
  alternateText?: string;
}

export interface TextModule {
  id?: string;
  header: string;
  body: string;
}

export interface LinksModule {
  uris: { uri: string; description?: string; id?: string }[];
}

export type WalletMessageType = 'TEXT' | 'TEXT_AND_NOTIFY';

/** A message as stored on the pass (its back side). */
export interface WalletMessage {
  id: string;
  header: string;
  body: string;
  messageType?: WalletMessageType;
}

export interface LoyaltyObject {
  /** `issuerId.suffix` */
  id: string;
  /** `issuerId.suffix` of an existing class */
  classId: string;
  state: LoyaltyObjectState;
  accountId: string;
  /** ≤ ~20 characters are shown */
  accountName: string;
  loyaltyPoints?: LoyaltyPoints;
  secondaryLoyaltyPoints?: LoyaltyPoints;
  barcode?: WalletBarcode;
  textModulesData?: TextModule[];
  linksModuleData?: LinksModule;
  messages?: WalletMessage[];
  /** read-only: true once someone saved the pass */
  hasUsers?: boolean;
  version?: string;
}

/** PATCH body: top-level fields replace, nested objects merge, arrays replace. */
export type LoyaltyObjectPatch = Partial<Omit<LoyaltyObject, 'id' | 'classId' | 'hasUsers' | 'version'>>;

/** What `saveLink` puts in the JWT: references only (the "skinny JWT"), the object was inserted before. */
export interface ObjectRef {
  id: string;
  classId: string;
}

export interface GoogleWallet {
  /** insert, or replace when the class exists */
  upsertClass(loyaltyClass: LoyaltyClass): Promise<LoyaltyClass>;
  /**
   * insert, or replace when the object exists: like Google's update, fields left out (messages too) are
   * dropped; the read-only `hasUsers` is kept. The class must exist.
   */
  upsertObject(loyaltyObject: LoyaltyObject): Promise<LoyaltyObject>;
  /** the object as Google keeps it (with its messages), null when there is none (404) */
  getObject(id: string): Promise<LoyaltyObject | null>;
  /** the update path on every card change: merges `patch` into the stored object */
  patchObject(id: string, patch: LoyaltyObjectPatch): Promise<LoyaltyObject>;
  /**
   * Adds a message to the pass. With `notify` it is sent as `TEXT_AND_NOTIFY` (a lock-screen notice on the
   * holder's phone); beyond Google's quota (NOTIFY_QUOTA) it is sent again as `TEXT`: `notified: false`.
   */
  addMessage(
    objectId: string,
    message: Omit<WalletMessage, 'messageType'>,
    options: { notify: boolean },
  ): Promise<{ notified: boolean }>;
  /** `<saveOrigin>/gp/v/save/<jwt>`, shorter than MAX_SAVE_LINK_LENGTH or it throws */
  saveLink(objects: ObjectRef[]): Promise<string>;
  close(): Promise<void>;
}

/** What a dev page reads (embedded adapter only). */
export interface RecordedWalletMessage {
  id: string;
  objectId: string;
  message: WalletMessage;
  notified: boolean;
  /** ISO date */
  at: string;
}

export interface GoogleWalletRecords {
  listClasses(): Promise<LoyaltyClass[]>;
  listObjects(): Promise<LoyaltyObject[]>;
  /** newest first */
  listMessages(objectId?: string): Promise<RecordedWalletMessage[]>;
}

/** Google notifies at most 3 times per pass per rolling 24 h; later TEXT_AND_NOTIFY calls fail. */
export const NOTIFY_QUOTA = { perObject: 3, windowMs: 24 * 60 * 60 * 1000 } as const;

/** Longer save links are cut by browsers and refused by Google. */
export const MAX_SAVE_LINK_LENGTH = 1800;

export const DEFAULT_SAVE_ORIGIN = 'https://pay.google.com';

/**
 * Google's answer `{"error":{"code","message","status"}}` (or an equivalent refusal of the embedded adapter).
 * `status` is the HTTP status, `code` Google's canonical status (`NOT_FOUND`, `ALREADY_EXISTS`,
 * `INVALID_ARGUMENT`, `RESOURCE_EXHAUSTED`, `UNAUTHENTICATED`, …) or, for a refused token exchange, the
 * OAuth error (`invalid_grant`); `reason` is the first `errors[].reason`.
 */
export class GoogleWalletError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly reason?: string,
  ) {
    super(`Google Wallet ${status} ${code}: ${message}`);
    this.name = 'GoogleWalletError';
  }

  /** worth sending again later: rate limits and server errors */
  get retryable(): boolean {
    return this.status === 429 || this.status >= 500;
  }
}

export class InvalidWalletIdError extends Error {
  readonly code = 'GOOGLE_WALLET.INVALID_ID';
  constructor(id: unknown, issuerId: string) {
    super(
      `invalid Google Wallet id ${JSON.stringify(id)}: expected "${issuerId}.<suffix>" with a suffix of A-Z a-z 0-9 . _ -`,
    );
    this.name = 'InvalidWalletIdError';
  }
}

const SUFFIX = /^[A-Za-z0-9._-]+$/;

export function isValidWalletId(id: unknown, issuerId: string): boolean {
  return (
    typeof id === 'string' && id.startsWith(`${issuerId}.`) && SUFFIX.test(id.slice(issuerId.length + 1))
  );
}

/** Checked before any IO so a bad id never reaches Google (which would answer 400 or 403). */
export function assertWalletId(id: unknown, issuerId: string): asserts id is string {
  if (!isValidWalletId(id, issuerId)) throw new InvalidWalletIdError(id, issuerId);
}
