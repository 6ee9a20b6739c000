import { phoneOnlyHolder } from '@punkto/contracts/clients';
import {
  AUTOMATION_DAILY_CAP,
  expiryAmountText,
  expiryDateText,
  renderAutomationText,
  type AutomationKind,
  type AutomationValues,
} from '@punkto/contracts/message-automations';
import { warsawDate } from '@punkto/contracts/warsaw-time';
import { mutateDocument, UNCHANGED } from '@punkto/platform/documents/mutate-document';
import { createHash } from 'node:crypto';
import type { WalletPlatform } from '../shared/wallet-messenger.port';
import { automationId } from './automation';
import { deliverTo, type DeliveryDeps } from './campaign-delivery';
import type { AutomationSendDoc } from './automation-store';
import type { MessagesContext, RecipientDoc } from './messages-context';
import { waitsForMorning } from './automation-rules';
import { afterQuietHours, inQuietHours } from '../shared/quiet-hours';

/**
 * Sending an automatic message (ADR 0060): one occurrence (a kind, a person, what happened) is one document of
 * `message_automation_sends`, keyed by exactly that, so a redelivered event or a second sweep finds it and sends
 * nothing again. The durable job `messages.automation` delivers it through the campaigns' per-person delivery
 * (campaign-delivery.ts: the wallet's once-only records, the e-mail's claim with its lease, consent checked at
 * the moment of sending), after the quiet hours when the wallet channel is on.
 */
export const AUTOMATION_SEND_JOB = 'messages.automation';
/** the person key of a phone-only client starts with this (`client:<clientId>`) */
const CLIENT_KEY = phoneOnlyHolder('');

export interface Occurrence {
  tenantId: string;
  kind: AutomationKind;
  personKey: string;
  /**
   * what makes this occurrence itself (welcome: nothing; reward ready: the event; win-back: the last visit day;
   * expiry warning: the card, the expiry date and how many days before it)
   */
  occurrence: string;
  cardIds?: string[];
  reward?: string | null;
  expiry?: AutomationSendDoc['expiry'];
}

const sendIdOf = (o: Occurrence) => `${o.kind}:${o.tenantId}:${o.personKey}:${o.occurrence}`;
/** the wallet's and the e-mail's message id of one occurrence (Google's message ids: letters, digits, `-`) */
const messageIdOf = (sendId: string) =>
  `auto-${createHash('sha256').update(sendId).digest('hex').slice(0, 40)}`;
export const automationJobId = (sendId: string) => `automation-${messageIdOf(sendId)}`;

/** Records the occurrence once (when its automation is on) and schedules its delivery. */
export async function triggerAutomation(ctx: MessagesContext, o: Occurrence): Promise<void> {
  const settings = await ctx.automation(automationId(o.tenantId, o.kind));
  if (!settings?.enabled) return;
  const now = ctx.clock();
  const _id = sendIdOf(o);
  const doc = await mutateDocument(ctx.automationSends, _id, (current) =>
    current
      ? UNCHANGED
      : {
          _id,
          tenantId: o.tenantId,
          kind: o.kind,
          personKey: o.personKey,
          cardIds: o.cardIds ?? [],
          reward: o.reward ?? null,
          expiry: o.expiry ?? null,
          createdAt: now.toISOString(),
          status: 'scheduled' as const,
          sentAt: null,
          sentDay: null,
        },
  );
  if (doc?.status !== 'scheduled') return;
  await ctx.scheduler.schedule({
    id: automationJobId(_id),
    type: AUTOMATION_SEND_JOB,
    runAt: waitsForMorning(o.kind, settings.channels) ? afterQuietHours(now) : now,
    payload: { sendId: _id },
  });
}

