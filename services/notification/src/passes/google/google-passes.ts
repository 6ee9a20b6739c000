import type { Collection, DocumentStore } from '@punkto/platform/documents/document-store.port';
import { mutateDocument } from '@punkto/platform/documents/mutate-document';
import type { Logger } from '@punkto/platform/observability/logger';
import { GoogleWalletError, type GoogleWallet } from '../providers/google/google-wallet.port';
import type { PassCopies } from '../pass-copies';
import { cardOnPass, holderPassState, passState, versionOf, type PassState } from '../pass-state';
import type { Enqueue, Handled, QueueEntry, Work } from '../updates/pass-update-queue';
import { balanceOf, classIdOf, loyaltyClassOf, loyaltyObjectOf, objectIdOf } from './google-loyalty';

/** One card's object at Google, as this service last wrote it. */
interface GoogleObjectRecord {
  /** the object id */
  _id: string;
  cardId: string;
  tenantId: string;
  programId: string;
  secretVersion: number;
  /** the pass version last written (pass-state.ts) */
  version: number;
  /** the balance notice last sent, so a notice goes out only when the balance changed */
  notice: string;
  syncedAt: string;
  /** what Google's callbacks said: saved in a wallet (true), removed (false), not known yet (null) */
  saved: boolean | null;
}

type Scope = { tenantId: string } | { programId: string };

const OBJECT = 'google-object';
const SCOPE = 'google-scope';

export interface GoogleFailure {
  tenantId: string;
  reason: string;
}

export interface GooglePassesDeps {
  copies: PassCopies;
  documents: DocumentStore;
  wallet: GoogleWallet;
  issuerId: string;
  publicUrl: string;
  /** where Google posts save/delete callbacks; null: none (the embedded adapter) */
  callbackUrl: string | null;
  clock: () => Date;
  logger: Logger;
  coalesceMs?: number;
  pageSize?: number;
  onFailure?: (failure: GoogleFailure) => Promise<void>;
}

/** What the functions below share: the deps with their defaults, and the collections of what was written. */
interface GoogleContext extends GooglePassesDeps {
  coalesceMs: number;
  pageSize: number;
  objects: Collection<GoogleObjectRecord>;
  classes: Collection<{ _id: string; version: number }>;
}

/**
 * Cards in Google Wallet: the save link for a customer's card (the object is written over REST first, the
 * link references it: WALLET.md's skinny JWT) and the live updates through the pass update queue — a PATCH of
 * the object on every change, a `TEXT_AND_NOTIFY` message when the balance changed (Google's quota of 3 per
 * pass per day is kept by the adapter: beyond it the message stays on the pass without a notice), and the
 * class updated when the company's name, colours or images or the program change.
 */
export function googlePasses(deps: GooglePassesDeps) {
  const ctx: GoogleContext = {
    ...deps,
    coalesceMs: deps.coalesceMs ?? 1000,
    pageSize: deps.pageSize ?? 500,
    objects: deps.documents.collection<GoogleObjectRecord>('google_pass_objects'),
    classes: deps.documents.collection<{ _id: string; version: number }>('google_pass_classes'),
  };
  const objectUpdate: Work = {
    handle: (entry) => updateObject(ctx, entry),
    gaveUp: (entry, reason) => reportGivenUp(ctx, entry, reason),
  };
  const scopeExpansion: Work = { handle: (entry, enqueue) => expandScope(ctx, entry, enqueue) };
  return {
    work: { [OBJECT]: objectUpdate, [SCOPE]: scopeExpansion },
    ensureIndexes: () => ensureObjectIndexes(ctx.objects),
    saveLinkFor: (cardId: string, userId: string) => saveLinkFor(ctx, cardId, userId),
    cardChanged: (cardId: string, enqueue: Enqueue) => cardChanged(ctx, cardId, enqueue),
    scopeChanged: (scope: Scope, enqueue: Enqueue) => enqueue(SCOPE, JSON.stringify(scope), 2),
    savedOf: (cardIds: readonly string[]) => savedOf(ctx.objects, cardIds),
    /** passes of the company Google reported saved and not removed */
    installed: (tenantId: string) => ctx.objects.count({ tenantId, saved: true }),
    saved: (objectId: string, saved: boolean) => markSaved(ctx.objects, objectId, saved),
  };
}

export type GooglePasses = ReturnType<typeof googlePasses>;

async function ensureObjectIndexes(objects: Collection<GoogleObjectRecord>): Promise<void> {
  await objects.ensureIndex({ fields: { cardId: 1 } });
  await objects.ensureIndex({ fields: { tenantId: 1, _id: 1 } });
  await objects.ensureIndex({ fields: { programId: 1, _id: 1 } });
}

/** the program's class at Google, written again when what it shows changed */
async function ensureClass({ classes, wallet, issuerId, callbackUrl }: GoogleContext, state: PassState) {
  const id = classIdOf(issuerId, state.program.programId);
  const version = state.program.version + (state.company.version ?? 0);
  if (((await classes.get(id))?.version ?? -1) >= version) return;
  await wallet.upsertClass(loyaltyClassOf(issuerId, state, { callbackUrl }));
  await mutateDocument(classes, id, (current) =>
    current && current.version >= version ? current : { _id: id, version },
  );
}

