import { plural } from '@punkto/contracts/plural';
import type { CardBirthdayReward } from '@punkto/contracts/birthdays';
import { warsawDate } from '@punkto/contracts/warsaw-time';
import {
  CardErrors,
  CORRECTION_WINDOW_DAYS,
  formatCardNumber,
  type CardActivity,
  type StaffCardActivity,
  type CardReward,
  type CardView,
  type RedemptionBlocker,
} from '@punkto/contracts/cards';
import type { MyCard } from '@punkto/contracts/customers';
import { nextTierFor, tierFor, type ProgramRules } from '../programs/program-rules';
import type { IssuedCard } from './card';
import type { ActivityDoc } from './cards.projection';
import { redemptionBlocker, stockPeriodOf, unitOf } from './reward-rules';
import type { CompanyOnCard } from '../tenants/tenant-copies';
import { formatPolish } from '@punkto/contracts/polish-number';
import type { ExpiryNotice, ExpirySettings } from '@punkto/contracts/expiry';
import { expiryNotice } from '../expiry/expiry-rule';

/**
 * Pure read views of a card (staff scanner, customer portal) and of history entries. `stockUsed` gives the
 * units already used of each stocked reward in its current period (reward-stock.ts).
 */
export interface ViewContext {
  rules: ProgramRules | null;
  now: Date;
  stockUsed: ReadonlyMap<string, number>;
  /** the program's expiry setting (ADR 0062); absent: off */
  expiry?: ExpirySettings;
}

/** what expires next on an active card of a program with expiry on (ADR 0062) */
function expiryOf(card: IssuedCard, { rules, expiry }: ViewContext): ExpiryNotice | null {
  if (card.status !== 'active' || !rules || !expiry || expiry.mode === 'off') return null;
  return expiryNotice(card, { ...expiry, unit: rules.kind === 'stamps' ? 'stamps' : 'points' });
}

function rewardsOf(card: IssuedCard, { rules, now, stockUsed }: ViewContext): CardReward[] {
  if (!rules) return [];
  const unit = unitOf(rules.kind);
  const cardBlocker: RedemptionBlocker | null =
    card.status === 'closed' || rules.deleted
      ? CardErrors.closed
      : !rules.active
        ? CardErrors.programInactive
        : null;
  return rules.rewards.map((reward) => {
    let blocker = cardBlocker ?? redemptionBlocker(card, rules, reward, now);
    const stock = reward.limits.stock;
    if (!blocker && stock && (stockUsed.get(reward.id) ?? 0) >= stock.quantity)
      blocker = CardErrors.outOfStock;
    return {
      id: reward.id,
      name: reward.name,
      description: reward.description,
      cost: reward.cost,
      unit,
      schedule: reward.schedule,
      limits: reward.limits,
      redeemable: blocker === null,
      blocker: blocker && { code: blocker.code, message: blocker.message },
    };
  });
}

function summaryOf(card: IssuedCard, context: ViewContext) {
  const { rules } = context;
  const levels = rules?.kind === 'tiers' ? rules.levels : null;
  const tier = tierFor(levels, card.lifetimePoints);
  const next = nextTierFor(levels, card.lifetimePoints);
  const balance = rules?.kind === 'stamps' ? card.stamps : card.points;
  const upcoming = (rules?.rewards ?? [])
    .filter((r) => r.active && r.cost > balance)
    .sort((a, b) => a.cost - b.cost)[0];
  return {
    cardId: card.cardId,
    tenantId: card.tenantId,
    programId: card.programId,
    programName: rules?.name ?? null,
    kind: rules?.kind ?? null,
    status: card.status,
    humanReadableId: formatCardNumber(card.humanReadableId),
    points: card.points,
    stamps: card.stamps,
    stampsRequired: rules?.stampsRequired ?? null,
    lifetimePoints: card.lifetimePoints,
    tier: tier && { name: tier.name, multiplier: tier.multiplier, benefits: tier.benefits },
    nextTier: next && {
      name: next.name,
      minLifetimePoints: next.minLifetimePoints,
      pointsToGo: next.minLifetimePoints - card.lifetimePoints,
    },
    rewards: rewardsOf(card, context),
    nextReward: upcoming
      ? {
          rewardId: upcoming.id,
          name: upcoming.name,
          cost: upcoming.cost,
          remaining: upcoming.cost - balance,
        }
      : null,
    birthdayReward: birthdayRewardOf(card, context.now),
    expiry: expiryOf(card, context),
    issuedAt: card.issuedAt,
    updatedAt: card.updatedAt,
    closedAt: card.status === 'closed' ? card.closedAt : null,
  };
}

