import { describe, expect, it } from 'vitest';
import { CLIENTS_EXPORT_HEADER, clientRow } from './clients-export';
import type { ClientRecord } from './clients.projection';

const record = (overrides: Partial<ClientRecord> = {}): ClientRecord => ({
  clientId: 'c1',
  tenantId: 't1',
  programId: 'p1',
  programName: 'Kawa za punkty',
  userId: 'u1',
  email: 'ola@example.pl',
  emailKey: 'ola@example.pl',
  name: 'Ola Żak',
  nameKey: 'ola zak',
  phone: '+48600100200',
  phoneGivenBy: 'customer',
  source: 'self',
  status: 'active',
  enrolledAt: '2026-10-25T01:30:00.000Z',
  searchText: '',
  marketingConsent: true,
  ...overrides,
});

describe('a client as a CSV row', () => {
  describe('given a customer who joined by the link, with consent', () => {
    it('shows the columns of the header in Polish, the date in Warsaw time', () => {
      const row = clientRow(record());
      expect(row).toHaveLength(CLIENTS_EXPORT_HEADER.length);
      expect(row).toEqual([
        'Ola Żak',
        'ola@example.pl',
        '+48600100200',
        'klient (niepotwierdzony)',
        'Kawa za punkty',
        'Aktywny',
        'Zapisał się sam (link lub kod QR)',
        // 01:30 UTC on 25 October is 02:30 CET, after the clocks went back
        '2026-10-25 02:30:00',
        'Tak',
      ]);
    });
  });

  describe('given an enrolment still being written, and a record from before consent was kept', () => {
    it('shows it as invited and says the consent is not known', () => {
      const row = clientRow(
        record({ status: 'enrolling', marketingConsent: undefined, phone: null, phoneGivenBy: null }),
      );
      expect(row[2]).toBeNull();
      expect(row[3]).toBeNull();
      expect(row[5]).toBe('Zaproszony');
      expect(row[8]).toBe('brak danych');
    });
  });

  describe('given a client added with a phone only (ADR 0056)', () => {
    it('has no e-mail and says it was added without an account', () => {
      const row = clientRow(
        record({
          email: null,
          userId: null,
          source: 'created',
          phoneGivenBy: 'staff',
          marketingConsent: false,
        }),
      );
      expect(row.slice(1, 4)).toEqual([null, '+48600100200', 'firma']);
      expect(row[6]).toBe('Dodany w panelu (bez konta, tylko telefon)');
    });
  });
});
