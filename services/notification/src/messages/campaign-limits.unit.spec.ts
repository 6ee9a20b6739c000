import { describe, expect, it } from 'vitest';
import { campaignsAround, nextSlot, type OtherCampaign } from './campaign-limits';

const at = (startsAt: string, status: OtherCampaign['status'] = 'sent'): OtherCampaign => ({
  status,
  startsAt,
  createdAt: startsAt,
  title: startsAt,
  body: 'x',
  audience: { kind: 'all' },
});

describe('the weekly limit (rolling 7 days by start time)', () => {
  it('counts the fullest 7-day window that holds the moment', () => {
    const others = [
      at('2026-11-20T10:00:00.000Z'),
      at('2026-11-25T10:00:00.000Z'),
      at('2026-12-01T10:00:00.000Z'),
    ];
    // 26 Nov: the window 20–26 holds 2; the window 25 Nov – 1 Dec holds 2
    expect(campaignsAround(new Date('2026-11-26T10:00:00.000Z'), others)).toBe(2);
    // two campaigns 12 days apart are never in one window together
    expect(campaignsAround(new Date('2026-11-26T10:00:00.000Z'), [others[0]!, others[2]!])).toBe(1);
  });

  it('says when the next campaign may start', () => {
    const four = ['20', '21', '22', '23'].map((d) => at(`2026-11-${d}T10:00:00.000Z`));
    const now = new Date('2026-11-26T10:00:00.000Z');
    expect(nextSlot(now, four, 4)).toEqual(new Date('2026-11-27T10:00:00.000Z'));
    expect(nextSlot(now, four, 5)).toBeNull();
    expect(
      nextSlot(
        now,
        four.map((c) => ({ ...c, status: 'cancelled' as const })),
        4,
      ),
    ).toBeNull();
  });
});
