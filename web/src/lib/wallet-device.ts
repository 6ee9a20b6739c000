/**
 * Which wallet buttons a device gets, from its user agent: an iPhone or iPad takes the card into Apple
 * Wallet, an Android phone into Google Wallet; a computer gets both (a pass opens on a Mac or travels to the
 * phone; a Google save link saves the card to the Google account) and a code that opens the page on the
 * phone.
 */
export type WalletDevice = 'apple' | 'google' | 'computer';

export function walletDeviceOf(userAgent: string): WalletDevice {
  if (/Android/i.test(userAgent)) return 'google';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'apple';
  return 'computer';
}

export const canAddToAppleWallet = (userAgent: string): boolean => walletDeviceOf(userAgent) !== 'google';

export const canAddToGoogleWallet = (userAgent: string): boolean => walletDeviceOf(userAgent) !== 'apple';
