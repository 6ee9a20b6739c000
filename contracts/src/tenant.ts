import { httpsUrl } from './web-addresses';
import { multiLineText, singleLineText } from './text';
import { z } from 'zod';
import { Email } from './identity';
import { Phone } from './phone';
import { Address, Branding } from './tenant-view';

/**
 * Tenant contracts (SPEC §7 "Tenants"): the company a business owner runs Punkto for. Messages are Polish;
 * the NIP (Polish tax id) is accepted with or without the usual separators and stored as 10 digits.
 */

export const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7] as const;

export const NipMessages = {
  format: 'NIP musi składać się z 10 cyfr (np. 123-456-32-18).',
  checksum: 'Nieprawidłowy NIP: cyfra kontrolna się nie zgadza.',
} as const;

/** `123-456-32-18`, `123 456 32 18` → `1234563218` (separators are dashes and whitespace). */
export const normaliseNip = (value: string) => value.replace(/[\s-]/g, '');

/**
 * The official NIP checksum: the first nine digits weighted 6,5,7,2,3,4,5,6,7, summed, modulo 11 must equal
 * the tenth digit; a remainder of 10 is never issued, so such a number is invalid.
 */
export function isValidNip(digits: string): boolean {
  if (!/^\d{10}$/.test(digits)) return false;
  const sum = NIP_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(digits[i]), 0);
  const check = sum % 11;
  return check !== 10 && check === Number(digits[9]);
}

/**
 * A NIP that passes the checksum, drawn at random: test data and samples. NIP is unique per active company
 * (ADR 0035), so every test company needs its own.
 */
export function randomNip(random: () => number = Math.random): string {
  for (;;) {
    // the tax offices' prefixes start at 1; a leading zero is never issued
    const first = [
      1 + Math.floor(random() * 9),
      ...Array.from({ length: 8 }, () => Math.floor(random() * 10)),
    ];
    const check = NIP_WEIGHTS.reduce((acc, weight, i) => acc + weight * first[i]!, 0) % 11;
    if (check !== 10) return `${first.join('')}${check}`;
  }
}

export const Nip = z
  .string(NipMessages.format)
  .trim()
  .transform(normaliseNip)
  .pipe(
    z
      .string()
      .regex(/^\d{10}$/, { message: NipMessages.format, abort: true })
      .refine(isValidNip, NipMessages.checksum),
  );

export const CompanyName = singleLineText('Podaj nazwę firmy.')
  .min(2, 'Nazwa firmy musi mieć co najmniej 2 znaki.')
  .max(120, 'Nazwa firmy może mieć najwyżej 120 znaków.');

export const CreateTenantRequest = z
  .object({ companyName: CompanyName, nip: Nip })
  .meta({ id: 'CreateTenantRequest' });
export type CreateTenantRequest = z.input<typeof CreateTenantRequest>;

export const CreateTenantResponse = z.object({ tenantId: z.string() }).meta({ id: 'CreateTenantResponse' });

export { TenantIdParams } from './tenant-id';

/** Polish phone numbers (phone.ts), shared with identity's customer profile. */
export { OptionalPhone, Phone, PhoneMessages } from './phone';

export {
  Address,
  Branding,
  ContactView,
  DEFAULT_AWARD_CONFIRM_ABOVE_GROSZE,
  defaultBranding,
  HexColor,
  PostalCode,
  TenantImage,
  TenantResponse,
} from './tenant-view';

export const Contact = z
  .object({
    email: Email.optional(),
    phone: Phone.optional(),
    website: httpsUrl().optional(),
  })
  .meta({ id: 'Contact' });

export const AwardConfirmAboveGrosze = z
  .number('Podaj kwotę w złotych.')
  .int('Podaj kwotę w złotych, np. 300.')
  .min(1_000, 'Próg musi wynosić co najmniej 10 zł.')
  .max(10_000_000, 'Próg może wynosić najwyżej 100 000 zł.');

/** PATCH update-tenant: every field optional; `null` clears an optional part. */
export const UpdateTenantRequest = z
  .object({
    companyName: CompanyName.optional(),
    nip: Nip.optional(),
    description: multiLineText().max(500, 'Opis może mieć najwyżej 500 znaków.').nullable().optional(),
    address: Address.nullable().optional(),
    contact: Contact.nullable().optional(),
    branding: Branding.optional(),
    /** the purchase (grosze) above which the scanner asks to confirm an award */
    awardConfirmAboveGrosze: AwardConfirmAboveGrosze.optional(),
  })
  .meta({ id: 'UpdateTenantRequest' });
