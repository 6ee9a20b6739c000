import {
  unsubscribedMessage,
  type UnsubscribeResult,
  type UnsubscribeView,
} from '@punkto/contracts/messages';
import type { CampaignCommand } from './campaign.decider';
import { UnsubscribeNotFoundError } from './campaign.errors';
import { hashToken, type MessagesContext } from './messages-context';

/** `anna.kowalska@example.pl` → `a***@example.pl` */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/**
 * The unsubscribe link of a campaign e-mail (RFC 8058 one-click, and the page `/wypisz`): only the SHA-256 of
 * the token is stored. Unsubscribing turns the company's marketing consent off for every client record of the
 * person in that company — recorded as MarketingConsentWithdrawn on the campaign's stream (published on
 * notification.messages.v1: the tenant service records it on the clients; the campaign counts it), then on the
 * service's own contact copies. The link keeps working: a second use changes nothing.
 */
export function unsubscribes(ctx: MessagesContext) {
  async function tokenOf(token: string) {
    const doc = await ctx.tokens.get(hashToken(token));
    if (!doc) throw new UnsubscribeNotFoundError();
    return doc;
  }

  return {
    async view(token: string): Promise<UnsubscribeView> {
      const doc = await tokenOf(token);
      const [companyName, email, contacts] = await Promise.all([
        ctx.companyName(doc.tenantId),
        ctx.copies.emailOf(doc.emailClientId),
        Promise.all(doc.clientIds.map((id) => ctx.copies.contact(id))),
      ]);
      return {
        companyName,
        maskedEmail: email ? maskEmail(email) : '***',
        subscribed: doc.usedAt === null && contacts.some((c) => c?.marketingConsent),
      };
    },

    async unsubscribe(token: string): Promise<UnsubscribeResult> {
      const doc = await tokenOf(token);
      const companyName = await ctx.companyName(doc.tenantId);
      if (doc.usedAt === null) {
        // the event first (what the tenant service and the report learn); the decider takes each client once;
        // an automatic message's e-mail withdraws on its automation's stream (ADR 0060)
        const withdraw = {
          type: 'WithdrawConsent',
          data: { clientIds: doc.clientIds },
          metadata: { now: ctx.clock() },
        } satisfies CampaignCommand;
        const scope = { tenantId: doc.tenantId };
        if (doc.automationId) await ctx.automations.run(doc.automationId, withdraw, scope);
        else await ctx.campaigns.run(doc.campaignId, withdraw, scope);
        await ctx.copies.consentWithdrawn(doc.clientIds);
        await ctx.tokens.upsert({ ...doc, usedAt: ctx.clock().toISOString() });
      }
      return { companyName, message: unsubscribedMessage(companyName) };
    },
  };
}
