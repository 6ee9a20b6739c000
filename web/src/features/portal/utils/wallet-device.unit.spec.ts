import { describe, expect, it } from 'vitest';
import { canAddToAppleWallet } from './wallet-device';

describe('which wallet a device offers', () => {
  it.each([
    [
      'an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1',
      true,
    ],
    [
      'a Mac',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 Version/18.1 Safari/605.1.15',
      true,
    ],
    [
      'a Windows computer',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
      true,
    ],
    [
      'an Android phone',
      'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
      false,
    ],
  ])('%s: Apple Wallet %s', (_device, userAgent, apple) => {
    expect(canAddToAppleWallet(userAgent)).toBe(apple);
  });
});
