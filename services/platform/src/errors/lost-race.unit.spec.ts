import { describe, expect, it } from 'vitest';
import { ConcurrencyError, DuplicateKeyError, NotFoundError } from './errors';
import { isLostRace, retryLostRace } from './lost-race';

describe('retryLostRace', () => {
  it('runs again while the write loses a race, and answers what the winning run answers', async () => {
    let runs = 0;
    const result = await retryLostRace(
      async () => {
        runs++;
        if (runs < 3) throw new ConcurrencyError('doc-1', 1, 2);
        return 'written';
      },
      { maxAttempts: 5, maxPauseMs: 1 },
    );
    expect({ result, runs }).toEqual({ result: 'written', runs: 3 });
  });

  it('gives up after maxAttempts runs with the last lost race', async () => {
    let runs = 0;
    const lost = new DuplicateKeyError('docs', '_id_');
    await expect(
      retryLostRace(
        async () => {
          runs++;
          throw lost;
        },
        { maxAttempts: 4, maxPauseMs: 1 },
      ),
    ).rejects.toBe(lost);
    expect(runs).toBe(4);
  });

  it('throws any other error at once: a domain refusal or a unique index other than the id', async () => {
    for (const error of [new NotFoundError(), new DuplicateKeyError('users', 'users_email_unique')]) {
      let runs = 0;
      await expect(
        retryLostRace(
          async () => {
            runs++;
            throw error;
          },
          { maxAttempts: 5 },
        ),
      ).rejects.toBe(error);
      expect(runs).toBe(1);
    }
    expect(isLostRace(new DuplicateKeyError('users', 'users_email_unique'))).toBe(false);
  });

  it('a caller may narrow what counts as lost (appends: only a revision conflict)', async () => {
    const taken = new DuplicateKeyError('docs', '_id_');
    await expect(
      retryLostRace(
        async () => {
          throw taken;
        },
        { maxAttempts: 5, isLost: (error) => error instanceof ConcurrencyError },
      ),
    ).rejects.toBe(taken);
  });
});
