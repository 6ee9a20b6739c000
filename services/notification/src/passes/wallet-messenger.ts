import type { Collection, DocumentStore } from '@punkto/platform/documents/document-store.port';
import { mutateDocument, UNCHANGED } from '@punkto/platform/documents/mutate-document';
import type { Logger } from '@punkto/platform/observability/logger';
import { GoogleWalletError, type GoogleWallet } from './providers/google/google-wallet.port';
import type {
  CompanyMessage,
  WalletCard,
  WalletDelivery,
  WalletMessenger,
  WalletPlatform,
} from '../shared/wallet-messenger.port';
import type { PassPusher } from './apple/web-service/pass-pushes';
import type { PassRegistrations } from './apple/web-service/pass-registrations';
import { passSerial } from './apple/web-service/pass-serials';
import type { GooglePasses } from './google/google-passes';
import type { PassCard } from './pass-card';
import type { PassCopies } from './pass-copies';
import type { RateLimiter } from '../shared/rate-limiter';

/**
 * One delivery of one message to one card on one platform: written before anything is sent (`sending`, with
 * a lease) and confirmed after (`done`, with the outcome), so a batch the campaign engine delivers again after
 * a crash returns the recorded outcomes and sends nothing twice.
 *
 * A record left `sending` (the process died between sending and confirming) is taken over once its lease has
 * run out and sent again. That is safe on both platforms: on Apple the pass copy already holds the message
 * (posting it again changes nothing) and a repeated push only makes the phone ask for the pass, which it
 * finds unchanged or with the one message; on Google the message keeps its id (derived from the message id),
 * so Google refuses a repeat as a duplicate (409, taken as sent) or, as the local fakes do, replaces the
 * message with the same one. A caller that finds a live lease (a concurrent delivery of the same batch) waits
 * for its outcome instead of sending.
 */
interface DeliveryRecord {
  /** `<messageId>|<cardId>|<platform>` */
  _id: string;
  messageId: string;
  cardId: string;
  tenantId: string;
  platform: WalletPlatform;
  state: 'sending' | 'done';
  /** ISO; a `sending` record whose lease ran out was left by a crash */
  leaseUntil: string;
  attempts: number;
  startedAt: string;
  finishedAt?: string;
  result?: WalletDelivery['result'];
  reason?: string;
}

const DELIVERIES = 'wallet_message_deliveries';

/** attempts of a push APNs asks to retry (429, 5xx after the adapter's own retries) before reporting it */
const APNS_ATTEMPTS = 3;

export const AppleReasons = {
  unregistered: 'Urządzenie nie jest już zarejestrowane (APNs 410).',
  badToken: 'Nieprawidłowy token urządzenia (APNs 400 BadDeviceToken).',
  config: (reason: string) => `Błąd konfiguracji powiadomień Apple (APNs: ${reason}).`,
  busy: (reason: string) =>
    `APNs chwilowo nie przyjmuje powiadomień (${reason}); wiadomość jest na karcie, telefon dostanie ją przy kolejnej próbie.`,
  noDevice: 'Żadne urządzenie nie jest już zarejestrowane dla tej karty.',
} as const;

export const GoogleReasons = {
  gone: 'Karty nie ma już w Google Wallet (404).',
  unavailable: (status: number) => `Google Wallet chwilowo nie odpowiada (${status}).`,
  refused: (status: number, code: string) => `Google Wallet odrzucił wiadomość (${status} ${code}).`,
  unreachable: 'Nie udało się połączyć z Google Wallet.',
} as const;

/** Google's id of the message: the campaign's message id in the characters Google's ids allow */
export const googleMessageIdOf = (messageId: string) =>
  `message-${messageId.replace(/[^A-Za-z0-9._-]/g, '_')}`;

type Outcome = Pick<WalletDelivery, 'result' | 'reason'>;

const outcomeOf = (record: DeliveryRecord): WalletDelivery => ({
  platform: record.platform,
  result: record.result!,
  ...(record.reason !== undefined && { reason: record.reason }),
});

