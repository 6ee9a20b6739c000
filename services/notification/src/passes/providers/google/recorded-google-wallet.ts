import { createPrivateKey, createPublicKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { v7 as uuidv7 } from 'uuid';
import { DuplicateKeyError } from '@punkto/platform/errors/errors';
import type { Collection, DocumentStore, Stored } from '@punkto/platform/documents/document-store.port';
import { mutateDocument } from '@punkto/platform/documents/mutate-document';
import {
  assertWalletId,
  DEFAULT_SAVE_ORIGIN,
  GoogleWalletError,
  NOTIFY_QUOTA,
  type GoogleWallet,
  type GoogleWalletRecords,
  type LoyaltyClass,
  type LoyaltyObject,
  type LoyaltyObjectPatch,
  type ObjectRef,
  type RecordedWalletMessage,
  type WalletMessage,
} from './google-wallet.port';
import { signSaveLink } from './save-link';

export interface RecordedGoogleWalletOptions {
  issuerId: string;
  /** `iss` of save-link JWTs; default `punkto-dev@recorded-wallet.local` */
  serviceAccountEmail?: string;
  /** default https://pay.google.com (Google refuses the links: the key is ours, not a service account's) */
  saveOrigin?: string;
  origins?: string[];
  /** the process's clock (ServiceDeps.clock) */
  now: () => Date;
}

export const CLASSES_COLLECTION = 'wallet_google_classes';
export const OBJECTS_COLLECTION = 'wallet_google_objects';
export const MESSAGES_COLLECTION = 'wallet_google_messages';
export const KEYS_COLLECTION = 'wallet_google_keys';
const SAVE_LINK_KEY_ID = 'save-link-signing-key';

type ClassDoc = LoyaltyClass & { _id: string };
type ObjectDoc = LoyaltyObject & { _id: string };
type MessageDoc = Omit<RecordedWalletMessage, 'id'> & { _id: string };
type KeyDoc = { _id: string; privateKeyPem: string; createdAt: string };

const STATES = ['ACTIVE', 'COMPLETED', 'EXPIRED', 'INACTIVE'];
const REVIEW_STATUSES = ['DRAFT', 'UNDER_REVIEW', 'APPROVED', 'REJECTED'];

/**
 * The embedded GoogleWallet (no servers, no Google account): plays Google's side in the document store so
 * development and tests see what Google would hold. Classes and objects keep Google's rules: insert-or-
 * replace, PATCH merge, a `version` bump on every change, 404 for unknown objects or classes, 400 for
 * bad enums, the 3-per-24 h notify quota (beyond it the message is kept as `TEXT`, `notified: false`).
 *
 * Save links are signed with a development RSA key generated on first use (the first save link, or
 * `prepareSigningKey`) and kept in a document, so links handed out stay verifiable across restarts; opening
 * never waits for a key to be generated. Every addMessage is recorded for the dev page (`listMessages`).
 */
export class RecordedGoogleWallet implements GoogleWallet, GoogleWalletRecords {
  private readonly classes: Collection<ClassDoc>;
  private readonly objects: Collection<ObjectDoc>;
  private readonly messages: Collection<MessageDoc>;
  private readonly now: () => Date;
  private readonly keys: Collection<KeyDoc>;
  private signingKey: Promise<KeyObject> | null = null;
  private closed = false;

  private constructor(
    store: DocumentStore,
    private readonly options: RecordedGoogleWalletOptions,
  ) {
    this.keys = store.collection<KeyDoc>(KEYS_COLLECTION);
    this.classes = store.collection<ClassDoc>(CLASSES_COLLECTION);
    this.objects = store.collection<ObjectDoc>(OBJECTS_COLLECTION);
    this.messages = store.collection<MessageDoc>(MESSAGES_COLLECTION);
    this.now = options.now;
  }

  static async open(
    store: DocumentStore,
    options: RecordedGoogleWalletOptions,
  ): Promise<RecordedGoogleWallet> {
    const messages = store.collection<MessageDoc>(MESSAGES_COLLECTION);
    await messages.ensureIndex({ fields: { objectId: 1, at: 1 } });
    return new RecordedGoogleWallet(store, options);
  }

  /**
   * The save-link key: read from its document, or generated (RSA, on the thread pool) and kept, once; a
   * failure is not remembered, the next use tries again.
   */
  private key(): Promise<KeyObject> {
    this.signingKey ??= loadOrCreateSigningKey(this.keys, this.now).catch((error: unknown) => {
      this.signingKey = null;
      throw error;
    });
    return this.signingKey;
  }

  /** Has the save-link key ready before the first link needs it (a warm-up; never needed to serve). */
  async prepareSigningKey(): Promise<void> {
    await this.key();
  }

  async upsertClass(loyaltyClass: LoyaltyClass): Promise<LoyaltyClass> {
    this.assertOpen();
    assertWalletId(loyaltyClass.id, this.options.issuerId);
    if (!REVIEW_STATUSES.includes(loyaltyClass.reviewStatus))
      throw invalid(`reviewStatus ${JSON.stringify(loyaltyClass.reviewStatus)}`);
    const stored = await mutateDocument(this.classes, loyaltyClass.id, (current) => ({
      ...writable(loyaltyClass),
      _id: loyaltyClass.id,
      version: nextVersion(current),
    }));
    return fromDoc(stored!);
  }

  async upsertObject(loyaltyObject: LoyaltyObject): Promise<LoyaltyObject> {
    this.assertOpen();
    assertWalletId(loyaltyObject.id, this.options.issuerId);
    assertWalletId(loyaltyObject.classId, this.options.issuerId);
    validateObject(loyaltyObject);
    if (!(await this.classes.get(loyaltyObject.classId)))
      throw new GoogleWalletError(404, 'NOT_FOUND', `class ${loyaltyObject.classId} not found`);
    const stored = await mutateDocument(this.objects, loyaltyObject.id, (current) => ({
      ...writable(loyaltyObject),
      _id: loyaltyObject.id,
      hasUsers: current?.hasUsers ?? false,
      version: nextVersion(current),
    }));
    return fromDoc(stored!);
  }

  async getObject(id: string): Promise<LoyaltyObject | null> {
    this.assertOpen();
    assertWalletId(id, this.options.issuerId);
    const stored = await this.objects.get(id);
    return stored ? fromDoc(stored) : null;
  }

  async patchObject(id: string, patch: LoyaltyObjectPatch): Promise<LoyaltyObject> {
    this.assertOpen();
    assertWalletId(id, this.options.issuerId);
    const stored = await mutateDocument(this.objects, id, (current) => {
      if (!current) throw notFound(id);
      const merged = mergePatch({ ...current }, writable(patch)) as unknown as ObjectDoc;
      validateObject(merged);
      return { ...merged, id: current.id, classId: current.classId, version: nextVersion(current) };
    });
    return fromDoc(stored!);
  }

  async addMessage(
    objectId: string,
    message: Omit<WalletMessage, 'messageType'>,
    options: { notify: boolean },
  ): Promise<{ notified: boolean }> {
    this.assertOpen();
    assertWalletId(objectId, this.options.issuerId);
    if (!(await this.objects.get(objectId))) throw notFound(objectId);
    const at = this.now();
    // Two concurrent calls may both pass this count: acceptable for a development double.
    const recent = options.notify
      ? await this.messages.count({
          objectId,
          notified: true,
          at: { $gt: new Date(at.getTime() - NOTIFY_QUOTA.windowMs).toISOString() },
        })
      : 0;
    const notified = options.notify && recent < NOTIFY_QUOTA.perObject;
    const stored: WalletMessage = {
      ...writable(message),
      messageType: notified ? 'TEXT_AND_NOTIFY' : 'TEXT',
    };
    await mutateDocument(this.objects, objectId, (current) => {
      if (!current) throw notFound(objectId);
      const others = (current.messages ?? []).filter((m) => m.id !== message.id);
      return { ...current, messages: [...others, stored], version: nextVersion(current) };
    });
    await this.messages.insert({ _id: uuidv7(), objectId, message: stored, notified, at: at.toISOString() });
    return { notified };
  }

  async saveLink(objects: ObjectRef[]): Promise<string> {
    this.assertOpen();
    return signSaveLink(
      {
        issuerId: this.options.issuerId,
        serviceAccountEmail: this.options.serviceAccountEmail ?? 'punkto-dev@recorded-wallet.local',
        privateKey: await this.key(),
        origins: this.options.origins ?? [],
        saveOrigin: this.options.saveOrigin ?? DEFAULT_SAVE_ORIGIN,
        now: this.now,
      },
      objects,
    );
  }

  /** verifies the save links this adapter signs (the dev page, tests) */
  async saveLinkPublicKeyPem(): Promise<string> {
    return createPublicKey(await this.key())
      .export({ format: 'pem', type: 'spki' })
      .toString();
  }

  async listClasses(): Promise<LoyaltyClass[]> {
    return (await this.classes.find({}, { sort: { _id: 1 } })).map(fromDoc);
  }

  async listObjects(): Promise<LoyaltyObject[]> {
    return (await this.objects.find({}, { sort: { _id: 1 } })).map(fromDoc);
  }

  async listMessages(objectId?: string): Promise<RecordedWalletMessage[]> {
    const docs = await this.messages.find(objectId ? { objectId } : {}, { sort: { _id: -1 } });
    return docs.map(({ _id, _rev: _, ...rest }) => ({ id: _id, ...rest }));
  }

  /** the document store belongs to the caller and stays open */
  async close(): Promise<void> {
    this.closed = true;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('RecordedGoogleWallet is closed');
  }
}

/** One key per store: concurrent first opens race on the insert and the loser reads the winner's key. */
async function loadOrCreateSigningKey(keys: Collection<KeyDoc>, now: () => Date): Promise<KeyObject> {
  const existing = await keys.get(SAVE_LINK_KEY_ID);
  if (existing) return createPrivateKey(existing.privateKeyPem);
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  try {
    await keys.insert({
      _id: SAVE_LINK_KEY_ID,
      privateKeyPem,
      createdAt: now().toISOString(),
    });
    return privateKey;
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
    return createPrivateKey((await keys.get(SAVE_LINK_KEY_ID))!.privateKeyPem);
  }
}

/** PATCH semantics: fields present replace, nested objects merge, arrays replace. */
export function mergePatch(
  target: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    const current = out[key];
    out[key] =
      isPlainObject(value) && isPlainObject(current) ? mergePatch(current, value) : (value as unknown);
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON copy without the fields Google sets itself (documents hold JSON only: no undefined). */
function writable<T extends object>(resource: T): T {
  const {
    hasUsers: _h,
    version: _v,
    _id,
    _rev,
    ...rest
  } = JSON.parse(JSON.stringify(resource)) as Record<string, unknown>;
  return rest as T;
}

function fromDoc<T extends { _id: string }>(doc: Stored<T>): Omit<T, '_id'> {
  const { _id, _rev, ...resource } = doc;
  return resource as Omit<T, '_id'>;
}

function nextVersion(current: { version?: string } | null): string {
  return String(Number(current?.version ?? 0) + 1);
}

function validateObject(object: Partial<LoyaltyObject>): void {
  if (!STATES.includes(object.state as string)) throw invalid(`state ${JSON.stringify(object.state)}`);
  if (object.barcode && object.barcode.type !== 'QR_CODE')
    throw invalid(`barcode.type ${JSON.stringify(object.barcode.type)}`);
  for (const points of [object.loyaltyPoints, object.secondaryLoyaltyPoints]) {
    const balance = points?.balance as Record<string, unknown> | undefined;
    if (points && !(typeof balance?.string === 'string' || Number.isInteger(balance?.int)))
      throw invalid('loyaltyPoints.balance: expected {string} or {int}');
  }
}

const invalid = (what: string) => new GoogleWalletError(400, 'INVALID_ARGUMENT', `invalid ${what}`);
const notFound = (id: string) => new GoogleWalletError(404, 'NOT_FOUND', `object ${id} not found`);
