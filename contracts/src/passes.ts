import { z } from 'zod';

/** MIME type of an Apple Wallet pass (WALLET.md). */
export const PKPASS_CONTENT_TYPE = 'application/vnd.apple.pkpass';

/**
 * `GET /cards/{id}/create-apple-pass/{x}`: SPEC leaves `{x}` open; here it is the name the downloaded file is
 * saved under (`Karta Pod Lipą.pkpass`), which some browsers take from the URL's last segment; the answer's
 * Content-Disposition carries the same name (ADR 0012).
 */
export const ApplePassFileName = z
  .string()
  .regex(/^[\p{L}\p{N} ._-]{1,80}\.pkpass$/u, 'Nazwa pliku karty musi kończyć się na .pkpass.');

export const ApplePassParams = z.object({
  id: z.string().min(1).max(64),
  x: ApplePassFileName,
});

export const PassErrors = {
  notReady: {
    code: 'PASS.NOT_READY',
    message: 'Karta nie jest jeszcze gotowa do dodania do portfela. Spróbuj ponownie za chwilę.',
  },
  cardClosed: { code: 'CARD.CLOSED', message: 'Ta karta jest zamknięta.' },
  notYours: { code: 'PASS.NOT_YOUR_CARD', message: 'Do portfela możesz dodać tylko własną kartę.' },
  appleUnavailable: {
    code: 'PASS.APPLE_UNAVAILABLE',
    message:
      'Dodawanie kart do Apple Wallet nie jest jeszcze dostępne. Pokaż kod QR z tej strony przy kasie.',
  },
} as const;

/** The file name a customer's pass is saved under: the company's name, without characters file systems refuse. */
export function applePassFileName(companyName: string): string {
  const safe = companyName
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60);
  return `${safe ? `Karta ${safe}` : 'Karta'}.pkpass`;
}
