import { vatFromGross, type Invoice } from '../invoices/invoice';

/** The four plan prices of SPEC §9 in grosze (basic month/year, extended month/year). */
export const PLAN_PRICES_GROSZE = [3000, 28800, 4000, 38400] as const;

/** A realistic invoice for one subscription payment (test-data builder); override what a test is about. */
export function anInvoice(overrides: Partial<Invoice> & { grossGrosze?: number } = {}): Invoice {
  const { grossGrosze = 38400, ...rest } = overrides;
  const { netGrosze, vatGrosze } = vatFromGross(grossGrosze);
  return {
    id: 'inv-0001',
    tenantId: 'tenant-0001',
    paymentId: 'pay-0001',
    number: 'FV/BKDFGH/2026/0123',
    issueDate: '2026-11-25',
    saleDate: '2026-11-25',
    seller: {
      name: 'Punkto sp. z o.o.',
      nip: '5252812119',
      address: { street: 'ul. Prosta 20/4', postalCode: '00-850', city: 'Warszawa', countryCode: 'PL' },
    },
    buyer: {
      name: 'Kawiarnia Pod Lipą Zażółć Gęślą Jaźń',
      nip: '6762472394',
      address: {
        street: 'ul. Świętego Wawrzyńca 12',
        postalCode: '31-060',
        city: 'Kraków',
        countryCode: 'PL',
      },
    },
    lines: [
      {
        name: 'Abonament Punkto — plan Rozszerzony, 25.11.2026–24.11.2027',
        quantity: 1,
        unit: 'usł.',
        vatRate: 23,
        netGrosze,
        vatGrosze,
        grossGrosze,
      },
    ],
    totals: { netGrosze, vatGrosze, grossGrosze },
    currency: 'PLN',
    paidAt: '2026-11-25T09:15:00.000Z',
    paymentMethod: 'card',
    ...rest,
  };
}
