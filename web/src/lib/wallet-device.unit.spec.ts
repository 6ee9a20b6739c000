import { describe, expect, it } from 'vitest';
import { canAddToAppleWallet, canAddToGoogleWallet, walletDeviceOf } from './wallet-device';

describe('which wallet a device offers', () => {
  it.each([
    [
      'an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1',
      'apple',
      true,
      false,
    ],
    [
      'an iPad',
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1',
      'apple',
      true,
      false,
    ],
    [
      'a Mac',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 Version/18.1 Safari/605.1.15',
      'computer',
      true,
      true,
    ],
    [
      'a Windows computer',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
      'computer',
      true,
      true,
    ],
    [
      'an Android phone',
      'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
      'google',
      false,
      true,
    ],
  ])('%s: %s (Apple %s, Google %s)', (_device, userAgent, device, apple, google) => {
    expect(walletDeviceOf(userAgent)).toBe(device);
    expect(canAddToAppleWallet(userAgent)).toBe(apple);
    expect(canAddToGoogleWallet(userAgent)).toBe(google);
  });
});
