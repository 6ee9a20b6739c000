import { describe, expect, it } from 'vitest';
import { RateLimitedError } from '../errors/errors';
import { rateLimiter } from './rate-limiter';
import { memoryRateLimitStore } from './rate-limit-store';

const refusal = async (attempt: Promise<unknown>) => {
  try {
    await attempt;
    return null;
  } catch (error) {
    if (error instanceof RateLimitedError) return error;
    throw error;
  }
};

describe('a rate limit by the calendar day in Poland', () => {
  const rule = { name: 'test-day', limit: 1, windowSeconds: 25 * 3600, calendar: 'warsaw-day' as const };

  it('ends at midnight in Warsaw, not UTC: refused at 23:59:30, allowed at 00:00:30', async () => {
    const limiter = rateLimiter(memoryRateLimitStore());
    const lateEvening = new Date('2026-11-29T22:59:30.000Z'); // 23:59:30 in Warsaw (CET)
    await limiter.check(lateEvening, [rule, 'firma']);
    const refused = await refusal(limiter.check(lateEvening, [rule, 'firma']));
    expect(refused?.retryAfterSeconds).toBe(30);
    // 00:00:30 in Warsaw, still 23:00:30 of the same UTC day
    expect(await refusal(limiter.check(new Date('2026-11-29T23:00:30.000Z'), [rule, 'firma']))).toBeNull();
  });

  it('lasts 25 hours on the day the clocks go back', async () => {
    const limiter = rateLimiter(memoryRateLimitStore());
    const start = new Date('2026-10-24T22:00:00.000Z'); // 00:00 on 25 October in Warsaw (CEST)
    await limiter.check(start, [rule, 'adres']);
    const refused = await refusal(limiter.check(start, [rule, 'adres']));
    expect(refused?.retryAfterSeconds).toBe(25 * 3600);
  });

  it('a rule without a calendar keeps its fixed windows', async () => {
    const limiter = rateLimiter(memoryRateLimitStore());
    const minute = { name: 'test-minute', limit: 1, windowSeconds: 60 };
    const at = new Date('2026-11-29T10:00:45.000Z');
    await limiter.check(at, [minute, 'ip']);
    expect((await refusal(limiter.check(at, [minute, 'ip'])))?.retryAfterSeconds).toBe(15);
  });
});
