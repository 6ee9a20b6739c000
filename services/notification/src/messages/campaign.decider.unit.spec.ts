import { deciderSpecification } from '@punkto/platform/es/decider-specification';
import { describe, expect, it } from 'vitest';
import type { CampaignEvent, CampaignScheduled } from './campaign';
import { campaignDecider, type CampaignCommand, type ScheduleCampaign } from './campaign.decider';
import {
  AlreadyStartedError,
  CampaignNotFoundError,
  DuplicateCampaignError,
  NoRecipientsError,
  SendAtInPastError,
  WeeklyLimitError,
} from './campaign.errors';
import type { OtherCampaign } from './campaign-limits';

const spec = deciderSpecification(campaignDecider);
// 11:00 in Warsaw
const NOW = new Date('2026-11-26T10:00:00.000Z');
const cmd = <C extends CampaignCommand>(type: C['type'], data: C['data'], now = NOW) =>
  ({ type, data, metadata: { now } }) as C;

const schedule = (over: Partial<ScheduleCampaign['data']> = {}, now = NOW) =>
  cmd<ScheduleCampaign>(
    'ScheduleCampaign',
    {
      campaignId: 'c1',
      tenantId: 't1',
      title: 'Nowe ciasto',
      body: 'Od jutra sernik baskijski.',
      audience: { kind: 'all' },
      channels: { wallet: true, email: true },
      requestedSendAt: null,
      others: [],
      campaignsPerWeek: 4,
      reachable: 10,
      ...over,
    },
    now,
  );

const scheduled = (over: Partial<CampaignScheduled['data']> = {}): CampaignScheduled => ({
  type: 'CampaignScheduled',
  data: {
    campaignId: 'c1',
    tenantId: 't1',
    title: 'Nowe ciasto',
    body: 'Od jutra sernik baskijski.',
    audience: { kind: 'all' },
    channels: { wallet: true, email: true },
    createdAt: NOW.toISOString(),
    requestedSendAt: null,
    startsAt: NOW.toISOString(),
    movedByQuietHours: false,
    ...over,
  },
});
const started = (batches = 2): CampaignEvent => ({
  type: 'CampaignStarted',
  data: {
    campaignId: 'c1',
    tenantId: 't1',
    startedAt: NOW.toISOString(),
    targeted: 300,
    unreachable: 5,
    batches,
  },
});
const batch = (n: number) => ({
  batch: n,
  apple: { sent: 10, failed: 1 },
  google: { sent: 5, failed: 0, notified: 4 },
  email: { sent: 7, failed: 2 },
  failures: [
    { channel: 'email' as const, reason: 'Skrzynka odbiorcy odrzuciła wiadomość', count: 2 },
    { channel: 'apple' as const, reason: 'Apple odrzuciło powiadomienie', count: 1 },
  ],
});
const other = (over: Partial<OtherCampaign> = {}): OtherCampaign => ({
  status: 'sent',
  startsAt: '2026-11-24T10:00:00.000Z',
  createdAt: '2026-11-24T10:00:00.000Z',
  title: 'Inna',
  body: 'Inna treść',
  audience: { kind: 'all' },
  ...over,
});

