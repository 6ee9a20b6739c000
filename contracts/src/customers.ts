import { z } from 'zod';
import { ActivityType, CardActivity, CardSummary } from './cards';
import { pageResponse } from './pagination';
import { Branding } from './tenant-view';

/**
 * The customer portal's reads (SPEC §7 /customers/my-*): the signed-in customer's own cards, an overview
 * and the paged history. Live updates: GET /customers/my-cards/stream (server-sent events).
 */

/** A card as its holder sees it: with the QR payload to show at the till (null once the card is closed). */
export const MyCard = CardSummary.extend({
  companyName: z.string().nullable(),
  qrPayload: z.string().nullable(),
  /** the company's card colours, as on its wallet pass (the default ones until the company picks its own) */
  companyBranding: Branding,
  /** the company's logo (public URL), null when it has none */
  companyLogoUrl: z.string().nullable(),
  /** why a closed card was closed (the portal says it in Polish); null while it is active */
  closeReason: z.enum(['program_deleted', 'client_removed', 'tenant_deleted']).nullable(),
}).meta({ id: 'MyCard' });
export type MyCard = z.infer<typeof MyCard>;

export const MyCardsResponse = z.object({ items: z.array(MyCard) }).meta({ id: 'MyCardsResponse' });
export type MyCardsResponse = z.infer<typeof MyCardsResponse>;

/** One active card's balance on the overview: points and stamps of different programs are never added up. */
export const MyCardBalance = MyCard.pick({
  cardId: true,
  companyName: true,
  programName: true,
  kind: true,
  points: true,
  stamps: true,
  stampsRequired: true,
}).meta({ id: 'MyCardBalance' });
export type MyCardBalance = z.infer<typeof MyCardBalance>;

export const MyOverview = z
  .object({
    activeCards: z.number().int(),
    /** each active card's own balance, in the order of the cards (a café's 725 points and a barber's 119 stay apart) */
    balances: z.array(MyCardBalance),
    /** rewards that can be redeemed right now, over all active cards */
    rewardsReady: z.number().int(),
    /** the 5 newest history entries */
    recentActivity: z.array(CardActivity),
  })
  .meta({ id: 'MyOverview' });
export type MyOverview = z.infer<typeof MyOverview>;

/** SPEC §9: page 1, size 20 by default; optional activityType filter. */
export const MyHistoryQuery = z
  .object({
    pageNumber: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    activityType: ActivityType.optional(),
  })
  .meta({ id: 'MyHistoryQuery' });
export type MyHistoryQuery = z.input<typeof MyHistoryQuery>;

export const MyHistoryPage = pageResponse(CardActivity).meta({ id: 'MyHistoryPage' });
export type MyHistoryPage = z.infer<typeof MyHistoryPage>;

/**
 * GET /customers/my-cards/stream is `text/event-stream`. Messages:
 * - `event: cards` once on connect, data = MyCardsResponse (the full list);
 * - `event: card` whenever one of the customer's cards changes, data = MyCard;
 * - a comment line (`: heartbeat`) every 15 s keeps proxies from closing the connection.
 */
export const CardStreamEvents = { snapshot: 'cards', card: 'card' } as const;
