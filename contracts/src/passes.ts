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
  googleUnavailable: {
    code: 'PASS.GOOGLE_UNAVAILABLE',
    message:
      'Zapisywanie kart w Google Wallet nie jest jeszcze dostępne. Pokaż kod QR z tej strony przy kasie.',
  },
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

/**
 * `GET /cards/{id}/create-google-pass/{x}`: Google passes are added through a link to Google's save page, not
 * a file, so `{x}` says which answer is wanted; `link` (the only one) answers the save link as JSON (ADR 0012).
 */
export const GooglePassParams = z.object({
  id: z.string().min(1).max(64),
  x: z.literal('link', { error: 'Dozwolona jest tylko wartość link.' }),
});

export const GooglePassResponse = z
  .object({
    saveUrl: z.url().describe('`https://pay.google.com/gp/v/save/<jwt>`: opens Google Wallet with the card'),
  })
  .meta({ id: 'GooglePassResponse' });
export type GooglePassResponse = z.infer<typeof GooglePassResponse>;

/** What became of a company's wallet passes (pass health, ADR 0012). */
export const PassHealthResponse = z
  .object({
    apple: z.object({
      installed: z.number().int().describe('passes on phones that asked for updates now'),
      added: z.number().int(),
      removed: z.number().int(),
    }),
    google: z.object({
      installed: z.number().int().describe('passes Google reported saved and not removed'),
      added: z.number().int(),
      removed: z.number().int(),
    }),
    failedUpdates: z.number().int().describe('updates that could not reach a phone (APNs or Google refused)'),
    lastFailure: z.object({ reason: z.string(), at: z.iso.datetime({ offset: true }) }).nullable(),
  })
  .meta({ id: 'PassHealthResponse' });
export type PassHealthResponse = z.infer<typeof PassHealthResponse>;
