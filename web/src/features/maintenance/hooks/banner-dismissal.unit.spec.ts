import { describe, expect, it } from 'vitest';
import { MAINTENANCE_BANNER_DISMISSED_KEY, createBannerDismissal } from './banner-dismissal';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

describe('maintenance banner dismissal', () => {
  it('is not dismissed at first', () => {
    expect(createBannerDismissal(memoryStorage()).isDismissed()).toBe(false);
  });

  it('remembers a dismissal in session storage, across instances', () => {
    const storage = memoryStorage();
    createBannerDismissal(storage).dismiss();
    expect(storage.data.get(MAINTENANCE_BANNER_DISMISSED_KEY)).toBe('1');
    expect(createBannerDismissal(storage).isDismissed()).toBe(true);
  });

  it('reset forgets the dismissal', () => {
    const storage = memoryStorage();
    const dismissal = createBannerDismissal(storage);
    dismissal.dismiss();
    dismissal.reset();
    expect(dismissal.isDismissed()).toBe(false);
    expect(storage.data.size).toBe(0);
  });

  it('falls back to memory when storage is missing or throws', () => {
    const throwing = {
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
    for (const storage of [undefined, throwing]) {
      const dismissal = createBannerDismissal(storage);
      expect(dismissal.isDismissed()).toBe(false);
      dismissal.dismiss();
      expect(dismissal.isDismissed()).toBe(true);
      dismissal.reset();
      expect(dismissal.isDismissed()).toBe(false);
    }
  });
});
