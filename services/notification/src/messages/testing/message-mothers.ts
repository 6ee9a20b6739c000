import { Topics } from '@punkto/contracts/topics';
import { randomUUID } from 'node:crypto';
import type { NotificationTestApp } from '../../testing/notification-test-app';
import type {
  CompanyMessage,
  WalletCard,
  WalletDelivery,
  WalletMessenger,
  WalletPlatform,
} from '../../shared/wallet-messenger.port';

/**
 * Test data for company messages: a company with a program, and customers as the tenant service, identity and
 * the card ledger would have published them (ClientEnrolled with an account, CardIssued, visits).
 */
export function aCompany(
  app: NotificationTestApp,
  companyName = 'Kawiarnia Pod Lipą',
  tenantId: string = randomUUID(),
) {
  return app.aCompany({ companyName, tenantId });
}

export interface SeededCustomer {
  userId: string;
  clientId: string;
  cardId: string;
  email: string;
}

export async function aCustomer(
  app: NotificationTestApp,
  company: { tenantId: string; programId: string },
  options: { consent?: boolean; visits?: string[]; n?: number; userId?: string } = {},
): Promise<SeededCustomer> {
  const userId = options.userId ?? randomUUID();
  const clientId = randomUUID();
  const cardId = randomUUID();
  const email = `klient${options.n ?? ''}.${clientId.slice(0, 8)}@example.pl`;
  await app.deliver(Topics.tenantClients, 'ClientEnrolled', {
    clientId,
    tenantId: company.tenantId,
    programId: company.programId,
    userId,
    email,
    name: 'Jan Kowalski',
    phone: null,
    source: 'self',
    companyName: 'Kawiarnia Pod Lipą',
    programName: 'Kawa',
    marketingConsent: options.consent ?? true,
    enrolledAt: '2026-01-02T09:00:00.000Z',
  });
  await app.deliver(Topics.cardLedgerCards, 'CardIssued', {
    cardId,
    tenantId: company.tenantId,
    programId: company.programId,
    clientId,
    userId,
    humanReadableId: '1234567897',
    secretVersion: 1,
    qrPayload: `P1.${cardId}.1.c2lnbmF0dXJlLW9mLXRoZS1j`,
    tier: null,
    issuedAt: '2026-01-02T09:00:00.000Z',
  });
  let stamps = 0;
  for (const at of options.visits ?? [])
    await app.deliver(Topics.cardLedgerCards, 'StampsAdded', {
      cardId,
      commandId: randomUUID(),
      count: 1,
      employeeId: 'e1',
      balance: { points: 0, stamps: ++stamps, lifetimePoints: 0 },
      addedAt: at,
    });
  return { userId, clientId, cardId, email };
}

/**
 * A recording stand-in for the passes' side of the WalletMessenger port (its own contract: installed passes per
 * card; deliver idempotent per message, card and platform) — for the campaign engine's tests, which are not
 * about how a pass gets the text. The real adapter is services/notification/src/passes/wallet-messenger.ts.
 */
export function recordingWallet(installed: Map<string, Set<WalletPlatform>> = new Map()) {
  const outcomes = new Map<string, WalletDelivery>();
  const sends: Array<{ card: WalletCard; message: CompanyMessage; platform: WalletPlatform }> = [];
  const messenger: WalletMessenger = {
    async installed(_tenantId, cardIds) {
      const result = new Map<string, Set<WalletPlatform>>();
      for (const id of cardIds) {
        const platforms = installed.get(id);
        if (platforms?.size) result.set(id, new Set(platforms));
      }
      return result;
    },
    async deliver(card, message) {
      const deliveries: WalletDelivery[] = [];
      for (const platform of [...(installed.get(card.cardId) ?? [])].sort()) {
        const key = `${message.messageId}|${card.cardId}|${platform}`;
        let outcome = outcomes.get(key);
        if (!outcome) {
          sends.push({ card, message, platform });
          outcome = { platform, result: platform === 'google' ? 'notified' : 'sent' };
          outcomes.set(key, outcome);
        }
        deliveries.push(outcome);
      }
      return deliveries;
    },
  };
  return { messenger, installed, sends };
}