/** What the messenger is made of (createWalletMessenger). */
export interface MessengerOptions {
  documents: DocumentStore;
  copies: Pick<PassCopies, 'cards' | 'card' | 'postCompanyMessage'>;
  registrations: Pick<PassRegistrations, 'ofCards' | 'device' | 'pushed' | 'forgetDevice'>;
  apns: PassPusher;
  google: {
    wallet: Pick<GoogleWallet, 'addMessage' | 'getObject'>;
    passes: Pick<GooglePasses, 'savedOf'>;
  };
  /** APNs pushes and Google API calls made for messages wait for these (rate-limiter.ts) */
  limits: { apns: RateLimiter; google: RateLimiter };
  clock: () => Date;
  logger: Logger;
  /** a phone APNs would not take now: the durable pass update queue pushes it later (pass-updates.ts) */
  retryLater?: (cardId: string) => Promise<void>;
  /** how long a delivery may stay `sending` before another caller takes it over (default 5 min) */
  leaseMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** The messenger's dependencies with their defaults, as every use case below takes them. */
type Messenger = Omit<MessengerOptions, 'leaseMs' | 'sleep'> & {
  leaseMs: number;
  sleep: (ms: number) => Promise<void>;
  deliveries: Collection<DeliveryRecord>;
};

/** where each card's pass is installed now: Apple devices of its current serial, its saved Google object */
async function installedOf(m: Messenger, cards: PassCard[]) {
  const active = cards.filter((c) => c.status === 'active');
  const ids = active.map((c) => c.cardId);
  const current = new Map(active.map((c) => [c.cardId, passSerial(c.cardId, c.secretVersion)]));
  const apple = new Map<string, Set<string>>();
  for (const r of await m.registrations.ofCards(ids))
    if (current.get(r.cardId) === r.serial)
      apple.set(r.cardId, (apple.get(r.cardId) ?? new Set()).add(r.device));
  const secretVersions = new Map(active.map((c) => [c.cardId, c.secretVersion]));
  const google = new Map<string, string>();
  for (const o of await m.google.passes.savedOf(ids))
    if (secretVersions.get(o.cardId) === o.secretVersion) google.set(o.cardId, o.objectId);
  return { apple, google };
}

/** `send` once per (message, card, platform); a repeat answers the recorded outcome */
async function once(
  m: Messenger,
  card: PassCard,
  message: CompanyMessage,
  platform: WalletPlatform,
  send: (takeover: boolean) => Promise<Outcome>,
): Promise<WalletDelivery> {
  const id = `${message.messageId}|${card.cardId}|${platform}`;
  for (;;) {
    const now = m.clock();
    let claimed = false;
    const record = await mutateDocument(m.deliveries, id, (current) => {
      claimed = false;
      if (current?.state === 'done') return UNCHANGED;
      if (current && current.leaseUntil > now.toISOString()) return UNCHANGED; // someone is sending it
      claimed = true;
      return {
        _id: id,
        messageId: message.messageId,
        cardId: card.cardId,
        tenantId: card.tenantId,
        platform,
        state: 'sending' as const,
        leaseUntil: new Date(now.getTime() + m.leaseMs).toISOString(),
        attempts: (current?.attempts ?? 0) + 1,
        startedAt: current?.startedAt ?? now.toISOString(),
      };
    });
    if (record?.state === 'done') return outcomeOf(record);
    if (!claimed) {
      await m.sleep(Math.min(250, Math.max(1, Date.parse(record!.leaseUntil) - m.clock().getTime())));
      continue;
    }
    if (record!.attempts > 1)
      m.logger.warn(
        { delivery: id, attempts: record!.attempts },
        'a wallet message left in flight is sent again',
      );
    let outcome: Outcome;
    try {
      outcome = await send(record!.attempts > 1);
    } catch (error) {
      // not a provider's answer (the document store, a bug): hand the delivery back for the next attempt
      await mutateDocument(m.deliveries, id, (current) =>
        current?.state === 'sending' ? { ...current, leaseUntil: m.clock().toISOString() } : UNCHANGED,
      ).catch(() => undefined);
      throw error;
    }
    await mutateDocument(m.deliveries, id, (current) => ({
      ...(current ?? record!),
      state: 'done' as const,
      finishedAt: m.clock().toISOString(),
      result: outcome.result,
      ...(outcome.reason !== undefined && { reason: outcome.reason }),
    }));
    return { platform, ...outcome };
  }
}

/** one push to one device, with the answer acted on as WALLET.md says; null when APNs took it */
async function pushDevice(
  m: Messenger,
  device: string,
): Promise<{ reason: string; retryable: boolean } | null> {
  let busy = '';
  for (let attempt = 0; attempt < APNS_ATTEMPTS; attempt++) {
    const row = await m.registrations.device(device);
    if (!row) return { reason: AppleReasons.noDevice, retryable: false };
    await m.limits.apns.take();
    const answer = await m.apns.push(row.pushToken);
    switch (answer.outcome) {
      case 'sent':
        await m.registrations.pushed(device, m.clock());
        return null;
      case 'unregistered':
        await m.registrations.forgetDevice(device, row.pushToken, answer.since);
        return { reason: AppleReasons.unregistered, retryable: false };
      case 'bad-token':
        await m.registrations.forgetDevice(device, row.pushToken, null);
        return { reason: AppleReasons.badToken, retryable: false };
      case 'config-error':
        m.logger.error({ device, reason: answer.reason }, 'APNs refused a message push: configuration');
        return { reason: AppleReasons.config(answer.reason), retryable: false };
      case 'retry-later':
        busy = answer.reason;
        if (attempt + 1 < APNS_ATTEMPTS)
          await m.sleep(Math.min(5_000, Math.max(answer.retryAfterMs ?? 0, 500 * 2 ** attempt)));
    }
  }
  return { reason: AppleReasons.busy(busy), retryable: true };
}

async function sendApple(
  m: Messenger,
  card: PassCard,
  message: CompanyMessage,
  devices: Set<string>,
): Promise<Outcome> {
  // the pass copy first: a phone that is pushed finds the message when it fetches the pass
  await m.copies.postCompanyMessage(
    card.cardId,
    { messageId: message.messageId, title: message.title, body: message.body, sentAt: message.sentAt },
    m.clock(),
  );
  const failures = (await Promise.all([...devices].map((device) => pushDevice(m, device)))).filter(
    (f) => f !== null,
  );
  if (failures.length < devices.size) return { result: 'sent' };
  if (failures.some((f) => f.retryable)) await m.retryLater?.(card.cardId);
  return { result: 'failed', reason: (failures.find((f) => f.retryable) ?? failures[0])!.reason };
}

async function sendGoogle(
  m: Messenger,
  objectId: string,
  message: CompanyMessage,
  takeover: boolean,
): Promise<Outcome> {
  await m.limits.google.take();
  try {
    // a delivery left in flight by a crash: the message may be on the pass already (a second addMessage with
    // the same id would notify again)
    if (takeover) {
      const id = googleMessageIdOf(message.messageId);
      if ((await m.google.wallet.getObject(objectId))?.messages?.some((m) => m.id === id))
        return { result: 'sent' };
      await m.limits.google.take();
    }
    const { notified } = await m.google.wallet.addMessage(
      objectId,
      { id: googleMessageIdOf(message.messageId), header: message.title, body: message.body },
      { notify: true }, // the adapter keeps Google's 3 notices per pass per 24 h, shared with balance notices
    );
    return { result: notified ? 'notified' : 'sent' };
  } catch (error) {
    if (!(error instanceof GoogleWalletError)) {
      m.logger.warn({ err: error, objectId }, 'Google Wallet unreachable for a message');
      return { result: 'failed', reason: GoogleReasons.unreachable };
    }
    if (error.status === 409) return { result: 'sent' }; // the same message id: sent before a crash
    if (error.status === 404) return { result: 'failed', reason: GoogleReasons.gone };
    if (error.retryable) return { result: 'failed', reason: GoogleReasons.unavailable(error.status) };
    m.logger.error({ err: error, objectId }, 'Google Wallet refused a message');
    return { result: 'failed', reason: GoogleReasons.refused(error.status, error.code) };
  }
}

/** The cards of `cardIds` whose pass is installed, and where (the campaign's audience counts them). */
async function installedPlatforms(m: Messenger, tenantId: string, cardIds: readonly string[]) {
  const cards = (await m.copies.cards(cardIds)).filter((c) => c.tenantId === tenantId);
  const { apple, google } = await installedOf(m, cards);
  const result = new Map<string, Set<WalletPlatform>>();
  const add = (cardId: string, platform: WalletPlatform) =>
    result.set(cardId, (result.get(cardId) ?? new Set()).add(platform));
  for (const cardId of apple.keys()) add(cardId, 'apple');
  for (const cardId of google.keys()) add(cardId, 'google');
  return result;
}

/** The message on the card's passes, once per platform. */
async function deliverMessage(
  m: Messenger,
  target: WalletCard,
  message: CompanyMessage,
): Promise<WalletDelivery[]> {
  const card = await m.copies.card(target.cardId);
  if (!card || card.tenantId !== target.tenantId) return [];
  const { apple, google } = await installedOf(m, [card]);
  const devices = apple.get(card.cardId);
  const objectId = google.get(card.cardId);
  const results: Promise<WalletDelivery>[] = [];
  for (const platform of ['apple', 'google'] as const) {
    // a repeat answers what was done even if the pass is gone since (a device APNs called dead)
    const earlier = await m.deliveries.get(`${message.messageId}|${card.cardId}|${platform}`);
    if (earlier?.state === 'done') results.push(Promise.resolve(outcomeOf(earlier)));
    else if (platform === 'apple' && devices)
      results.push(once(m, card, message, 'apple', () => sendApple(m, card, message, devices)));
    else if (platform === 'google' && objectId)
      results.push(
        once(m, card, message, 'google', (takeover) => sendGoogle(m, objectId, message, takeover)),
      );
  }
  return Promise.all(results);
}

export function createWalletMessenger(options: MessengerOptions): WalletMessenger {
  const m: Messenger = {
    ...options,
    leaseMs: options.leaseMs ?? 5 * 60_000,
    sleep: options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))),
    deliveries: options.documents.collection<DeliveryRecord>(DELIVERIES),
    logger: options.logger.child({ component: 'wallet-messenger' }),
  };
  return {
    installed: (tenantId, cardIds) => installedPlatforms(m, tenantId, cardIds),
    deliver: (target, message) => deliverMessage(m, target, message),
  };
}
