import {
  DEFAULT_REFERRAL_SETTINGS,
  type ReferralFigures,
  type ReferralRefusal,
  type ReferralSettings,
} from '@punkto/contracts/referrals';
import { addDays, warsawAt, warsawDate } from '@punkto/contracts/warsaw-time';
import type { Collection, DocumentStore } from '@punkto/platform/documents/document-store.port';
import { DuplicateKeyError } from '@punkto/platform/errors/errors';
import { createHash, randomInt } from 'node:crypto';
import type { Referral } from './referral';

/**
 * The referrals' documents (ADR 0061):
 * - `referral_settings`: the company's settings per program (off by default);
 * - `referral_invites`: one random invite code per card (`_id` = the code: 12 of base32, nothing derivable from
 *   it) and the hashed device cookies the referrer opened it from (the same-device rule; the last 10);
 * - `referrals`: the read model of the Referral streams, one per friend's card — the referrer's monthly cap
 *   and the company's analytics count it. A claim writes a `pending` document BEFORE it appends to the stream, so
 *   a card without a document has no referral at all (the friend's awards need no stream read to know it), and a
 *   `pending` one is where a crash between the append and the read model may have left a claim behind.
 */
export type SettingsDoc = ReferralSettings & { _id: string; tenantId: string };
export type InviteDoc = {
  _id: string;
  cardId: string;
  tenantId: string;
  programId: string;
  devices: string[];
};
export type ReferralDoc = {
  _id: string;
  tenantId: string;
  programId: string;
  referrerCardId: string;
  status: 'pending' | 'claimed' | 'refused' | 'rewarded';
  reason: ReferralRefusal | null;
  /** claimed or refused at */
  at: string;
  rewardedAt: string | null;
  /** the friend's award that rewarded it: a later award of the card has nothing to do here */
  awardCommandId?: string | null;
  month: string | null;
  referrerRewarded: boolean;
};

const DEVICES_KEPT = 10;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

export const randomReferralCode = () => Array.from({ length: 12 }, () => ALPHABET[randomInt(32)]).join('');
/** device cookies are kept hashed: they are compared, never shown */
export const deviceHash = (device: string) =>
  createHash('sha256').update(`referral-device:${device}`).digest('base64url');

export async function referralStore(documents: DocumentStore) {
  const settings = documents.collection<SettingsDoc>('referral_settings');
  const invites = documents.collection<InviteDoc>('referral_invites');
  const referrals = documents.collection<ReferralDoc>('referrals');
  await invites.ensureIndex({ fields: { cardId: 1 }, unique: true });
  await referrals.ensureIndex({ fields: { referrerCardId: 1, month: 1 } });
  await referrals.ensureIndex({ fields: { tenantId: 1 } });
  return {
    async settingsOf(programId: string): Promise<ReferralSettings> {
      const doc = await settings.get(programId);
      if (!doc) return DEFAULT_REFERRAL_SETTINGS;
      const { enabled, referrerBonus, friendBonus, monthlyCap } = doc;
      return { enabled, referrerBonus, friendBonus, monthlyCap };
    },
    async saveSettings(tenantId: string, programId: string, value: ReferralSettings) {
      await settings.upsert({ _id: programId, tenantId, ...value });
    },
    invite: (code: string) => invites.get(code),
    /** the card's invite, made on first use (a lost race finds the winner's) */
    async inviteOf(card: { cardId: string; tenantId: string; programId: string }): Promise<InviteDoc> {
      for (;;) {
        const found = await invites.findOne({ cardId: card.cardId });
        if (found) return found;
        try {
          const { cardId, tenantId, programId } = card; // not the rest: a card record has its own `_id`
          return await invites.insert({
            _id: randomReferralCode(),
            cardId,
            tenantId,
            programId,
            devices: [],
          });
        } catch (error) {
          if (!(error instanceof DuplicateKeyError)) throw error;
        }
      }
    },
    async deviceSeen(invite: InviteDoc, device: string) {
      const hash = deviceHash(device);
      if (invite.devices.includes(hash)) return;
      await invites.upsert({ ...invite, devices: [...invite.devices, hash].slice(-DEVICES_KEPT) });
    },
    /** the referrer's referrals that gave the referrer a bonus in that month */
    rewardedIn: (referrerCardId: string, month: string) =>
      referrals.count({ referrerCardId, month, referrerRewarded: true }),
    referral: (friendCardId: string) => referrals.get(friendCardId),
    /** before a claim's append: a card with no document is then known to have no referral (a repeat keeps it) */
    claimStarting: (party: ClaimParty, at: string) => insertPending(referrals, party, at),
    /** invited (claimed), rewarded and refused referrals in a period of Warsaw days (analytics, ADR 0061) */
    figures: (tenantId: string, period: FiguresPeriod) => referralFigures(referrals, tenantId, period),
    /** the read model of one Referral stream after a command */
    async project(friendCardId: string, state: Referral) {
      if (state.status === 'none') return;
      await referrals.upsert({
        _id: friendCardId,
        tenantId: state.tenantId,
        programId: state.programId,
        referrerCardId: state.referrerCardId,
        status: state.status,
        reason: state.status === 'refused' ? state.reason : null,
        at: state.status === 'refused' ? state.refusedAt : state.claimedAt,
        rewardedAt: state.status === 'rewarded' ? state.rewardedAt : null,
        awardCommandId: state.status === 'rewarded' ? state.awardCommandId : null,
        month: state.status === 'rewarded' ? state.month : null,
        referrerRewarded: state.status === 'rewarded' && state.referrerBonus > 0,
      });
    },
  };
}
export type ReferralStore = Awaited<ReturnType<typeof referralStore>>;

type ClaimParty = { friendCardId: string; tenantId: string; programId: string; referrerCardId: string };

async function insertPending(referrals: Collection<ReferralDoc>, party: ClaimParty, at: string) {
  const { friendCardId, ...ids } = party;
  try {
    await referrals.insert({
      _id: friendCardId,
      ...ids,
      status: 'pending',
      reason: null,
      at,
      rewardedAt: null,
      month: null,
      referrerRewarded: false,
    });
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
  }
}

type FiguresPeriod = { startDate: string; endDate: string; loyaltyProgramId: string | null };

async function referralFigures(
  referrals: Collection<ReferralDoc>,
  tenantId: string,
  period: FiguresPeriod,
): Promise<ReferralFigures> {
  const inPeriod = (at: string | null) =>
    at !== null && warsawDate(at) >= period.startDate && warsawDate(at) <= period.endDate;
  // only the period's referrals are read, not every one the company ever had (stored as ISO instants)
  const range = {
    $gte: warsawAt(period.startDate, '00:00').toISOString(),
    $lt: warsawAt(addDays(period.endDate, 1), '00:00').toISOString(),
  };
  const figures = { invited: 0, rewarded: 0, refused: 0 };
  const docs = await referrals.find({
    tenantId,
    ...(period.loyaltyProgramId && { programId: period.loyaltyProgramId }),
    $or: [{ at: range }, { rewardedAt: range }],
  });
  for (const doc of docs) {
    if (doc.status === 'pending') continue; // a claim not (yet) recorded
    if (inPeriod(doc.at)) figures[doc.status === 'refused' ? 'refused' : 'invited']++;
    if (inPeriod(doc.rewardedAt)) figures.rewarded++;
  }
  return figures;
}