/** writes the card's object as `state` shows it; the record of what was written */
async function writeObject(
  ctx: GoogleContext,
  record: Pick<GoogleObjectRecord, '_id' | 'secretVersion'> & Partial<GoogleObjectRecord>,
  state: PassState,
  options: { insert: boolean },
): Promise<void> {
  const { wallet, issuerId } = ctx;
  const voided =
    record.secretVersion < state.card.secretVersion || state.card.status === 'closed' || state.gone;
  const card = cardOnPass(state, ctx.publicUrl);
  const object = loyaltyObjectOf(issuerId, state, card, { secretVersion: record.secretVersion, voided });
  await ensureClass(ctx, state);
  // a whole write drops what the object no longer shows (a void pass's code); a PATCH only merges
  if (options.insert || voided) await wallet.upsertObject(object);
  else {
    const { id: _, classId: __, ...patch } = object;
    try {
      await wallet.patchObject(record._id, patch);
    } catch (error) {
      if (!(error instanceof GoogleWalletError && error.status === 404)) throw error;
      await wallet.upsertObject(object); // gone at Google (or never written): write it whole
    }
  }
  const { notice } = balanceOf(card);
  if (!options.insert && !voided && record.notice !== undefined && record.notice !== notice)
    await wallet.addMessage(
      record._id,
      { id: `balance-${versionOf(state)}`, header: state.company.companyName, body: notice },
      { notify: true },
    );
  const version = versionOf(state);
  await mutateDocument(ctx.objects, record._id, (current) => ({
    _id: record._id,
    cardId: state.card.cardId,
    tenantId: state.card.tenantId,
    programId: state.card.programId,
    secretVersion: record.secretVersion,
    saved: current?.saved ?? null,
    version: Math.max(version, current?.version ?? 0),
    notice,
    syncedAt: ctx.clock().toISOString(),
  }));
}

/** queue work: the object brought up to date with its card; a refusal Google will repeat is reported, not retried */
async function updateObject(ctx: GoogleContext, entry: QueueEntry): Promise<Handled> {
  const record = await ctx.objects.get(entry.key);
  const card = record && (await ctx.copies.card(record.cardId));
  const state = card && (await passState(ctx.copies, card));
  if (!record || !state || record.version >= versionOf(state)) return { done: true };
  try {
    await writeObject(ctx, record, state, { insert: false });
    return { done: true };
  } catch (error) {
    if (error instanceof GoogleWalletError && !error.retryable) {
      ctx.logger.error({ err: error, objectId: record._id }, 'Google Wallet refused a pass update');
      await ctx.onFailure?.({ tenantId: record.tenantId, reason: `Google: ${error.code}` });
      return { done: true };
    }
    throw error;
  }
}

async function reportGivenUp(ctx: GoogleContext, entry: QueueEntry, reason: string): Promise<void> {
  const record = await ctx.objects.get(entry.key);
  if (record) await ctx.onFailure?.({ tenantId: record.tenantId, reason });
}

/** queue work: a company's or program's change, expanded a page at a time into an update of each object */
async function expandScope(ctx: GoogleContext, entry: QueueEntry, enqueue: Enqueue): Promise<Handled> {
  const { pageSize } = ctx;
  const scope = JSON.parse(entry.key) as Scope;
  const page = await ctx.objects.find(
    { ...scope, ...(entry.cursor !== null && { _id: { $gt: entry.cursor } }) },
    { sort: { _id: 1 }, limit: pageSize },
  );
  for (const record of page) await enqueueObject(ctx, record, 1, enqueue);
  return page.length < pageSize ? { done: true } : { continueFrom: page[page.length - 1]!._id };
}

const enqueueObject = (ctx: GoogleContext, record: GoogleObjectRecord, priority: 0 | 1, enqueue: Enqueue) =>
  enqueue(OBJECT, record._id, priority, new Date(Date.parse(record.syncedAt) + ctx.coalesceMs));

/** the save link of the caller's own card; its object is written (or brought up to date) first */
async function saveLinkFor(ctx: GoogleContext, cardId: string, userId: string): Promise<string> {
  const { issuerId } = ctx;
  const { card, state } = await holderPassState(ctx.copies, cardId, userId);
  const id = objectIdOf(issuerId, card.cardId, card.secretVersion);
  const record = await ctx.objects.get(id);
  if (!record || record.version < versionOf(state))
    await writeObject(ctx, record ?? { _id: id, secretVersion: card.secretVersion }, state, {
      insert: !record,
    });
  return ctx.wallet.saveLink([{ id, classId: classIdOf(issuerId, card.programId) }]);
}

/** the card's passes changed: every object of the card is patched (an old QR's is made inactive) */
async function cardChanged(ctx: GoogleContext, cardId: string, enqueue: Enqueue): Promise<void> {
  for (const record of await ctx.objects.find({ cardId })) await enqueueObject(ctx, record, 0, enqueue);
}

/**
 * the objects of these cards that Google reported saved and not removed (company messages:
 * wallet-messenger.ts); any QR version, the caller keeps the card's current one
 */
async function savedOf(objects: Collection<GoogleObjectRecord>, cardIds: readonly string[]) {
  const found: { objectId: string; cardId: string; tenantId: string; secretVersion: number }[] = [];
  for (let i = 0; i < cardIds.length; i += 500) {
    const page = await objects.find({
      cardId: { $in: cardIds.slice(i, i + 500) as string[] },
      saved: true,
    });
    for (const r of page)
      found.push({
        objectId: r._id,
        cardId: r.cardId,
        tenantId: r.tenantId,
        secretVersion: r.secretVersion,
      });
  }
  return found;
}

/** a verified save/delete callback; the company whose pass it was, null for an object we do not know */
async function markSaved(
  objects: Collection<GoogleObjectRecord>,
  objectId: string,
  saved: boolean,
): Promise<string | null> {
  const record = await objects.get(objectId);
  if (!record) return null;
  await mutateDocument(objects, objectId, (current) => (current ? { ...current, saved } : null));
  return record.tenantId;
}
