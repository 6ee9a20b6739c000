import type { ActivityType } from '@punkto/contracts/cards';
import type { MyCard, MyHistoryPage, MyOverview } from '@punkto/contracts/customers';
import { toPage } from '@punkto/contracts/pagination';
import type { IssuedCard } from './card';
import { signQr } from './card-codes';
import {
  correctionsOf,
  nameResolver,
  newestFirst,
  viewContext,
  voidedByOf,
  type QueryDeps,
} from './card-queries';
import { activityView, customerCardView } from './card-views';

/** What a customer reads of their own cards: the cards, one card, the history, the overview (customer.routes.ts). */
async function customerView(deps: QueryDeps, card: IssuedCard): Promise<MyCard> {
  return customerCardView(card, await viewContext(deps, card), {
    company: await deps.copies.company(card.tenantId),
    qrPayload: card.status === 'active' ? signQr(deps.secret, card.cardId, card.secretVersion) : null,
  });
}

export async function myCards(deps: QueryDeps, userId: string): Promise<MyCard[]> {
  return Promise.all((await deps.projection.ofUser(userId)).map((card) => customerView(deps, card)));
}

/** one of the customer's cards, or null */
export async function myCard(deps: QueryDeps, userId: string, cardId: string): Promise<MyCard | null> {
  const card = await deps.projection.issued(cardId);
  return card && card.userId === userId ? customerView(deps, card) : null;
}

export async function myHistory(
  deps: QueryDeps,
  userId: string,
  query: { pageNumber: number; pageSize: number; activityType?: ActivityType | undefined },
): Promise<MyHistoryPage> {
  const filter = { userId, ...(query.activityType && { type: query.activityType }) };
  const [entries, total] = await newestFirst(deps, filter, query);
  const names = nameResolver(deps);
  const voided = await correctionsOf(deps, entries);
  const items = await Promise.all(
    entries.map(async (e) => activityView(e, await names(e), voidedByOf(voided, e))),
  );
  return toPage(items, total, query);
}

export async function myOverview(deps: QueryDeps, userId: string): Promise<MyOverview> {
  const cards = (await myCards(deps, userId)).filter((c) => c.status === 'active');
  const recent = await myHistory(deps, userId, { pageNumber: 1, pageSize: 5 });
  return {
    activeCards: cards.length,
    balances: cards.map(({ cardId, companyName, programName, kind, points, stamps, stampsRequired }) => ({
      cardId,
      companyName,
      programName,
      kind,
      points,
      stamps,
      stampsRequired,
    })),
    rewardsReady: cards.reduce((sum, c) => sum + c.rewards.filter((r) => r.redeemable).length, 0),
    recentActivity: recent.items,
  };
}
