import { z } from 'zod';
import { singleLineText } from './text';

/**
 * The company as the API answers it (GET /tenants/{id}) and the parts it shares with the settings form's
 * request (tenant.ts re-exports them): a module without the request-only rules — e-mail and phone validation,
 * with the phone numbers' metadata — so the panel's frame, which reads the company before its first screen,
 * does not bring them into the app's start-up code.
 */

export const PostalCode = z
  .string('Podaj kod pocztowy.')
  .trim()
  .regex(/^\d{2}-\d{3}$/, 'Kod pocztowy ma format 00-000.');

export const HexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Kolor podaj w formacie #RRGGBB.')
  .transform((v) => v.toLowerCase());

export const Address = z
  .object({
    street: singleLineText().min(2, 'Podaj ulicę i numer.').max(120, 'Adres jest za długi.'),
    postalCode: PostalCode,
    city: singleLineText().min(2, 'Podaj miejscowość.').max(80, 'Nazwa miejscowości jest za długa.'),
  })
  .meta({ id: 'Address' });

/** The company's contact as stored: the e-mail, the phone in E.164 and the https address, each checked when saved. */
export const ContactView = z
  .object({
    email: z.string().optional(),
    phone: z.string().optional(),
    website: z.string().optional(),
  })
  .meta({ id: 'ContactView' });

/** Card colours used by the wallet passes: background, text and label colours. */
export const Branding = z
  .object({
    backgroundColor: HexColor,
    foregroundColor: HexColor,
    labelColor: HexColor,
  })
  .meta({ id: 'Branding' });
export type Branding = z.infer<typeof Branding>;
export const defaultBranding: Branding = {
  backgroundColor: '#1f3a5f',
  foregroundColor: '#ffffff',
  labelColor: '#cfe0f5',
};

/** A stored image in the sizes wallet passes need; URLs are public (wallets fetch them). */
export const TenantImage = z
  .object({
    url: z.string().describe('public URL of the default rendition'),
    renditions: z.record(z.string(), z.string()).describe('rendition name → public URL, e.g. logo@2x'),
    contentHash: z.string(),
    uploadedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'TenantImage' });
export type TenantImage = z.infer<typeof TenantImage>;

/** Above this purchase (300 zł by default) the scanner asks the employee to confirm the amount. */
export const DEFAULT_AWARD_CONFIRM_ABOVE_GROSZE = 30_000;

export const TenantResponse = z
  .object({
    id: z.string(),
    ownerId: z.string(),
    companyName: z.string(),
    nip: z.string().describe('10 digits, no separators'),
    description: z.string().nullable(),
    address: Address.nullable(),
    contact: ContactView.nullable(),
    branding: Branding,
    /** the purchase (grosze) above which the scanner asks to confirm an award */
    awardConfirmAboveGrosze: z.number().int(),
    logo: TenantImage.nullable(),
    heroImage: TenantImage.nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Tenant' });
export type TenantResponse = z.infer<typeof TenantResponse>;