export type UpdateTenantRequest = z.input<typeof UpdateTenantRequest>;

/**
 * "Configured" (SPEC §4 tenant guard): company data complete (name, valid NIP, address) AND at least one
 * active loyalty program. `missing` names what is not there yet, in Polish, for the setup screen.
 */
export { TenantConfiguredResponse } from './tenant-configured';

export const UploadLimits = {
  maxBytes: 5 * 1024 * 1024,
  acceptedTypes: ['image/png', 'image/jpeg', 'image/webp'] as const,
  minLogo: { width: 160, height: 50 },
  minHero: { width: 750, height: 246 },
} as const;

/** Stable tenant error codes with their Polish messages. */
export const TenantErrors = {
  ownerAlreadyHasTenant: {
    code: 'TENANT.OWNER_ALREADY_HAS_TENANT',
    status: 409,
    message: 'Masz już zarejestrowaną firmę. Jedno konto właściciela może prowadzić tylko jedną firmę.',
  },
  alreadyExists: { code: 'TENANT.ALREADY_EXISTS', status: 409, message: 'Ta firma już istnieje.' },
  notFound: { code: 'TENANT.NOT_FOUND', status: 404, message: 'Nie znaleziono firmy.' },
  deleted: { code: 'TENANT.DELETED', status: 410, message: 'Ta firma została usunięta.' },
  uploadMissing: { code: 'TENANT.UPLOAD_MISSING', message: 'Wybierz plik z obrazem.' },
  uploadTooLarge: {
    code: 'TENANT.UPLOAD_TOO_LARGE',
    message: 'Plik jest za duży. Maksymalny rozmiar to 5 MB.',
  },
  uploadType: {
    code: 'TENANT.UPLOAD_TYPE',
    message: 'Nieobsługiwany format pliku. Wgraj obraz PNG, JPEG lub WebP.',
  },
  uploadTooSmall: {
    code: 'TENANT.UPLOAD_TOO_SMALL',
    message: 'Obraz jest za mały. Logo: co najmniej 160×50 px, zdjęcie w tle: co najmniej 750×246 px.',
  },
  noHeroImage: { code: 'TENANT.NO_HERO_IMAGE', status: 404, message: 'Firma nie ma zdjęcia w tle.' },
  /** the typed name is not the company's, even with any dash, quote, spacing or case (company-name-match.ts) */
  deleteConfirmation: {
    code: 'TENANT.DELETE_CONFIRMATION',
    message:
      'Wpisana nazwa nie zgadza się z nazwą firmy. Sprawdź litery i cyfry — wielkość liter, rodzaj myślnika, cudzysłowu i spacje nie mają znaczenia.',
  },
  /** 409: another active company has this NIP (ADR 0035) */
  nipTaken: {
    code: 'TENANT.NIP_TAKEN',
    status: 409,
    message:
      'Firma z tym NIP-em ma już konto w Punkto. Sieć z kilkoma lokalami prowadzi je na jednym koncie — poproś właściciela tego konta o dostęp pracownika albo sprawdź, czy NIP jest poprawny.',
  },
  /** 400 on `nip`: the Ministry of Finance's VAT-payer registry (biała lista) does not know this NIP (ADR 0035) */
  nipNotInVatRegistry: {
    code: 'TENANT.NIP_NOT_IN_VAT_REGISTRY',
    message:
      'Nie znaleźliśmy tego NIP-u w wykazie podatników VAT Ministerstwa Finansów. Sprawdź, czy NIP jest poprawny.',
  },
} as const;

export const DELETE_CONFIRMATION_EMPTY_MESSAGE = 'Wpisz nazwę firmy, aby potwierdzić usunięcie.';

/** DELETE /tenants/delete-tenant: the owner types the company name to confirm (company-name-match.ts). */
export const DeleteTenantRequest = z
  .object({ confirmCompanyName: singleLineText().min(1, DELETE_CONFIRMATION_EMPTY_MESSAGE) })
  .meta({ id: 'DeleteTenantRequest' });
