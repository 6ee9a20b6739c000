import { z } from 'zod';

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

export const CompanyName = z
  .string('Podaj nazwę firmy.')
  .trim()
  .min(2, 'Nazwa firmy musi mieć co najmniej 2 znaki.')
  .max(120, 'Nazwa firmy może mieć najwyżej 120 znaków.');

export const CreateTenantRequest = z
  .object({ companyName: CompanyName, nip: Nip })
  .meta({ id: 'CreateTenantRequest' });
export type CreateTenantRequest = z.input<typeof CreateTenantRequest>;

export const CreateTenantResponse = z.object({ tenantId: z.string() }).meta({ id: 'CreateTenantResponse' });

export const TenantIdParams = z.object({ id: z.string().min(1).max(64) });

export const TenantResponse = z
  .object({
    id: z.string(),
    ownerId: z.string(),
    companyName: z.string(),
    nip: z.string().describe('10 digits, no separators'),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Tenant' });
export type TenantResponse = z.infer<typeof TenantResponse>;

/** Stable tenant error codes with their Polish messages. */
export const TenantErrors = {
  ownerAlreadyHasTenant: {
    code: 'TENANT.OWNER_ALREADY_HAS_TENANT',
    message: 'Masz już zarejestrowaną firmę. Jedno konto właściciela może prowadzić tylko jedną firmę.',
  },
  alreadyExists: { code: 'TENANT.ALREADY_EXISTS', message: 'Ta firma już istnieje.' },
  notFound: { code: 'TENANT.NOT_FOUND', message: 'Nie znaleziono firmy.' },
} as const;
