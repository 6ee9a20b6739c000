import { Email } from '@punkto/contracts/identity';
import {
  Address,
  CompanyName,
  Contact,
  HexColor,
  Nip,
  Phone,
  defaultBranding,
  type Branding,
  type TenantResponse,
  type UpdateTenantRequest,
} from '@punkto/contracts/tenant';
import { z } from 'zod';

/**
 * The company forms are flat (one input per key) and built from the contract's own field schemas, so the
 * Polish messages are the server's. Server errors come back as `address.street`, `contact.phone`…: the form
 * helper puts them on the field named by the last segment (`street`, `phone`).
 */

/** '' (an untouched optional input) means "not given". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

export const AddressContactFields = {
  street: Address.shape.street,
  postalCode: Address.shape.postalCode,
  city: Address.shape.city,
  email: optional(Email),
  phone: optional(Phone),
  website: optional(Contact.shape.website.unwrap()),
};

export const CompanyFormSchema = z.object({
  companyName: CompanyName,
  nip: Nip,
  description: z.string().trim().max(500, 'Opis może mieć najwyżej 500 znaków.'),
  ...AddressContactFields,
});
export type CompanyFormValues = {
  companyName: string;
  nip: string;
  description: string;
  street: string;
  postalCode: string;
  city: string;
  email: string;
  phone: string;
  website: string;
};

export const AddressContactSchema = z.object(AddressContactFields);
export type AddressContactValues = Pick<
  CompanyFormValues,
  'street' | 'postalCode' | 'city' | 'email' | 'phone' | 'website'
>;

export const BrandingSchema = z.object({
  backgroundColor: HexColor,
  foregroundColor: HexColor,
  labelColor: HexColor,
});
export type BrandingValues = z.input<typeof Branding>;

/** `+48600100200` → `600 100 200` for the input. */
export function displayPhone(phone: string | undefined): string {
  const digits = phone?.replace(/^\+48/, '') ?? '';
  return /^\d{9}$/.test(digits) ? digits.replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3') : (phone ?? '');
}

export function addressContactValuesOf(
  tenant: Pick<TenantResponse, 'address' | 'contact'> | undefined,
): AddressContactValues {
  return {
    street: tenant?.address?.street ?? '',
    postalCode: tenant?.address?.postalCode ?? '',
    city: tenant?.address?.city ?? '',
    email: tenant?.contact?.email ?? '',
    phone: displayPhone(tenant?.contact?.phone),
    website: tenant?.contact?.website ?? '',
  };
}

export function companyValuesOf(tenant: TenantResponse): CompanyFormValues {
  return {
    companyName: tenant.companyName,
    nip: tenant.nip,
    description: tenant.description ?? '',
    ...addressContactValuesOf(tenant),
  };
}

export function brandingValuesOf(tenant: Pick<TenantResponse, 'branding'> | undefined): BrandingValues {
  return { ...(tenant?.branding ?? defaultBranding) };
}

type AddressContactParsed = z.infer<typeof AddressContactSchema>;

/** The address + contact part of PATCH update-tenant (an empty contact is cleared with null). */
export function addressContactUpdate(parsed: AddressContactParsed): UpdateTenantRequest {
  const { street, postalCode, city, email, phone, website } = parsed;
  // the parsed phone is `+48…`; the contract's Phone accepts that form again
  const contact = { email, phone, website };
  const hasContact = Object.values(contact).some((v) => v !== undefined);
  return {
    address: { street, postalCode, city },
    contact: hasContact
      ? Object.fromEntries(Object.entries(contact).filter(([, v]) => v !== undefined))
      : null,
  };
}

/** The whole company form as PATCH update-tenant. */
export function companyUpdate(parsed: z.infer<typeof CompanyFormSchema>): UpdateTenantRequest {
  const { companyName, nip, description, ...rest } = parsed;
  return {
    companyName,
    nip,
    description: description === '' ? null : description,
    ...addressContactUpdate(rest),
  };
}

/** A colour while it is being typed: the valid #RRGGBB, else the fallback (the preview never breaks). */
export function previewColor(value: string, fallback: string): string {
  return /^#[0-9a-fA-F]{6}$/.test(value.trim()) ? value.trim().toLowerCase() : fallback;
}