/** the person's cards on the wallet (open, with a pass installed) and the client whose e-mail consents */
async function recipientOf(
  ctx: MessagesContext,
  send: AutomationSendDoc,
  channels: { wallet: boolean; email: boolean },
) {
  const optedOut = (await ctx.copies.optedOut([send.personKey])).has(send.personKey);
  if (optedOut) return null;
  const personCards = await ctx.copies.cardsOfPerson(send.tenantId, send.personKey);
  const cards = personCards.filter(
    (c) => c.open && (!send.cardIds.length || send.cardIds.includes(c.cardId)),
  );
  const installed =
    channels.wallet && cards.length
      ? await ctx.wallet.installed(
          send.tenantId,
          cards.map((c) => c.cardId),
        )
      : new Map<string, Set<WalletPlatform>>();
  const withPass = cards.flatMap((c) => {
    const platforms = installed.get(c.cardId);
    return platforms?.size
      ? [{ cardId: c.cardId, platforms: [...platforms].sort() as WalletPlatform[] }]
      : [];
  });
  // the person's client records: by the account, or as the client of one of their cards (a card issued on a
  // link may arrive before the contact copy learns the account: ClientAccountLinked comes on another topic);
  // a phone-only client is the person itself
  const clientIds = personCards.map((c) => c.clientId);
  if (send.personKey.startsWith(CLIENT_KEY)) clientIds.push(send.personKey.slice(CLIENT_KEY.length));
  const contacts = await ctx.copies.contactsOfPerson(send.tenantId, send.personKey, clientIds);
  const consenting = channels.email
    ? contacts
        .filter((c) => c.marketingConsent)
        .map((c) => c._id)
        .sort()[0]
    : undefined;
  if (!withPass.length && !consenting) return null;
  return { cards: withPass, emailClientId: consenting ?? null, clientIds: contacts.map((c) => c._id).sort() };
}

/** what fills the send's placeholders: the company's name, the reward (reward ready), what expires and when */
function placeholderValues(send: AutomationSendDoc, firma: string): AutomationValues {
  const { expiry } = send;
  return {
    firma,
    nagroda: send.reward ?? '',
    ...(expiry ? { ile: expiryAmountText(expiry.amount, expiry.unit), data: expiryDateText(expiry.on) } : {}),
  };
}

async function finish(ctx: MessagesContext, send: AutomationSendDoc, status: AutomationSendDoc['status']) {
  const at = ctx.clock();
  const sent = status === 'sent';
  await ctx.automationSends.upsert({
    ...send,
    status,
    sentAt: sent ? at.toISOString() : null,
    sentDay: sent ? warsawDate(at) : null,
  });
}

/** The job: deliver one occurrence, each channel once, within the company's daily cap. */
export async function deliverAutomation(deps: DeliveryDeps, sendId: string): Promise<void> {
  const { ctx } = deps;
  const send = await ctx.automationSends.get(sendId);
  if (!send || send.status !== 'scheduled') return; // delivered, or decided otherwise before a crash
  const id = automationId(send.tenantId, send.kind);
  const [settings, company] = await Promise.all([ctx.automation(id), ctx.passCopies.company(send.tenantId)]);
  if (!settings?.enabled || !company || company.deleted) return finish(ctx, send, 'off');
  const now = ctx.clock();
  if (waitsForMorning(send.kind, settings.channels) && inQuietHours(now)) {
    // switched to the wallet meanwhile, or the job ran late: it waits for the morning
    await ctx.scheduler.schedule({
      id: automationJobId(sendId),
      type: AUTOMATION_SEND_JOB,
      runAt: afterQuietHours(now),
      payload: { sendId },
    });
    return;
  }
  const today = warsawDate(now);
  const sentToday = await ctx.automationSends.count({ tenantId: send.tenantId, sentDay: today });
  if (sentToday >= AUTOMATION_DAILY_CAP) return finish(ctx, send, 'capped');
  const recipient = await recipientOf(ctx, send, settings.channels);
  if (!recipient) return finish(ctx, send, 'unreachable');
  const values = placeholderValues(send, company.companyName);
  const messageId = messageIdOf(sendId);
  const deliveryId = `${messageId}:0000000`;
  const earlier = await ctx.deliveries.get(deliveryId);
  const doc: RecipientDoc = {
    _id: deliveryId,
    campaignId: messageId,
    batch: 0,
    tenantId: send.tenantId,
    seq: 0,
    personKey: send.personKey,
    userId: send.personKey.startsWith(CLIENT_KEY) ? null : send.personKey,
    ...recipient,
    wallet: earlier?.wallet ?? null,
    email: earlier?.email ?? null,
  };
  const message = {
    campaignId: messageId,
    automationId: id,
    tenantId: send.tenantId,
    title: renderAutomationText(settings.title, values),
    body: renderAutomationText(settings.body, values),
    channels: settings.channels,
    startedAt: now.toISOString(),
  };
  const done = await deliverTo(
    { ...deps, sender: await ctx.companySender(send.tenantId) },
    message,
    doc,
    company.companyName,
  );
  const reached = done.email?.status === 'sent' || (done.wallet ?? []).some((r) => r.result !== 'failed');
  await finish(ctx, send, reached ? 'sent' : 'failed');
}
