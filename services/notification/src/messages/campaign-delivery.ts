import { mutateDocument, UNCHANGED } from '@punkto/platform/documents/mutate-document';
import type { MailSender } from '@punkto/platform/mail/company-sender';
import { randomBytes } from 'node:crypto';
import type { CampaignData } from './campaign';
import { campaignMail, campaignMessageId } from './campaign-mail';
import { hashToken, type DeliveryDoc, type MessagesContext, type RecipientDoc } from './messages-context';

export const EMAIL_FAILED = 'Serwer pocztowy odbiorcy odrzucił wiadomość';
export const WALLET_FAILED = 'Nie udało się dostarczyć wiadomości na kartę w portfelu';
/**
 * How long an e-mail marked `pending` belongs to the runner that marked it. Another runner of the same batch
 * (a replica whose sweep took a stale-looking batch over while the first one still runs) leaves it alone
 * until then; a crashed runner's mark is taken over after it (and sent again with the same Message-ID).
 */
const EMAIL_LEASE_MS = 5 * 60_000;

/** an e-mail another runner has claimed and may be sending now: the batch waits for its lease */
export class InFlightElsewhere extends Error {
  constructor(readonly until: string) {
    super('the e-mail is being sent by another runner');
  }
}

/**
 * What one person gets: a campaign, or an automatic message (ADR 0060: `campaignId` is then the occurrence's
 * message id and `automationId` names the automation whose unsubscribe link the e-mail carries).
 */
export type OutgoingMessage = Pick<
  CampaignData,
  'campaignId' | 'tenantId' | 'title' | 'body' | 'channels' | 'startedAt'
> & { automationId?: string };

/** What delivering to one person needs: the messages' context, the e-mail pace and the Message-IDs' domain. */
export interface DeliveryDeps {
  ctx: MessagesContext;
  /** resolves when the next campaign e-mail may go (MESSAGE_EMAILS_PER_SECOND, shared by the process's batches) */
  paceEmail: () => Promise<void>;
  /** the domain of MAIL_FROM, for the Message-IDs */
  domain: string;
  /** the company as the sender of the batch's e-mails (ADR 0040); Punkto's own sender when absent */
  sender?: MailSender;
}

async function saveDelivery(ctx: MessagesContext, doc: RecipientDoc): Promise<RecipientDoc> {
  const record: DeliveryDoc = {
    _id: doc._id,
    campaignId: doc.campaignId,
    batch: doc.batch,
    wallet: doc.wallet,
    email: doc.email,
  };
  await ctx.deliveries.upsert(record);
  return doc;
}

/** The message on each of the person's cards' passes; the messenger's once-only records make a rerun free. */
async function deliverToWallet(
  ctx: MessagesContext,
  campaign: OutgoingMessage,
  doc: RecipientDoc,
  companyName: string,
): Promise<NonNullable<RecipientDoc['wallet']>> {
  const results: NonNullable<RecipientDoc['wallet']> = [];
  for (const card of doc.cards) {
    try {
      const outcomes = await ctx.wallet.deliver(
        { tenantId: campaign.tenantId, cardId: card.cardId },
        {
          messageId: campaign.campaignId,
          companyName,
          title: campaign.title,
          body: campaign.body,
          sentAt: campaign.startedAt ?? ctx.clock().toISOString(),
        },
      );
      for (const o of outcomes) results.push({ ...o, cardId: card.cardId });
    } catch (error) {
      ctx.logger.warn({ err: error, campaignId: campaign.campaignId }, 'wallet delivery failed');
      for (const platform of card.platforms)
        results.push({ platform, result: 'failed', reason: WALLET_FAILED, cardId: card.cardId });
    }
  }
  return results;
}

/** one person: each channel once */
export async function deliverTo(
  deps: DeliveryDeps,
  campaign: OutgoingMessage,
  doc: RecipientDoc,
  companyName: string,
): Promise<RecipientDoc> {
  let current = doc;
  if (campaign.channels.wallet && doc.cards.length && !doc.wallet) {
    current = { ...current, wallet: await deliverToWallet(deps.ctx, campaign, doc, companyName) };
    // with an e-mail to send, the outcome is recorded with the e-mail's mark (one write less)
    if (!(campaign.channels.email && doc.emailClientId)) current = await saveDelivery(deps.ctx, current);
  }
  if (campaign.channels.email && doc.emailClientId) {
    const status = current.email?.status;
    if (status !== 'sent' && status !== 'failed' && status !== 'skipped')
      current = await sendEmail(deps, campaign, current, companyName);
  }
  return current;
}

