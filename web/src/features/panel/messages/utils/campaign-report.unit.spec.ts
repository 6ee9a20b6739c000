import type { Campaign, CampaignReport } from '@punkto/contracts/messages';
import { describe, expect, it } from 'vitest';
import { channelsLabel, needsRefresh, reportRows } from './campaign-report';

const report: CampaignReport = {
  targeted: 10,
  apple: { sent: 3, failed: 1 },
  google: { sent: 4, failed: 0, notified: 3 },
  email: { sent: 5, failed: 0 },
  unreachable: 2,
  failures: [],
  unsubscribed: 1,
};

describe('the delivery report', () => {
  it('has a row per channel used, Google with the notices over its daily limit', () => {
    const rows = reportRows(report, { wallet: true, email: false });
    expect(rows.map((r) => r.channel)).toEqual(['Apple Wallet', 'Google Wallet']);
    expect(rows[1]!.note).toBe('z powiadomieniem: 3, bez powiadomienia (limit Google 3 na dobę): 1');
    expect(reportRows(report, { wallet: false, email: true })).toEqual([
      { channel: 'E-mail', sent: 5, failed: 0 },
    ]);
  });

  it('names the channels', () => {
    expect(channelsLabel({ wallet: true, email: true })).toBe('karta w portfelu i e-mail');
    expect(channelsLabel({ wallet: false, email: true })).toBe('e-mail');
  });
});

describe('refreshing the list', () => {
  const now = Date.parse('2026-11-26T10:00:00Z');
  const campaign = (status: Campaign['status'], startsAt: string) => ({ status, startsAt }) as Campaign;

  it('while one is sending or a scheduled one is about to start', () => {
    expect(needsRefresh([campaign('sending', '2026-11-26T09:00:00Z')], now)).toBe(true);
    expect(needsRefresh([campaign('scheduled', '2026-11-26T10:01:00Z')], now)).toBe(true);
    expect(needsRefresh([campaign('scheduled', '2026-11-27T08:00:00Z')], now)).toBe(false);
    expect(needsRefresh([campaign('sent', '2026-11-26T09:00:00Z')], now)).toBe(false);
  });
});