/** the card's birthday reward while its window lasts (Warsaw days), with whether staff can give it out now */
function birthdayRewardOf(card: IssuedCard, now: Date): CardBirthdayReward | null {
  const reward = card.birthdayReward;
  const today = warsawDate(now);
  if (!reward || today > reward.validUntil) return null;
  const redeemable = card.status === 'active' && !reward.redeemedAt && today >= reward.validFrom;
  return { ...reward, redeemable };
}

export function staffCardView(card: IssuedCard, context: ViewContext, customerName: string | null): CardView {
  return { ...summaryOf(card, context), customerName };
}

export function customerCardView(
  card: IssuedCard,
  context: ViewContext,
  extra: { company: CompanyOnCard; qrPayload: string | null },
): MyCard {
  return {
    ...summaryOf(card, context),
    companyName: extra.company.companyName,
    companyBranding: extra.company.branding,
    companyLogoUrl: extra.company.logoUrl,
    qrPayload: extra.qrPayload,
    closeReason: card.status === 'closed' ? (card.closeReason ?? null) : null,
  };
}

/** The periods whose stock usage a view needs: reward id → stock period at `now`. */
export function stockPeriodsOf(
  rules: ProgramRules | null,
  now: Date,
): Array<{ rewardId: string; period: string }> {
  return (rules?.rewards ?? []).flatMap((reward) => {
    const period = stockPeriodOf(reward, now);
    return period ? [{ rewardId: reward.id, period }] : [];
  });
}

/** Polish money and counts, thousands grouped from four digits („4 250,00 zł”) */
const money = { format: (zloty: number) => formatPolish(zloty, { style: 'currency', currency: 'PLN' }) };
const count = { format: (n: number) => formatPolish(n) };

const stampsText = (n: number) => `${count.format(n)} ${plural(n, 'pieczątkę', 'pieczątki', 'pieczątek')}`;
const closeReasons: Record<string, string> = {
  program_deleted: 'program lojalnościowy został zakończony',
  client_removed: 'firma usunęła Cię z programu',
  tenant_deleted: 'firma zakończyła działalność w Punkto',
};

function describe(entry: ActivityDoc): string {
  switch (entry.type) {
    case 'card_issued':
      return entry.tier ? `Wydano kartę (poziom ${entry.tier})` : 'Wydano kartę';
    case 'points_earned':
      return entry.amountGrosze
        ? `Przyznano ${count.format(entry.points ?? 0)} pkt za zakupy na ${money.format(entry.amountGrosze / 100)}`
        : `Przyznano ${count.format(entry.points ?? 0)} pkt`;
    case 'stamps_added':
      return `Dodano ${stampsText(entry.stamps ?? 0)}`;
    case 'reward_redeemed':
      return entry.points !== null
        ? `Odebrano nagrodę „${entry.rewardName}” za ${count.format(-entry.points)} pkt`
        : `Odebrano nagrodę „${entry.rewardName}” za ${stampsText(-(entry.stamps ?? 0))}`;
    case 'award_voided':
      return entry.points !== null
        ? `Anulowano ${count.format(-entry.points)} pkt: ${entry.reason}`
        : `Anulowano ${stampsText(-(entry.stamps ?? 0))}: ${entry.reason}`;
    case 'redemption_voided':
      return entry.points !== null
        ? `Anulowano odbiór nagrody „${entry.rewardName}”, zwrócono ${count.format(entry.points)} pkt: ${entry.reason}`
        : `Anulowano odbiór nagrody „${entry.rewardName}”, zwrócono ${stampsText(entry.stamps ?? 0)}: ${entry.reason}`;
    case 'balance_adjusted':
      return adjustmentText(entry);
    case 'opening_balance':
      return `Saldo przeniesione z karty papierowej: ${openingText(entry)}`;
    case 'balance_expired':
      return entry.points !== null
        ? `Punkty wygasły: ${count.format(-entry.points)} pkt`
        : `Pieczątki wygasły: ${stampsText(-(entry.stamps ?? 0))}`;
    case 'tier_changed':
      return `Nowy poziom: ${entry.tier}`;
    case 'card_regenerated':
      return 'Wymieniono kartę: nowy numer i kod QR';
    case 'card_closed':
      return `Karta zamknięta: ${closeReasons[entry.closeReason ?? ''] ?? 'zamknięta przez firmę'}`;
  }
}