/**
 * Claims the person's e-mail for this runner (revision-checked): `pending` with a lease, written BEFORE the
 * send. A record another runner marked and still holds is not touched (InFlightElsewhere); one already
 * sent, failed or skipped is returned as it is; a mark whose lease ran out (its runner died) is taken over.
 */
async function claimEmail(ctx: MessagesContext, doc: RecipientDoc): Promise<RecipientDoc> {
  const now = ctx.clock();
  let claimed = false;
  const record = await mutateDocument(ctx.deliveries, doc._id, (current) => {
    claimed = false;
    const email = current?.email;
    if (email && email.status !== 'pending') return UNCHANGED;
    if (email?.leaseUntil && email.leaseUntil > now.toISOString()) return UNCHANGED;
    claimed = true;
    return {
      _id: doc._id,
      campaignId: doc.campaignId,
      batch: doc.batch,
      wallet: doc.wallet ?? current?.wallet ?? null,
      email: {
        status: 'pending' as const,
        at: now.toISOString(),
        leaseUntil: new Date(now.getTime() + EMAIL_LEASE_MS).toISOString(),
      },
    };
  });
  const email = record?.email ?? null;
  if (!claimed && email?.status === 'pending') throw new InFlightElsewhere(email.leaseUntil!);
  return { ...doc, wallet: doc.wallet ?? record?.wallet ?? null, email };
}

/** A one-time unsubscribe token for this e-mail (the footer's link and the one-click header). */
async function unsubscribeToken(
  ctx: MessagesContext,
  campaign: OutgoingMessage,
  doc: RecipientDoc,
  at: string,
) {
  const token = randomBytes(32).toString('base64url');
  await ctx.tokens.upsert({
    _id: hashToken(token),
    campaignId: campaign.campaignId,
    tenantId: campaign.tenantId,
    clientIds: doc.clientIds,
    emailClientId: doc.emailClientId!,
    createdAt: at,
    usedAt: null,
    ...(campaign.automationId ? { automationId: campaign.automationId } : {}),
  });
  return token;
}

async function sendEmail(
  deps: DeliveryDeps,
  campaign: OutgoingMessage,
  doc: RecipientDoc,
  companyName: string,
) {
  const { ctx } = deps;
  const { config, clock } = ctx;
  const clientId = doc.emailClientId!;
  // marked before the send: a crash from here on resends with the same Message-ID (after the lease)
  const marked = await claimEmail(ctx, doc);
  if (marked.email?.status !== 'pending') return marked; // recorded by another runner meanwhile
  const [contact, to] = await Promise.all([ctx.copies.contact(clientId), ctx.copies.emailOf(clientId)]);
  const at = clock().toISOString();
  if (!contact || !contact.marketingConsent || !to)
    // unsubscribed or removed since the start: nothing goes, and it is no failure
    return saveDelivery(ctx, { ...marked, email: { status: 'skipped', at } });
  const token = await unsubscribeToken(ctx, campaign, doc, at);
  const page = new URL('/wypisz', `${config.PUBLIC_URL}/`);
  page.searchParams.set('token', token);
  await deps.paceEmail();
  try {
    await ctx.mailer.send({
      ...campaignMail({
        to,
        companyName,
        title: campaign.title,
        body: campaign.body,
        unsubscribePageUrl: page.toString(),
        oneClickUrl: `${config.PUBLIC_URL}/api/v1/notifications/unsubscribe/${token}`,
        messageId: campaignMessageId(campaign.campaignId, String(doc.seq), deps.domain),
      }),
      ...deps.sender,
    });
  } catch (error) {
    const code = (error as { responseCode?: unknown }).responseCode;
    // the server or the network may recover: the batch job fails and is retried (the mark stays `pending`,
    // its lease handed back, so the retry sends with the same Message-ID); a permanent refusal (5xx) is this
    // person's failure
    if (typeof code !== 'number' || code < 500) {
      await saveDelivery(ctx, {
        ...marked,
        email: { status: 'pending', at, leaseUntil: clock().toISOString() },
      });
      throw error;
    }
    ctx.logger.warn({ err: error, campaignId: campaign.campaignId }, 'campaign e-mail refused');
    return saveDelivery(ctx, {
      ...marked,
      email: { status: 'failed', reason: `${EMAIL_FAILED} (${code})`, at },
    });
  }
  return saveDelivery(ctx, { ...marked, email: { status: 'sent', at: clock().toISOString() } });
}
