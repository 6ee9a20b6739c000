import { EnrolmentLinkErrors } from '@punkto/contracts/enrolment-links';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { RateLimitedError } from '@punkto/platform/errors/errors';
import { rateLimiter, type RateRule } from '@punkto/platform/security/rate-limiter';
import { createHash } from 'node:crypto';

/** Who looks a short code up: the client IP and the device cookie of the lookup (`punkto_device`). */
export interface EnrolmentLinkClient {
  ip: string;
  device: string;
}

export interface EnrolmentLinkLimits {
  /** unknown codes one device may try per window before every lookup from it answers 429 */
  perDevice: number;
  /** unknown codes one IP may try per window before codes never resolved from it answer 429 */
  perIp: number;
  windowSeconds: number;
}

type SeenDoc = { _id: string; expiresAt: string };
export const SEEN_CODES_COLLECTION = 'enrolment_link_seen';
/** a code resolved from an IP keeps resolving from it for a day, whatever that IP's miss budget says */
const SEEN_FOR_MS = 24 * 3600_000;
const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('base64url');

/**
 * The limits on looking up short enrolment codes (ADR 0014 and its amendment for issue 36): enumerating codes
 * stays expensive, yet one person cannot lock a whole café's Wi-Fi out of enrolling.
 *
 * - Per DEVICE (the `punkto_device` cookie): after `perDevice` unknown codes in the window, every lookup from
 *   the device answers 429 — hits too, so its answers stop telling codes apart.
 * - Per IP, a much larger budget (`perIp`): once spent, a code answers only if it was already resolved from
 *   that IP within the last day (the café's own poster code, which its customers keep resolving); any other
 *   code answers 429 whether it exists or not, so an enumerator learns nothing more from that IP, and nobody
 *   else at that IP loses the codes people there use. A device that drops its cookie gets a new one per
 *   lookup and is held by the IP budget alone.
 */
export async function enrolmentLinkLimits(documents: DocumentStore, limits: EnrolmentLinkLimits) {
  const limiter = rateLimiter(documents, EnrolmentLinkErrors.rateLimited.message);
  const seen = documents.collection<SeenDoc>(SEEN_CODES_COLLECTION);
  await seen.ensureIndex({ fields: { expiresAt: 1 } });
  const { windowSeconds } = limits;
  const deviceRule: RateRule = { name: 'enrolment-link-miss-device', limit: limits.perDevice, windowSeconds };
  const ipRule: RateRule = { name: 'enrolment-link-miss-ip', limit: limits.perIp, windowSeconds };
  let lastSweep = 0;

  /** the limiter's 429 when `attempt` threw it, else null */
  const refusedBy = async (attempt: Promise<unknown>) =>
    attempt.then(
      () => null,
      (error: unknown) => {
        if (error instanceof RateLimitedError) return error;
        throw error;
      },
    );
  /** the limiter's refusal (its Retry-After: the window's end) in the words of this refusal */
  const refusal = (message: string, by: RateLimitedError) =>
    new RateLimitedError(message, by.retryAfterSeconds);
  const seenId = (ip: string, code: string) => sha256(`${ip}|${code}`);

  async function sweep(now: Date) {
    if (now.getTime() - lastSweep < 60_000) return;
    lastSweep = now.getTime();
    for (const doc of await seen.find({ expiresAt: { $lt: now.toISOString() } }, { limit: 500 }))
      await seen.delete(doc._id);
  }

  return {
    /** before the lookup: 429 for a device out of misses, or an IP out of misses asking a code new to it */
    async admit(now: Date, client: EnrolmentLinkClient, code: string): Promise<void> {
      const device = await refusedBy(limiter.refuseWhenExhausted(now, deviceRule, client.device));
      if (device) throw refusal(EnrolmentLinkErrors.rateLimited.message, device);
      const network = await refusedBy(limiter.refuseWhenExhausted(now, ipRule, client.ip));
      if (!network) return;
      const known = await seen.get(seenId(client.ip, code));
      if (!known || known.expiresAt <= now.toISOString())
        throw refusal(EnrolmentLinkErrors.rateLimitedNetwork.message, network);
    },

    /** after an unknown code: counted for the device and the IP; 429 instead of 404 once either is over */
    async missed(now: Date, client: EnrolmentLinkClient): Promise<void> {
      const device = await refusedBy(limiter.check(now, [deviceRule, client.device]));
      const network = await refusedBy(limiter.check(now, [ipRule, client.ip]));
      if (device) throw refusal(EnrolmentLinkErrors.rateLimited.message, device);
      if (network) throw refusal(EnrolmentLinkErrors.rateLimitedNetwork.message, network);
    },

    /** after a code resolved: remembered for its IP (written at most once an hour per IP and code) */
    async resolved(now: Date, client: EnrolmentLinkClient, code: string): Promise<void> {
      await sweep(now);
      const _id = seenId(client.ip, code);
      const known = await seen.get(_id);
      const expiresAt = new Date(now.getTime() + SEEN_FOR_MS).toISOString();
      if (known && Date.parse(known.expiresAt) - now.getTime() > SEEN_FOR_MS - 3600_000) return;
      await seen.upsert({ _id, expiresAt });
    },
  };
}
export type EnrolmentLinkGuard = Awaited<ReturnType<typeof enrolmentLinkLimits>>;