describe('a new campaign', () => {
  it('starts now when sent now in the daytime', () => {
    spec.given([]).when(schedule()).then([scheduled()]);
  });

  it('starts at 08:00 when asked for within the quiet hours', () => {
    spec
      .given([])
      .when(schedule({ requestedSendAt: '2026-11-26T21:30:00.000Z' }))
      .then([
        scheduled({
          requestedSendAt: '2026-11-26T21:30:00.000Z',
          startsAt: '2026-11-27T07:00:00.000Z',
          movedByQuietHours: true,
        }),
      ]);
  });

  it('sent "now" at night waits for the morning', () => {
    const night = new Date('2026-11-26T22:00:00.000Z');
    spec
      .given([])
      .when(schedule({}, night))
      .then([
        scheduled({
          createdAt: night.toISOString(),
          startsAt: '2026-11-27T07:00:00.000Z',
          movedByQuietHours: true,
        }),
      ]);
  });

  it('an e-mail-only campaign is not held by the quiet hours (no lock-screen notice)', () => {
    const night = new Date('2026-11-26T22:00:00.000Z');
    spec
      .given([])
      .when(schedule({ channels: { wallet: false, email: true } }, night))
      .then([
        scheduled({
          channels: { wallet: false, email: true },
          createdAt: night.toISOString(),
          startsAt: night.toISOString(),
        }),
      ]);
  });

  it('refuses a time in the past', () => {
    spec
      .given([])
      .when(schedule({ requestedSendAt: '2026-11-26T09:00:00.000Z' }))
      .thenThrows(SendAtInPastError);
  });

  it('refuses a fifth campaign starting within 7 days of four others', () => {
    const four = [1, 2, 3, 4].map((d) => other({ startsAt: `2026-11-2${d}T10:00:00.000Z`, title: `T${d}` }));
    spec
      .given([])
      .when(schedule({ others: four }))
      .thenThrows(WeeklyLimitError);
  });

  it('does not count cancelled campaigns, nor ones more than 7 days apart', () => {
    const others = [
      other({ startsAt: '2026-11-18T10:00:00.000Z', title: 'a' }), // 8 days before
      other({ startsAt: '2026-11-22T10:00:00.000Z', title: 'b', status: 'cancelled' }),
      other({ startsAt: '2026-11-23T10:00:00.000Z', title: 'c' }),
      other({ startsAt: '2026-11-24T10:00:00.000Z', title: 'd' }),
      other({ startsAt: '2026-11-25T10:00:00.000Z', title: 'e' }),
    ];
    spec.given([]).when(schedule({ others })).then([scheduled()]);
  });

  it('follows an operator override of the weekly limit', () => {
    const others = [other({ title: 'x' })];
    spec
      .given([])
      .when(schedule({ others, campaignsPerWeek: 1 }))
      .thenThrows(WeeklyLimitError);
  });

  it('refuses the same title and text to the same audience within 24 h', () => {
    const same = other({
      title: 'Nowe ciasto',
      body: 'Od jutra sernik baskijski.',
      createdAt: '2026-11-25T12:00:00.000Z',
    });
    spec
      .given([])
      .when(schedule({ others: [same] }))
      .thenThrows(DuplicateCampaignError);
  });

  it('accepts the same text to another audience', () => {
    const same = other({
      title: 'Nowe ciasto',
      body: 'Od jutra sernik baskijski.',
      createdAt: '2026-11-25T12:00:00.000Z',
      audience: { kind: 'segment', segment: 'vip' },
    });
    spec
      .given([])
      .when(schedule({ others: [same] }))
      .then([scheduled()]);
  });

  it('refuses an audience nobody in it can receive', () => {
    spec
      .given([])
      .when(schedule({ reachable: 0 }))
      .thenThrows(NoRecipientsError);
  });
});

describe('when the campaign is scheduled', () => {
  it('can be cancelled', () => {
    spec
      .given([scheduled()])
      .when(cmd('CancelCampaign', { tenantId: 't1' }))
      .then([
        {
          type: 'CampaignCancelled',
          data: { campaignId: 'c1', tenantId: 't1', cancelledAt: NOW.toISOString() },
        },
      ]);
  });

  it('is not found by another company', () => {
    spec
      .given([scheduled()])
      .when(cmd('CancelCampaign', { tenantId: 't2' }))
      .thenThrows(CampaignNotFoundError);
  });

  it('starts once', () => {
    spec
      .given([scheduled()])
      .when(cmd('StartCampaign', { targeted: 300, unreachable: 5, batches: 2 }))
      .then([started()]);
    spec
      .given([scheduled(), started()])
      .when(cmd('StartCampaign', { targeted: 300, unreachable: 5, batches: 2 }))
      .thenNothingHappens();
  });

  it('an audience of nobody starts and finishes at once', () => {
    spec
      .given([scheduled()])
      .when(cmd('StartCampaign', { targeted: 0, unreachable: 0, batches: 0 }))
      .then([
        { ...started(0), data: { ...started(0).data, targeted: 0, unreachable: 0 } } as CampaignEvent,
        {
          type: 'CampaignFinished',
          data: { campaignId: 'c1', tenantId: 't1', finishedAt: NOW.toISOString() },
        },
      ]);
  });
});

