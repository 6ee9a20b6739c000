/**
 * A Polish VAT invoice (art. 106e ustawy o VAT) for one subscription payment, as the billing service stores
 * it and as its two renderings (PDF, KSeF FA(3) XML) read it. Money in integer grosze, gross convention:
 * VAT = gross × 23/123 rounded half-up to the grosz, net = gross − VAT, both stored, never recomputed
 * from a rounded net (BILLING.md: 384,00 zł → 312,20 + 71,80).
 */
export interface InvoiceParty {
  name: string;
  /** 10 digits, no separators */
  nip: string;
  address: { street: string; postalCode: string; city: string; countryCode: 'PL' };
}

export interface InvoiceLine {
  /** e.g. "Abonament Punkto — plan Rozszerzony, 25.11.2026–24.11.2027" */
  name: string;
  quantity: 1;
  unit: 'usł.';
  vatRate: 23;
  netGrosze: number;
  vatGrosze: number;
  grossGrosze: number;
}

export interface Invoice {
  id: string;
  tenantId: string;
  paymentId: string;
  /**
   * consecutive without gaps in the buyer's own series per year: `FV/BKDFGH/2026/0007` (invoices.service.ts);
   * those issued before issue 36 keep the old global series' `FV/2026/000123`
   */
  number: string;
  /** YYYY-MM-DD (Europe/Warsaw) */
  issueDate: string;
  /** date of the supply / payment, YYYY-MM-DD, when it differs from the issue date it is printed too */
  saleDate: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  totals: { netGrosze: number; vatGrosze: number; grossGrosze: number };
  currency: 'PLN';
  /** paid by card at the provider; the invoice says "zapłacono" with the date */
  paidAt: string;
  paymentMethod: 'card';
}

/** VAT in the gross convention: round half-up of gross × 23 / 123, in grosze. */
export function vatFromGross(grossGrosze: number): { netGrosze: number; vatGrosze: number } {
  const vatGrosze = Math.floor((grossGrosze * 23 + 61) / 123);
  return { netGrosze: grossGrosze - vatGrosze, vatGrosze };
}
