import { z } from 'zod';
import { CustomerSegment } from './customer-segments';
import { multiLineText, singleLineText } from './text';

/**
 * Messages from a company to its customers (issue 21): a campaign goes to all customers, a segment of the
 * analytics, the customers of one program or one customer, over the wallet passes (Apple: a back field whose
 * `changeMessage` shows the text on the lock screen; Google: `addMessage`, `TEXT_AND_NOTIFY` within Google's
 * 3 per pass per 24 h, else `TEXT`) and e-mail (only with the customer's marketing consent for that company,
 * with a one-click unsubscribe, RFC 8058).
 */

export const MESSAGE_TITLE_MAX = 50;
export const MESSAGE_BODY_MAX = 300;
/** about this many characters of the text show on an iPhone's lock screen before it is cut */
export const MESSAGE_LOCK_SCREEN_VISIBLE = 110;
/** campaigns a company may start in any 7 days (operators change it: MESSAGE_CAMPAIGNS_PER_WEEK) */
export const MESSAGE_CAMPAIGNS_PER_WEEK_DEFAULT = 4;
/** no lock-screen notices from QUIET_HOURS.start to QUIET_HOURS.end, Warsaw time: they wait for the morning */
export const QUIET_HOURS = { start: '21:00', end: '08:00', timeZone: 'Europe/Warsaw' } as const;
/** the same title and text to the same audience within this many hours is refused as a duplicate */
export const MESSAGE_DUPLICATE_WINDOW_HOURS = 24;

/** the title is the e-mail's subject and the pass field's label: one line, no invisible characters (text.ts) */
export const MessageTitle = singleLineText({ error: 'Podaj tytuł wiadomości.' })
  .min(1, 'Podaj tytuł wiadomości.')
  .max(MESSAGE_TITLE_MAX, `Tytuł może mieć najwyżej ${MESSAGE_TITLE_MAX} znaków.`);
export const MessageBody = multiLineText({ error: 'Wpisz treść wiadomości.' })
  .min(1, 'Wpisz treść wiadomości.')
  .max(MESSAGE_BODY_MAX, `Treść może mieć najwyżej ${MESSAGE_BODY_MAX} znaków.`);

/** Who gets the message. `customer`: one client (an id from the clients list). */
export const MessageAudience = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('all') }),
    z.object({ kind: z.literal('segment'), segment: CustomerSegment }),
    z.object({ kind: z.literal('program'), programId: z.string().min(1).max(64) }),
    z.object({ kind: z.literal('customer'), clientId: z.string().min(1).max(64) }),
  ])
  .meta({ id: 'MessageAudience' });
export type MessageAudience = z.infer<typeof MessageAudience>;

export const MessageChannels = z
  .object({
    /** Apple Wallet and Google Wallet passes the customer installed */
    wallet: z.boolean(),
    /** e-mail, only to customers who consented to marketing messages from this company */
    email: z.boolean(),
  })
  .refine((c) => c.wallet || c.email, { message: 'Wybierz co najmniej jeden kanał.' })
  .meta({ id: 'MessageChannels' });
export type MessageChannels = z.infer<typeof MessageChannels>;

export const CampaignDraft = z
  .object({
    title: MessageTitle,
    body: MessageBody,
    audience: MessageAudience,
    channels: MessageChannels,
    /** null: now (with the wallet channel: 08:00 Warsaw time when now is within the quiet hours) */
    sendAt: z.iso.datetime({ offset: true, error: 'Podaj poprawną datę i godzinę wysyłki.' }).nullable(),
  })
  .meta({ id: 'CampaignDraft' });
export type CampaignDraft = z.infer<typeof CampaignDraft>;

export const CampaignStatus = z.enum(['scheduled', 'sending', 'sent', 'cancelled']);
export type CampaignStatus = z.infer<typeof CampaignStatus>;

export const campaignStatusLabels: Record<CampaignStatus, string> = {
  scheduled: 'Zaplanowana',
  sending: 'W trakcie wysyłki',
  sent: 'Wysłana',
  cancelled: 'Anulowana',
};

const ChannelReport = z.object({ sent: z.number().int(), failed: z.number().int() });

export const CampaignReport = z
  .object({
    /** customers (people) the audience held when the campaign started (0 before) */
    targeted: z.number().int(),
    apple: ChannelReport,
    /** `notified`: of `sent`, how many with a lock-screen notice (the rest as `TEXT`, over Google's quota) */
    google: ChannelReport.extend({ notified: z.number().int() }),
    email: ChannelReport,
    /** customers reached by no channel: no pass installed and no e-mail consent, or "Wiadomości od firm" off */
    unreachable: z.number().int(),
    /** failures grouped by reason (Polish), most frequent first */
    failures: z.array(
      z.object({
        channel: z.enum(['apple', 'google', 'email']),
        reason: z.string(),
        count: z.number().int(),
      }),
    ),
    /** customers who unsubscribed from e-mail through this campaign's link */
    unsubscribed: z.number().int(),
  })
  .meta({ id: 'CampaignReport' });
export type CampaignReport = z.infer<typeof CampaignReport>;