describe('when the campaign is cancelled', () => {
  const cancelled: CampaignEvent = {
    type: 'CampaignCancelled',
    data: { campaignId: 'c1', tenantId: 't1', cancelledAt: NOW.toISOString() },
  };
  it('does not start', () => {
    spec
      .given([scheduled(), cancelled])
      .when(cmd('StartCampaign', { targeted: 1, unreachable: 0, batches: 1 }))
      .thenNothingHappens();
  });
  it('cancelling again changes nothing', () => {
    spec
      .given([scheduled(), cancelled])
      .when(cmd('CancelCampaign', { tenantId: 't1' }))
      .thenNothingHappens();
  });
});

describe('when the campaign is sending', () => {
  it('can no longer be cancelled', () => {
    spec
      .given([scheduled(), started()])
      .when(cmd('CancelCampaign', { tenantId: 't1' }))
      .thenThrows(AlreadyStartedError);
  });

  it('records a batch once', () => {
    const delivered: CampaignEvent = {
      type: 'CampaignBatchDelivered',
      data: { campaignId: 'c1', tenantId: 't1', ...batch(0), deliveredAt: NOW.toISOString() },
    };
    spec
      .given([scheduled(), started()])
      .when(cmd('RecordBatch', batch(0)))
      .then([delivered]);
    spec
      .given([scheduled(), started(), delivered])
      .when(cmd('RecordBatch', batch(0)))
      .thenNothingHappens();
  });

  it('finishes with the last batch and sums the report', () => {
    const first: CampaignEvent = {
      type: 'CampaignBatchDelivered',
      data: { campaignId: 'c1', tenantId: 't1', ...batch(1), deliveredAt: NOW.toISOString() },
    };
    const events = campaignDecider.decide(
      cmd('RecordBatch', batch(0)),
      [scheduled(), started(), first].reduce(campaignDecider.evolve, campaignDecider.initialState()),
    );
    expect(events.map((e) => e.type)).toEqual(['CampaignBatchDelivered', 'CampaignFinished']);
    const state = [scheduled(), started(), first, ...events].reduce(
      campaignDecider.evolve,
      campaignDecider.initialState(),
    );
    expect(state.status).toBe('sent');
    if (state.status === 'none') return;
    expect(state.report).toEqual({
      targeted: 300,
      unreachable: 5,
      apple: { sent: 20, failed: 2 },
      google: { sent: 10, failed: 0, notified: 8 },
      email: { sent: 14, failed: 4 },
      failures: [
        { channel: 'email', reason: 'Skrzynka odbiorcy odrzuciła wiadomość', count: 4 },
        { channel: 'apple', reason: 'Apple odrzuciło powiadomienie', count: 2 },
      ],
      unsubscribed: 0,
    });
  });

  it('counts an unsubscribe from its e-mail', () => {
    const events = campaignDecider.decide(
      cmd('WithdrawConsent', { clientIds: ['k1', 'k2'] }),
      [scheduled(), started()].reduce(campaignDecider.evolve, campaignDecider.initialState()),
    );
    expect(events).toEqual([
      {
        type: 'MarketingConsentWithdrawn',
        data: { campaignId: 'c1', tenantId: 't1', clientIds: ['k1', 'k2'], withdrawnAt: NOW.toISOString() },
      },
    ]);
    const state = [scheduled(), started(), ...events].reduce(
      campaignDecider.evolve,
      campaignDecider.initialState(),
    );
    expect(state.status !== 'none' && state.report.unsubscribed).toBe(1);
    // the same link again (or a retry after a crash) counts nothing
    expect(campaignDecider.decide(cmd('WithdrawConsent', { clientIds: ['k1', 'k2'] }), state)).toEqual([]);
  });
});
