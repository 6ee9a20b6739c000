import {
  addressInvitationLimitMessage,
  companyInvitationLimitMessage,
  INVITATION_MAILS_PER_ADDRESS_PER_DAY,
  INVITATION_MAILS_PER_COMPANY_PER_DAY,
  INVITATION_MAILS_PER_COMPANY_PER_DAY_IN_TRIAL,
} from '@punkto/contracts/employees';
import { warsawFormat } from '@punkto/contracts/warsaw-format';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { RateLimitedError } from '@punkto/platform/errors/errors';
import { rateLimiter, type RateRule } from '@punkto/platform/security/rate-limiter';
import { durableRateLimitStore } from '@punkto/platform/security/rate-limit-store';

/** a day in Poland: the counts are kept for the longest one (the autumn clock change's 25 hours) */
const DAY_SECONDS = 25 * 3600;
const perCompany: RateRule = {
  name: 'invitation-mail-company',
  calendar: 'warsaw-day',
  limit: INVITATION_MAILS_PER_COMPANY_PER_DAY,
  windowSeconds: DAY_SECONDS,
};
const perCompanyInTrial: RateRule = {
  name: 'invitation-mail-company-trial',
  calendar: 'warsaw-day',
  limit: INVITATION_MAILS_PER_COMPANY_PER_DAY_IN_TRIAL,
  windowSeconds: DAY_SECONDS,
};
const perAddress: RateRule = {
  name: 'invitation-mail-address',
  calendar: 'warsaw-day',
  limit: INVITATION_MAILS_PER_ADDRESS_PER_DAY,
  windowSeconds: DAY_SECONDS,
};
const dayFormat = warsawFormat({ day: 'numeric', month: 'long' });
const timeFormat = warsawFormat({ hour: '2-digit', minute: '2-digit' });
/** „29 listopada, godz. 01:00” (Warsaw time) */
const retryAtFormat = (at: number) => `${dayFormat(at)}, godz. ${timeFormat(at)}`;

/** the limiter's 429 when `attempt` threw it, else null */
const refusedBy = (attempt: Promise<unknown>) =>
  attempt.then(
    () => null,
    (error: unknown) => {
      if (error instanceof RateLimitedError) return error;
      throw error;
    },
  );

/**
 * The caps on invitation e-mails (ADR 0040): every invitation and every resend counts once against the
 * company's daily cap (lower in the trial) and against the recipient address's daily cap (across companies).
 * Both are checked before either is counted, so a refusal by one does not spend the other; the count itself
 * is the store's atomic increment, so parallel invitations cannot pass the cap together. A refusal is 429
 * RATE_LIMITED with Retry-After (the end of the day's window: midnight in Poland) and says, in Polish, which cap
 * and until when.
 */
export function invitationLimits(documents: DocumentStore, isTrial: (tenantId: string) => Promise<boolean>) {
  const store = durableRateLimitStore(documents);
  const silent = rateLimiter(store);

  /** the refusal in the words of the cap that refused */
  const refusal = (by: RateLimitedError, now: Date, message: (retryAt: string) => string) => {
    const seconds = by.retryAfterSeconds ?? DAY_SECONDS;
    return new RateLimitedError(message(retryAtFormat(now.getTime() + seconds * 1000)), seconds);
  };

  return {
    /** counts one invitation e-mail of `tenantId` to `email`, or throws the 429 of the cap it would exceed */
    async count(now: Date, tenantId: string, email: string): Promise<void> {
      const trial = await isTrial(tenantId);
      const companyRule = trial ? perCompanyInTrial : perCompany;
      const address = email.trim().toLowerCase();
      const companyMessage = (at: string) => companyInvitationLimitMessage(companyRule.limit, trial, at);
      const addressMessage = (at: string) => addressInvitationLimitMessage(perAddress.limit, at);
      const checks: Array<[RateRule, string, (at: string) => string]> = [
        [companyRule, tenantId, companyMessage],
        [perAddress, address, addressMessage],
      ];
      for (const [rule, key, message] of checks) {
        const exhausted = await refusedBy(silent.refuseWhenExhausted(now, rule, key));
        if (exhausted) throw refusal(exhausted, now, message);
      }
      for (const [rule, key, message] of checks) {
        const over = await refusedBy(silent.check(now, [rule, key]));
        if (over) throw refusal(over, now, message);
      }
    },
  };
}
export type InvitationLimits = ReturnType<typeof invitationLimits>;