export const Campaign = z
  .object({
    id: z.string(),
    tenantId: z.string(),
    title: z.string(),
    body: z.string(),
    audience: MessageAudience,
    channels: MessageChannels,
    status: CampaignStatus,
    createdAt: z.iso.datetime({ offset: true }),
    /** what the owner asked for (null: now) */
    requestedSendAt: z.iso.datetime({ offset: true }).nullable(),
    /** when sending starts (after the quiet hours when the request fell within them) */
    startsAt: z.iso.datetime({ offset: true }),
    movedByQuietHours: z.boolean(),
    startedAt: z.iso.datetime({ offset: true }).nullable(),
    finishedAt: z.iso.datetime({ offset: true }).nullable(),
    cancelledAt: z.iso.datetime({ offset: true }).nullable(),
    report: CampaignReport,
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof Campaign>;

export const MessageLimits = z
  .object({
    campaignsPerWeek: z.number().int(),
    /** campaigns (not cancelled) starting within the 7 days around now that count against the limit */
    used: z.number().int(),
    /** when the next campaign may start, null when one may start now */
    nextSlotAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'MessageLimits' });
export type MessageLimits = z.infer<typeof MessageLimits>;

export const CampaignList = z
  .object({ campaigns: z.array(Campaign), limits: MessageLimits })
  .meta({ id: 'CampaignList' });
export type CampaignList = z.infer<typeof CampaignList>;

/** How many customers an audience reaches now, per channel (a person counts once per channel). */
export const AudienceSize = z
  .object({
    customers: z.number().int(),
    apple: z.number().int(),
    google: z.number().int(),
    email: z.number().int(),
    unreachable: z.number().int(),
  })
  .meta({ id: 'AudienceSize' });
export type AudienceSize = z.infer<typeof AudienceSize>;

export const CampaignParams = z.object({
  id: z.string().min(1).max(64),
  campaignId: z.string().min(1).max(64),
});

/** A message as the customer sees it in the portal. */
export const ReceivedMessage = z.object({
  id: z.string(),
  tenantId: z.string(),
  companyName: z.string(),
  title: z.string(),
  body: z.string(),
  sentAt: z.iso.datetime({ offset: true }),
});
export type ReceivedMessage = z.infer<typeof ReceivedMessage>;
/** The most messages one answer of my-messages holds (the data export reads the pages until `hasMore` is false). */
export const MY_MESSAGES_PAGE_SIZE = 200;
export const MyMessagesQuery = z
  .object({ pageNumber: z.coerce.number().int().min(1).max(10_000).default(1) })
  .meta({ id: 'MyMessagesQuery' });
export const ReceivedMessageList = z
  .object({
    messages: z.array(ReceivedMessage),
    /** older messages follow on the next page */
    hasMore: z.boolean(),
  })
  .meta({ id: 'ReceivedMessageList' });
export type ReceivedMessageList = z.infer<typeof ReceivedMessageList>;

export const UnsubscribeTokenParams = z.object({ token: z.string().min(1).max(200) });
export const UnsubscribeView = z
  .object({
    companyName: z.string(),
    /** the address with most of it hidden (`j***@example.com`) */
    maskedEmail: z.string(),
    subscribed: z.boolean(),
  })
  .meta({ id: 'UnsubscribeView' });
export type UnsubscribeView = z.infer<typeof UnsubscribeView>;
export const UnsubscribeResult = z
  .object({ companyName: z.string(), message: z.string() })
  .meta({ id: 'UnsubscribeResult' });
export type UnsubscribeResult = z.infer<typeof UnsubscribeResult>;

export const unsubscribedMessage = (companyName: string) =>
  `Wypisano Cię z wiadomości e-mail od ${companyName}. Karta i punkty działają bez zmian.`;

export const MessageErrors = {
  weeklyLimit: {
    code: 'MESSAGES.WEEKLY_LIMIT',
    status: 409,
    message: 'Osiągnięto limit kampanii na ten tydzień. Sprawdź, od kiedy można wysłać następną.',
  },
  duplicate: {
    code: 'MESSAGES.DUPLICATE',
    status: 409,
    message: 'Taka sama wiadomość do tych samych odbiorców została już wysłana w ciągu ostatnich 24 godzin.',
  },
  noRecipients: {
    code: 'MESSAGES.NO_RECIPIENTS',
    status: 422,
    message: 'Żaden klient z wybranej grupy nie może teraz otrzymać tej wiadomości.',
  },
  sendAtInPast: {
    code: 'MESSAGES.SEND_AT_IN_PAST',
    status: 422,
    message: 'Termin wysyłki musi być w przyszłości.',
  },
  notFound: { code: 'MESSAGES.NOT_FOUND', status: 404, message: 'Nie znaleziono kampanii.' },
  alreadyStarted: {
    code: 'MESSAGES.ALREADY_STARTED',
    status: 409,
    message: 'Wysyłka już się rozpoczęła — tej kampanii nie można już anulować.',
  },
  unsubscribeNotFound: {
    code: 'MESSAGES.UNSUBSCRIBE_NOT_FOUND',
    status: 404,
    message: 'Link do wypisania jest nieprawidłowy. Sprawdź, czy został skopiowany w całości.',
  },
} as const;
