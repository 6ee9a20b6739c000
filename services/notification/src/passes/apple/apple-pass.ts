import { PKPass } from 'passkit-generator';
import { useNativeRsa } from './native-rsa';
import type { PassCertificates, PassIdentity } from './pass-certificates';
import type { StoreCardFields } from '@punkto/contracts/pass-fields';

/**
 * Builds and signs one `storeCard` pass (`.pkpass`) with passkit-generator. `pass.json` is written here in
 * full (fields from contracts pass-fields.ts) and handed over with the images; passkit-generator validates it,
 * writes the manifest (SHA-1 of every file) and the detached PKCS#7 signature, which signs through
 * OpenSSL (native-rsa.ts) instead of JavaScript RSA.
 */
export const PKPASS_MIME_TYPE = 'application/vnd.apple.pkpass';

export interface ApplePassContent {
  /** stable per card: a phone knows the pass by (pass type, serial) */
  serialNumber: string;
  /**
   * where phones ask for updates (HTTPS; phones ignore anything else) and the token (≥ 16 characters) they
   * send back for this serial; null: a pass without updates
   */
  updates: { webServiceURL: string; authenticationToken: string } | null;
  organizationName: string;
  description: string;
  logoText?: string;
  /** `#rrggbb` */
  colors: { background: string; foreground: string; label: string };
  /** the card's signed QR payload, and the card number shown under it; null: no code (a void pass) */
  barcode: { message: string; altText: string } | null;
  fields: StoreCardFields;
  /** PNG files by Wallet name (`icon.png`, `icon@2x.png`, `logo@3x.png`, `strip.png`, …); `icon.png` is required */
  images: Record<string, Buffer>;
  /** a card that was replaced or closed: the phone shows it as void */
  voided?: boolean;
  /**
   * where the pass comes up on the lock screen (≤ 10, Apple reads no more), each with its own text: no
   * top-level `relevantText` is needed (ADR 0057)
   */
  locations?: { latitude: number; longitude: number; relevantText: string }[];
}

export class ApplePassContentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ApplePassContentError';
  }
}

const rgb = (hex: string) => {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new ApplePassContentError(`not a #rrggbb colour: ${hex}`);
  return `rgb(${parseInt(m[1]!, 16)}, ${parseInt(m[2]!, 16)}, ${parseInt(m[3]!, 16)})`;
};

/** every label and fixed value of the front and back, for pl.lproj/pass.strings */
function polishStrings(fields: StoreCardFields): Record<string, string> {
  const strings: Record<string, string> = {};
  for (const list of Object.values(fields)) for (const field of list) strings[field.label] = field.label;
  return strings;
}

export function applePassSigner(
  certificates: PassCertificates,
  identity: PassIdentity,
  /** `nativeRsa: false` signs as passkit-generator ships (JavaScript RSA): the benchmark's baseline only */
  options: { nativeRsa?: boolean } = {},
) {
  if (options.nativeRsa !== false) useNativeRsa();
  const signing = {
    wwdr: certificates.wwdr,
    signerCert: certificates.signerCert,
    signerKey: certificates.signerKey,
    ...(certificates.signerKeyPassphrase !== undefined && {
      signerKeyPassphrase: certificates.signerKeyPassphrase,
    }),
  };
  return {
    identity,

    /** the signed `.pkpass` (a zip) */
    build(content: ApplePassContent): Buffer {
      if (!content.images['icon.png']) throw new ApplePassContentError('icon.png is required by Wallet');
      if (content.updates && content.updates.authenticationToken.length < 16)
        throw new ApplePassContentError('authenticationToken must have at least 16 characters');
      const passJson = {
        formatVersion: 1,
        passTypeIdentifier: identity.passTypeIdentifier,
        teamIdentifier: identity.teamIdentifier,
        serialNumber: content.serialNumber,
        organizationName: content.organizationName,
        description: content.description,
        ...(content.logoText && { logoText: content.logoText }),
        backgroundColor: rgb(content.colors.background),
        foregroundColor: rgb(content.colors.foreground),
        labelColor: rgb(content.colors.label),
        ...(content.updates && {
          webServiceURL: content.updates.webServiceURL,
          authenticationToken: content.updates.authenticationToken,
        }),
        ...(content.voided && { voided: true }),
        ...(content.locations?.length && { locations: content.locations.slice(0, 10) }),
        ...(content.barcode && {
          barcodes: [
            {
              format: 'PKBarcodeFormatQR',
              message: content.barcode.message,
              messageEncoding: 'iso-8859-1',
              altText: content.barcode.altText,
            },
          ],
        }),
        storeCard: content.fields,
      };
      const pass = new PKPass(
        { ...content.images, 'pass.json': Buffer.from(JSON.stringify(passJson)) },
        signing,
      );
      pass.localize('pl', polishStrings(content.fields));
      return pass.getAsBuffer();
    },
  };
}

export type ApplePassSigner = ReturnType<typeof applePassSigner>;
