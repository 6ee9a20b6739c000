import type { Campaign, CampaignReport, MessageChannels } from '@punkto/contracts/messages';
import { formatInteger, plural } from '../../../../lib/format';

/** The delivery report of a campaign as rows of a small table, and the channels in words. */

const channelNames = { apple: 'Apple Wallet', google: 'Google Wallet', email: 'E-mail' } as const;

export const customersLabel = (count: number) =>
  `${formatInteger(count)} ${plural(count, 'klient', 'klientów', 'klientów')}`;

export function channelsLabel(channels: MessageChannels): string {
  return [channels.wallet ? 'karta w portfelu' : null, channels.email ? 'e-mail' : null]
    .filter(Boolean)
    .join(' i ');
}

export type ReportRow = { channel: string; sent: number; failed: number; note?: string };

/** One row per channel the campaign used (wallet: Apple and Google). */
export function reportRows(report: CampaignReport, channels: MessageChannels): ReportRow[] {
  const rows: ReportRow[] = [];
  if (channels.wallet) {
    rows.push({ channel: channelNames.apple, sent: report.apple.sent, failed: report.apple.failed });
    const quiet = report.google.sent - report.google.notified;
    rows.push({
      channel: channelNames.google,
      sent: report.google.sent,
      failed: report.google.failed,
      note:
        `z powiadomieniem: ${formatInteger(report.google.notified)}` +
        (quiet > 0 ? `, bez powiadomienia (limit Google 3 na dobę): ${formatInteger(quiet)}` : ''),
    });
  }
  if (channels.email)
    rows.push({ channel: channelNames.email, sent: report.email.sent, failed: report.email.failed });
  return rows;
}

export const failureChannelLabel = (channel: CampaignReport['failures'][number]['channel']) =>
  channelNames[channel];

/** Whether the list should be read again soon: a campaign is sending, or a scheduled one is about to start. */
export function needsRefresh(campaigns: readonly Campaign[], now: number): boolean {
  return campaigns.some(
    (c) =>
      c.status === 'sending' ||
      (c.status === 'scheduled' && new Date(c.startsAt).getTime() - now < 2 * 60_000),
  );
}
