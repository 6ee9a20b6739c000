import { describe, expect, it } from 'vitest';
import {
  forgetPendingReferral,
  PENDING_REFERRAL_KEPT_MS,
  pendingReferralFor,
  savePendingReferral,
} from './pending-referral';

/** ADR 0061: the invite a friend opened, kept until they joined that program. */
function memoryStore() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}
const NOW = Date.parse('2026-11-20T10:00:00Z');

describe('given an invite opened for a program', () => {
  it('when the friend joins that program within a week, then the invite is there', () => {
    const store = memoryStore();
    savePendingReferral('abcdefghijk2', 'p1', NOW, store);
    expect(pendingReferralFor('p1', NOW + PENDING_REFERRAL_KEPT_MS, store)).toEqual({
      code: 'abcdefghijk2',
      programId: 'p1',
      savedAt: NOW,
    });
  });

  it('when the friend joins another program, or after a week, then there is none', () => {
    const store = memoryStore();
    savePendingReferral('abcdefghijk2', 'p1', NOW, store);
    expect(pendingReferralFor('p2', NOW, store)).toBeNull();
    expect(pendingReferralFor('p1', NOW + PENDING_REFERRAL_KEPT_MS + 1, store)).toBeNull();
  });

  it('when it was handed over, then it is forgotten', () => {
    const store = memoryStore();
    savePendingReferral('abcdefghijk2', 'p1', NOW, store);
    forgetPendingReferral(store);
    expect(pendingReferralFor('p1', NOW, store)).toBeNull();
  });
});

describe('given storage that is off or holds something else', () => {
  it('then nothing is found and nothing throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => savePendingReferral('abcdefghijk2', 'p1', NOW, broken)).not.toThrow();
    expect(pendingReferralFor('p1', NOW, broken)).toBeNull();
    expect(() => forgetPendingReferral(broken)).not.toThrow();
    const store = memoryStore();
    store.setItem('punkto.referral', '{not json');
    expect(pendingReferralFor('p1', NOW, store)).toBeNull();
  });
});
