import { describe, expect, it } from 'vitest';
import { activityRow, exportRange, TRANSACTIONS_EXPORT_HEADER } from './activity-export';
import { anActivity } from '../testing/mothers';

const entry = anActivity;
const names = {
  clientName: 'Łucja Żak',
  cardNumber: '1234567890',
  programName: 'Kawa za punkty',
  employeeName: 'Właściciel',
};

describe('a history entry as a CSV row', () => {
  it('has one cell per header column', () => {
    expect(activityRow(entry({ points: 42, amountGrosze: 4250 }), names)).toHaveLength(
      TRANSACTIONS_EXPORT_HEADER.length,
    );
  });

  describe('given points for a purchase (summer time)', () => {
    it('shows Warsaw time, the label, the history description, the card number and złoty', () => {
      expect(activityRow(entry({ points: 42, amountGrosze: 4250 }), names)).toEqual([
        '2026-07-15 12:05:00',
        'Punkty',
        'Przyznano 42 pkt za zakupy na 42,50\u00a0zł',
        'Łucja Żak',
        '1234 5678 90',
        'Kawa za punkty',
        42,
        null,
        '42,50',
        null,
        'Właściciel',
      ]);
    });
  });

  describe('given a reward paid with stamps (winter time)', () => {
    it('shows the stamps taken and the reward', () => {
      const row = activityRow(
        entry({
          type: 'reward_redeemed',
          occurredAt: '2026-01-15T10:05:00.000Z',
          stamps: -10,
          rewardName: 'Kawa gratis',
        }),
        names,
      );
      expect(row.slice(0, 3)).toEqual([
        '2026-01-15 11:05:00',
        'Nagrody',
        'Odebrano nagrodę „Kawa gratis” za 10 pieczątek',
      ]);
      expect(row.slice(6)).toEqual([null, -10, null, 'Kawa gratis', 'Właściciel']);
    });
  });

  describe('given what the card ledger does not know', () => {
    it('leaves the client, the number and the program empty', () => {
      const row = activityRow(entry({ type: 'card_closed', closeReason: 'client_removed' }), {
        clientName: null,
        cardNumber: null,
        programName: null,
        employeeName: null,
      });
      expect(row.slice(1, 6)).toEqual([
        'Zamknięcie karty',
        'Karta zamknięta: firma usunęła Cię z programu',
        null,
        null,
        null,
      ]);
    });
  });

  describe('given a correction', () => {
    it('is its own row with the points taken back, the reason and who voided', () => {
      const row = activityRow(
        entry({ type: 'award_voided', points: -4250, reason: 'Pomyłka w kwocie', employeeId: 'o1' }),
        names,
      );
      expect(row).toEqual([
        '2026-07-15 12:05:00',
        'Korekta',
        'Anulowano 4\u00a0250 pkt: Pomyłka w kwocie',
        'Łucja Żak',
        '1234 5678 90',
        'Kawa za punkty',
        -4250,
        null,
        null,
        null,
        'Właściciel',
      ]);
    });
  });
});

describe('the days of a transactions export', () => {
  const now = new Date('2026-03-30T10:00:00.000Z');

  it('without dates: the last 30 Warsaw days, from midnight in either offset', () => {
    expect(exportRange({}, now)).toEqual({
      from: '2026-02-28T23:00:00.000Z',
      until: '2026-03-30T22:00:00.000Z',
    });
  });

  it('one day across the spring change is 23 hours long', () => {
    const { from, until } = exportRange({ from: '2026-03-29', to: '2026-03-29' }, now);
    expect((Date.parse(until) - Date.parse(from)) / 3_600_000).toBe(23);
  });

  it('refuses a range ending before it starts or longer than 366 days', () => {
    expect(() => exportRange({ from: '2026-03-31', to: '2026-03-30' }, now)).toThrow(
      expect.objectContaining({
        errors: { 'query.from': ['Data początkowa nie może być późniejsza niż końcowa.'] },
      }),
    );
    expect(() => exportRange({ to: '2026-03-30', from: '2025-03-29' }, now)).toThrow(
      expect.objectContaining({ errors: { 'query.from': ['Zakres dat może obejmować najwyżej 366 dni.'] } }),
    );
    expect(exportRange({ from: '2025-03-30', to: '2026-03-30' }, now).from).toBe('2025-03-29T23:00:00.000Z');
  });
});
