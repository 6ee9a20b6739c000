/**
 * Which wallet a device can take a card into, from its user agent: Apple Wallet on iPhone and iPad, and on a
 * computer (the pass opens on a Mac, or travels to the phone by AirDrop or e-mail); never on Android, whose
 * wallet is Google's.
 */
export function canAddToAppleWallet(userAgent: string): boolean {
  return !/Android/i.test(userAgent);
}
