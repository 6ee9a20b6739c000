import { describe, expect, it } from 'vitest';
import { afterFailure, lockedFor, type FailureState } from './login-lockout';

const policy = { afterFailures: 5, maxSeconds: 900 };
const now = new Date('2026-11-24T10:00:00.000Z');
const failTimes = (n: number, at = now) => {
  let state: FailureState | null = null;
  for (let i = 0; i < n; i++) state = afterFailure(state, at, policy);
  return state;
};

describe('login lockout policy', () => {
  describe('when an address has had 4 wrong passwords', () => {
    it('is not locked yet', () => {
      expect(failTimes(4)).toEqual({ failures: 4, lockedUntil: null });
      expect(lockedFor(failTimes(4), now)).toBe(0);
    });
  });

  describe('when it has had the 5th', () => {
    it('is locked for 1 s, then open again', () => {
      const state = failTimes(5);
      expect(lockedFor(state, now)).toBe(1);
      expect(lockedFor(state, new Date(now.getTime() + 1000))).toBe(0);
    });
  });

  describe('when failures go on', () => {
    it('doubles the lock with each one: 2 s, 4 s, 8 s …', () => {
      expect(lockedFor(failTimes(6), now)).toBe(2);
      expect(lockedFor(failTimes(7), now)).toBe(4);
      expect(lockedFor(failTimes(10), now)).toBe(32);
    });
    it('never locks longer than the maximum', () => {
      expect(lockedFor(failTimes(15), now)).toBe(900);
      expect(lockedFor(failTimes(200), now)).toBe(900);
    });
  });

  describe('with no failures recorded', () => {
    it('is open', () => expect(lockedFor(null, now)).toBe(0));
  });
});
