import { describe, expect, it } from 'vitest';
import { ConfiguredMessages, tenantConfigured } from './tenant-configured';

const company = { companyName: 'Kawiarnia Pod Lipą', nip: '1234563218' };
const address = { street: 'ul. Lipowa 5', postalCode: '00-950', city: 'Warszawa' };

describe('tenantConfigured', () => {
  it('is configured with company data, an address and at least one active program', () => {
    expect(tenantConfigured({ ...company, address }, 1)).toEqual({ configured: true, missing: [] });
  });

  it('lists what is missing, in Polish, in a stable order', () => {
    expect(tenantConfigured({ ...company, address: null }, 0)).toEqual({
      configured: false,
      missing: [
        { key: 'address', message: 'Uzupełnij adres firmy.' },
        { key: 'activeProgram', message: 'Utwórz co najmniej jeden aktywny program lojalnościowy.' },
      ],
    });
    expect(tenantConfigured({ ...company, address }, 0).missing.map((m) => m.key)).toEqual(['activeProgram']);
    expect(tenantConfigured({ ...company, address: null }, 3).missing.map((m) => m.key)).toEqual(['address']);
  });

  it('still checks the company data (name and a valid NIP)', () => {
    expect(tenantConfigured({ companyName: 'K', nip: '1234563219', address }, 1).missing).toEqual([
      { key: 'companyData', message: ConfiguredMessages.companyData },
    ]);
  });
});
