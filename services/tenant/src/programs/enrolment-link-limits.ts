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

/** 429 with Retry-After (the end of the window); the error handler writes the header. */
export class EnrolmentLinkRateLimitedError extends RateLimitedError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
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
  await limiter.ensureIndexes();
  const seen = documents.collection<SeenDoc>(SEEN_CODES_COLLECTION);
  await seen.ensureIndex({ fields: { expiresAt: 1 } });
  const { windowSeconds } = limits;
  const deviceRule: RateRule = { name: 'enrolment-link-miss-device', limit: limits.perDevice, windowSeconds };
  const ipRule: RateRule = { name: 'enrolment-link-miss-ip', limit: limits.perIp, windowSeconds };
  let lastSweep = 0;

  /** seconds until the current fixed window (aligned like the rate limiter's) ends */
  const retryAfter = (now: Date) => {
    const windowMs = windowSeconds * 1000;
    const end = (Math.floor(now.getTime() / windowMs) + 1) * windowMs;
    return Math.max(1, Math.ceil((end - now.getTime()) / 1000));
  };
  const refusal = (message: string, now: Date) => new EnrolmentLinkRateLimitedError(message, retryAfter(now));
  /** true when `attempt` threw the limiter's 429 */
  const limited = async (attempt: Promise<unknown>) =>
    attempt.then(
      () => false,
      (error: unknown) => {
        if (error instanceof RateLimitedError) return true;
        throw error;
      },
    );
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
      if (await limited(limiter.refuseWhenExhausted(now, deviceRule, client.device)))
        throw refusal(EnrolmentLinkErrors.rateLimited.message, now);
      if (!(await limited(limiter.refuseWhenExhausted(now, ipRule, client.ip)))) return;
      const known = await seen.get(seenId(client.ip, code));
      if (!known || known.expiresAt <= now.toISOString())
        throw refusal(EnrolmentLinkErrors.rateLimitedNetwork.message, now);
    },

    /** after an unknown code: counted for the device and the IP; 429 instead of 404 once either is over */
    async missed(now: Date, client: EnrolmentLinkClient): Promise<void> {
      const deviceOver = await limited(limiter.check(now, [deviceRule, client.device]));
      const ipOver = await limited(limiter.check(now, [ipRule, client.ip]));
      if (deviceOver) throw refusal(EnrolmentLinkErrors.rateLimited.message, now);
      if (ipOver) throw refusal(EnrolmentLinkErrors.rateLimitedNetwork.message, now);
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
