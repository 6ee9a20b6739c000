import { NipMessages, UpdateTenantRequest, defaultBranding } from '@punkto/contracts/tenant';
import { describe, expect, it } from 'vitest';
import {
  BrandingSchema,
  CompanyFormSchema,
  addressContactValuesOf,
  companyUpdate,
  previewColor,
} from './company-form';

const valid = {
  companyName: 'Kawiarnia Pod Lipą',
  nip: '526-025-02-74',
  description: '',
  street: 'ul. Lipowa 1',
  postalCode: '00-001',
  city: 'Warszawa',
  email: '',
  phone: '600 100 200',
  website: '',
};

describe('the company form (contract field schemas, flat)', () => {
  it('turns valid input into an update-tenant body the contract accepts', () => {
    const parsed = CompanyFormSchema.parse(valid);
    const body = companyUpdate(parsed);
    expect(body).toEqual({
      companyName: 'Kawiarnia Pod Lipą',
      nip: '5260250274',
      description: null,
      address: { street: 'ul. Lipowa 1', postalCode: '00-001', city: 'Warszawa' },
      contact: { phone: '+48600100200' },
    });
    expect(UpdateTenantRequest.safeParse(body).success).toBe(true);
  });

  it('clears the contact when every contact input is empty', () => {
    const body = companyUpdate(CompanyFormSchema.parse({ ...valid, phone: '' }));
    expect(body.contact).toBeNull();
  });

  it('a NIP with a wrong check digit gets the Polish checksum message on `nip`', () => {
    const result = CompanyFormSchema.safeParse({ ...valid, nip: '5260250275' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['nip'], message: NipMessages.checksum }),
    ]);
  });

  it('field messages are Polish', () => {
    const result = CompanyFormSchema.safeParse({
      ...valid,
      postalCode: '00001',
      email: 'nie-email',
      city: '',
    });
    const byField = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(byField).toEqual({
      postalCode: 'Kod pocztowy ma format 00-000.',
      email: 'Podaj poprawny adres e-mail.',
      city: 'Podaj miejscowość.',
    });
  });

  it('shows a stored phone as typed', () => {
    expect(addressContactValuesOf({ address: null, contact: { phone: '+48600100200' } }).phone).toBe(
      '600 100 200',
    );
  });
});

describe('brand colours', () => {
  it('accept only #RRGGBB', () => {
    expect(BrandingSchema.safeParse(defaultBranding).success).toBe(true);
    const bad = BrandingSchema.safeParse({ ...defaultBranding, labelColor: 'rgb(1,2,3)' });
    expect(bad.error?.issues[0]?.message).toBe('Kolor podaj w formacie #RRGGBB.');
  });

  it('the preview keeps the last good colour while one is typed', () => {
    expect(previewColor('#12', '#1f3a5f')).toBe('#1f3a5f');
    expect(previewColor('#A0B1C2', '#1f3a5f')).toBe('#a0b1c2');
  });
});
