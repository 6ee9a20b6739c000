import { describe, expect, it } from 'vitest';
import {
  activityAmountLabel,
  balanceLabel,
  closedCardText,
  HistorySearch,
  nextRewardLabel,
  nextRewardProgress,
  toHistoryApiQuery,
} from './portal-labels';

const pointsCard = { kind: 'points' as const, points: 60, stamps: 0, stampsRequired: null };
const stampCard = { kind: 'stamps' as const, points: 0, stamps: 3, stampsRequired: 10 };

describe('portal labels', () => {
  it('shows a balance in points or as stamps out of the goal', () => {
    expect(balanceLabel({ ...pointsCard, points: 60 })).toBe('60 pkt');
    expect(balanceLabel(stampCard)).toBe('3 z 10 pieczątek');
  });

  it('says how much is missing to the next reward and how far the balance is', () => {
    const nextReward = { rewardId: 'r1', name: 'Darmowa kawa', cost: 100, remaining: 40 };
    expect(nextRewardLabel({ ...pointsCard, nextReward })).toBe('Jeszcze 40 pkt do: Darmowa kawa');
    expect(nextRewardProgress({ nextReward })).toBe(60);
    expect(nextRewardLabel({ ...stampCard, nextReward: { ...nextReward, cost: 10, remaining: 1 } })).toBe(
      'Jeszcze 1 pieczątka do: Darmowa kawa',
    );
    expect(nextRewardLabel({ ...pointsCard, nextReward: null })).toBeNull();
  });

  it('signs the amounts of history entries', () => {
    expect(activityAmountLabel({ points: 12, stamps: null })).toBe('+12 pkt');
    expect(activityAmountLabel({ points: -100, stamps: null })).toBe('−100 pkt');
    expect(activityAmountLabel({ points: null, stamps: 2 })).toBe('+2 pieczątki');
    expect(activityAmountLabel({ points: null, stamps: null })).toBeNull();
  });

  it('reads page and filter from the URL, falling back to the defaults', () => {
    expect(HistorySearch.parse({})).toEqual({ strona: 1, rodzaj: '' });
    expect(HistorySearch.parse({ strona: '3', rodzaj: 'points_earned' })).toEqual({
      strona: 3,
      rodzaj: 'points_earned',
    });
    expect(HistorySearch.parse({ strona: -1, rodzaj: 'nonsense' })).toEqual({ strona: 1, rodzaj: '' });
    expect(toHistoryApiQuery({ strona: 2, rodzaj: '' })).toEqual({
      pageNumber: 2,
      pageSize: 20,
      activityType: undefined,
    });
  });

  it('a closed card says why, in Polish: the company closed its program, the program ended, or it is just closed', () => {
    expect(closedCardText({ closeReason: 'tenant_deleted', companyName: 'Kawiarnia Pod Lipą' })).toBe(
      'Firma Kawiarnia Pod Lipą zamknęła swój program lojalnościowy w Punkto. Ta karta jest zamknięta — nie można już na niej zbierać punktów ani odbierać nagród.',
    );
    expect(closedCardText({ closeReason: 'tenant_deleted', companyName: null })).toMatch(
      /^Firma zamknęła swój program/,
    );
    expect(closedCardText({ closeReason: 'program_deleted', companyName: 'X' })).toBe(
      'Program lojalnościowy został zakończony. Ta karta jest zamknięta.',
    );
    expect(closedCardText({ closeReason: null, companyName: 'X' })).toBe('Ta karta jest zamknięta.');
  });
});
