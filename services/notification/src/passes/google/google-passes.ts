import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { mutateDocument } from '@punkto/platform/documents/mutate-document';
import type { Logger } from '@punkto/platform/observability/logger';
import { GoogleWalletError, type GoogleWallet } from '../providers/google/google-wallet.port';
import type { PassCopies } from '../pass-copies';
import { cardOnPass, holderPassState, passState, versionOf, type PassState } from '../pass-state';
import type { Enqueue, Handled, Work } from '../updates/pass-update-queue';
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

/**
 * Cards in Google Wallet: the save link for a customer's card (the object is written over REST first, the
 * link references it: WALLET.md's skinny JWT) and the live updates through the pass update queue — a PATCH of
 * the object on every change, a `TEXT_AND_NOTIFY` message when the balance changed (Google's quota of 3 per
 * pass per day is kept by the adapter: beyond it the message stays on the pass without a notice), and the
 * class updated when the company's name, colours or images or the program change.
 */
export function googlePasses(deps: {
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
}) {
  const { copies, wallet, issuerId, clock } = deps;
  const coalesceMs = deps.coalesceMs ?? 1000;
  const pageSize = deps.pageSize ?? 500;
  const objects = deps.documents.collection<GoogleObjectRecord>('google_pass_objects');
  const classes = deps.documents.collection<{ _id: string; version: number }>('google_pass_classes');
  const portalUrl = `${deps.publicUrl}/klient/karty`;

  /** the program's class at Google, written again when what it shows changed */
  async function ensureClass(state: PassState): Promise<void> {
    const id = classIdOf(issuerId, state.program.programId);
    const version = state.program.version + (state.company.version ?? 0);
    if (((await classes.get(id))?.version ?? -1) >= version) return;
    await wallet.upsertClass(loyaltyClassOf(issuerId, state, { callbackUrl: deps.callbackUrl }));
    await mutateDocument(classes, id, (current) =>
      current && current.version >= version ? current : { _id: id, version },
    );
  }

  /** writes the card's object as `state` shows it; the record of what was written */
  async function write(
    record: Pick<GoogleObjectRecord, '_id' | 'secretVersion'> & Partial<GoogleObjectRecord>,
    state: PassState,
    options: { insert: boolean },
  ): Promise<void> {
    const voided =
      record.secretVersion < state.card.secretVersion || state.card.status === 'closed' || state.gone;
    const card = cardOnPass(state, portalUrl);
    const object = loyaltyObjectOf(issuerId, state, card, { secretVersion: record.secretVersion, voided });
    await ensureClass(state);
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
    await mutateDocument(objects, record._id, (current) => ({
      _id: record._id,
      cardId: state.card.cardId,
      tenantId: state.card.tenantId,
      programId: state.card.programId,
      secretVersion: record.secretVersion,
      saved: current?.saved ?? null,
      version: Math.max(version, current?.version ?? 0),
      notice,
      syncedAt: clock().toISOString(),
    }));
  }

  const objectUpdate: Work = {
    async handle(entry): Promise<Handled> {
      const record = await objects.get(entry.key);
      const card = record && (await copies.card(record.cardId));
      const state = card && (await passState(copies, card));
      if (!record || !state || record.version >= versionOf(state)) return { done: true };
      try {
        await write(record, state, { insert: false });
        return { done: true };
      } catch (error) {
        if (error instanceof GoogleWalletError && !error.retryable) {
          deps.logger.error({ err: error, objectId: record._id }, 'Google Wallet refused a pass update');
          await deps.onFailure?.({ tenantId: record.tenantId, reason: `Google: ${error.code}` });
          return { done: true };
        }
        throw error;
      }
    },
    async gaveUp(entry, reason) {
      const record = await objects.get(entry.key);
      if (record) await deps.onFailure?.({ tenantId: record.tenantId, reason });
    },
  };

  const scopeExpansion: Work = {
    async handle(entry, enqueue): Promise<Handled> {
      const scope = JSON.parse(entry.key) as Scope;
      const page = await objects.find(
        { ...scope, ...(entry.cursor !== null && { _id: { $gt: entry.cursor } }) },
        { sort: { _id: 1 }, limit: pageSize },
      );
      for (const record of page) await enqueueObject(record, 1, enqueue);
      return page.length < pageSize ? { done: true } : { continueFrom: page[page.length - 1]!._id };
    },
  };

  const enqueueObject = (record: GoogleObjectRecord, priority: 0 | 1, enqueue: Enqueue) =>
    enqueue(OBJECT, record._id, priority, new Date(Date.parse(record.syncedAt) + coalesceMs));

  return {
    work: { [OBJECT]: objectUpdate, [SCOPE]: scopeExpansion },

    async ensureIndexes(): Promise<void> {
      await objects.ensureIndex({ fields: { cardId: 1 } });
      await objects.ensureIndex({ fields: { tenantId: 1, _id: 1 } });
      await objects.ensureIndex({ fields: { programId: 1, _id: 1 } });
    },

    /** the save link of the caller's own card; its object is written (or brought up to date) first */
    async saveLinkFor(cardId: string, userId: string): Promise<string> {
      const { card, state } = await holderPassState(copies, cardId, userId);
      const id = objectIdOf(issuerId, card.cardId, card.secretVersion);
      const record = await objects.get(id);
      if (!record || record.version < versionOf(state))
        await write(record ?? { _id: id, secretVersion: card.secretVersion }, state, { insert: !record });
      return wallet.saveLink([{ id, classId: classIdOf(issuerId, card.programId) }]);
    },

    /** the card's passes changed: every object of the card is patched (an old QR's is made inactive) */
    async cardChanged(cardId: string, enqueue: Enqueue): Promise<void> {
      for (const record of await objects.find({ cardId })) await enqueueObject(record, 0, enqueue);
    },

    async scopeChanged(scope: Scope, enqueue: Enqueue): Promise<void> {
      await enqueue(SCOPE, JSON.stringify(scope), 2);
    },

    /**
     * the objects of these cards that Google reported saved and not removed (company messages:
     * wallet-messenger.ts); any QR version, the caller keeps the card's current one
     */
    async savedOf(cardIds: readonly string[]) {
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
    },

    /** passes of the company Google reported saved and not removed */
    installed: (tenantId: string) => objects.count({ tenantId, saved: true }),

    /** a verified save/delete callback; the company whose pass it was, null for an object we do not know */
    async saved(objectId: string, saved: boolean): Promise<string | null> {
      const record = await objects.get(objectId);
      if (!record) return null;
      await mutateDocument(objects, objectId, (current) => (current ? { ...current, saved } : null));
      return record.tenantId;
    },
  };
}

export type GooglePasses = ReturnType<typeof googlePasses>;