/** „Korekta salda: dodano 100 pkt: …”; the spent part of a voided award says so (ADR 0050) */
function adjustmentText(entry: ActivityDoc): string {
  const delta = entry.points ?? entry.stamps ?? 0;
  const what = entry.points !== null ? `${count.format(Math.abs(delta))} pkt` : stampsText(Math.abs(delta));
  const partOfVoid = entry.correctionOf ? ' (wydana część anulowanego przyznania zostaje)' : '';
  return `Korekta salda: ${delta > 0 ? 'dodano' : 'odjęto'} ${what}${partOfVoid}: ${entry.reason}`;
}

/** an imported paper card's balance (ADR 0059): points and/or stamps */
function openingText(entry: ActivityDoc): string {
  const parts = [
    entry.points !== null ? `${count.format(entry.points)} pkt` : null,
    entry.stamps !== null ? stampsText(entry.stamps) : null,
  ];
  return parts.filter((p) => p !== null).join(' i ');
}

/** the correction that voided an entry, if any */
export type VoidedBy = Pick<ActivityDoc, 'occurredAt' | 'reason'> | null;

export function activityView(
  entry: ActivityDoc,
  names: { companyName: string | null; programName: string | null },
  voidedBy: VoidedBy = null,
): CardActivity {
  return {
    id: entry._id,
    cardId: entry.cardId,
    tenantId: entry.tenantId,
    companyName: names.companyName,
    programId: entry.programId,
    programName: names.programName,
    type: entry.type,
    occurredAt: entry.occurredAt,
    points: entry.points,
    stamps: entry.stamps,
    amountGrosze: entry.amountGrosze,
    rewardName: entry.rewardName,
    tier: entry.tier,
    description: describe(entry),
    reason: entry.reason ?? null,
    voided: voidedBy && { voidedAt: voidedBy.occurredAt, reason: voidedBy.reason ?? '' },
  };
}

const VOIDABLE_TYPES: ReadonlySet<string> = new Set(['points_earned', 'stamps_added', 'reward_redeemed']);

/** Whether staff may still void the entry (the decider has the last word: ADR 0016). */
export function isVoidable(entry: ActivityDoc, card: IssuedCard, voidedBy: VoidedBy, now: Date): boolean {
  return (
    card.status === 'active' &&
    VOIDABLE_TYPES.has(entry.type) &&
    !!entry.commandId &&
    voidedBy === null &&
    now.getTime() - Date.parse(entry.occurredAt) <= CORRECTION_WINDOW_DAYS * 86_400_000
  );
}

export function staffActivityView(
  entry: ActivityDoc,
  context: {
    names: { companyName: string | null; programName: string | null };
    voidedBy: VoidedBy;
    employeeName: string | null;
    voidable: boolean;
  },
): StaffCardActivity {
  return {
    ...activityView(entry, context.names, context.voidedBy),
    employeeId: entry.employeeId ?? null,
    employeeName: context.employeeName,
    voidable: context.voidable,
  };
}
