import type { Birthday, MyBirthday } from '@punkto/contracts/birthdays';
import type { MyCard } from '@punkto/contracts/customers';
import type { CardActivity } from '@punkto/contracts/cards';
import type { UserPreferences, UserProfile } from '@punkto/contracts/identity';
import type { ReceivedMessage } from '@punkto/contracts/messages';
import type { Page } from '@punkto/contracts/pagination';
import type { MySurveyInvitation } from '@punkto/contracts/surveys';

/** A card as exported: everything the portal shows but its QR payload (a credential, not data about the person). */
export type ExportedCard = Omit<MyCard, 'qrPayload'>;

/** `dane.json`: everything the customer's own calls answer about them, gathered at `exportedAt` (ADR 0045). */
export interface MyData {
  exportedAt: string;
  profile: UserProfile;
  /** the notification switches and consents */
  preferences: UserPreferences;
  /** the day and month of the birthday the customer gave (ADR 0058), or null */
  birthday: Birthday | null;
  cards: ExportedCard[];
  /** every history entry of every card, newest first */
  history: CardActivity[];
  /** every message companies sent the customer, newest first */
  messages: ReceivedMessage[];
  /** the surveys the customer's visits started; never the (anonymous) answers */
  surveys: MySurveyInvitation[];
}

/** The customer's calls the export is made of (the real API in the portal, a stand-in in unit tests). */
export interface MyDataSources {
  profile(): Promise<UserProfile>;
  preferences(): Promise<UserPreferences>;
  birthday(): Promise<MyBirthday>;
  cards(): Promise<{ items: MyCard[] }>;
  historyPage(pageNumber: number, pageSize: number): Promise<Page<CardActivity>>;
  messagesPage(pageNumber: number): Promise<{ messages: ReceivedMessage[]; hasMore: boolean }>;
  surveys(): Promise<{ invitations: MySurveyInvitation[] }>;
}

/** the largest page my-history serves (MyHistoryQuery) */
export const HISTORY_PAGE_SIZE = 100;

export type ExportStep = { step: 'account' } | { step: 'history'; page: number; pages: number | null };

/**
 * Every message, page after page until the server says none older follow; a message that arrived meanwhile
 * shifts the pages by one, so one already read may come again: each is kept once.
 */
export async function allMessages(sources: Pick<MyDataSources, 'messagesPage'>): Promise<ReceivedMessage[]> {
  const byId = new Map<string, ReceivedMessage>();
  for (let page = 1; ; page++) {
    const answer = await sources.messagesPage(page);
    for (const message of answer.messages) if (!byId.has(message.id)) byId.set(message.id, message);
    if (!answer.hasMore || answer.messages.length === 0) return [...byId.values()];
  }
}

/** Every history page, one after another (`totalPages` of the first answer says how many). */
export async function allHistory(
  sources: Pick<MyDataSources, 'historyPage'>,
  onPage: (page: number, pages: number | null) => void = () => undefined,
): Promise<CardActivity[]> {
  const entries: CardActivity[] = [];
  let pages: number | null = null;
  for (let page = 1; pages === null || page <= pages; page++) {
    onPage(page, pages);
    const answer = await sources.historyPage(page, HISTORY_PAGE_SIZE);
    entries.push(...answer.items);
    pages = answer.totalPages;
    if (answer.items.length === 0) break;
  }
  return entries;
}

/**
 * Gathers the customer's data from their calls; any failed call fails the whole export (no partial file).
 * `now` is the export's time.
 */
export async function gatherMyData(
  sources: MyDataSources,
  now: Date,
  onStep: (step: ExportStep) => void = () => undefined,
): Promise<MyData> {
  onStep({ step: 'account' });
  const [profile, preferences, birthday, cards, messages, surveys] = await Promise.all([
    sources.profile(),
    sources.preferences(),
    sources.birthday(),
    sources.cards(),
    allMessages(sources),
    sources.surveys(),
  ]);
  const history = await allHistory(sources, (page, pages) => onStep({ step: 'history', page, pages }));
  return {
    exportedAt: now.toISOString(),
    profile,
    preferences,
    birthday: birthday.birthday,
    cards: cards.items.map(({ qrPayload: _credential, ...card }) => card),
    history,
    messages,
    surveys: surveys.invitations,
  };
}
