import { describe, expect, it } from 'vitest';
import { lastQuietHoursEnd, missingWork, type SweepTimes } from './campaign-sweep';

const times: SweepTimes = { graceMs: 2 * 60_000, staleMs: 15 * 60_000 };
const at = (iso: string) => new Date(iso);
const campaign = (
  over: Partial<Parameters<typeof missingWork>[0]> = {},
): Parameters<typeof missingWork>[0] => ({
  status: 'sending',
  startsAt: '2026-11-26T09:00:00.000Z',
  startedAt: '2026-11-26T09:00:00.000Z',
  channels: { wallet: true, email: true },
  batches: 4,
  batchesDone: [0, 2],
  ...over,
});

describe('lastQuietHoursEnd (08:00 Warsaw)', () => {
  it('is this morning 08:00 during the day (winter: 07:00 UTC)', () => {
    expect(lastQuietHoursEnd(at('2026-11-26T15:00:00.000Z'))).toEqual(at('2026-11-26T07:00:00.000Z'));
    expect(lastQuietHoursEnd(at('2026-11-26T19:59:00.000Z'))).toEqual(at('2026-11-26T07:00:00.000Z'));
  });
  it('is the summer morning (06:00 UTC)', () => {
    expect(lastQuietHoursEnd(at('2026-07-01T10:00:00.000Z'))).toEqual(at('2026-07-01T06:00:00.000Z'));
  });
  it('is now within the quiet hours', () => {
    expect(lastQuietHoursEnd(at('2026-11-26T22:00:00.000Z'))).toEqual(at('2026-11-26T22:00:00.000Z'));
  });
});

describe('missingWork: what a campaign lacks', () => {
  it('a scheduled campaign past its start by more than the grace lacks its start', () => {
    const c = campaign({ status: 'scheduled', startedAt: null, batches: 0, batchesDone: [] });
    expect(missingWork(c, null, at('2026-11-26T09:02:00.000Z'), times)).toBeNull();
    expect(missingWork(c, null, at('2026-11-26T09:02:01.000Z'), times)).toEqual({ kind: 'start' });
    // not yet due
    expect(missingWork(c, null, at('2026-11-26T08:00:00.000Z'), times)).toBeNull();
  });

  it('a sending campaign without progress for the staleness period lacks the batches not delivered', () => {
    const progress = at('2026-11-26T10:00:00.000Z');
    expect(missingWork(campaign(), progress, at('2026-11-26T10:15:00.000Z'), times)).toBeNull();
    expect(missingWork(campaign(), progress, at('2026-11-26T10:15:01.000Z'), times)).toEqual({
      kind: 'batches',
      batches: [1, 3],
    });
    // without a delivered batch the start is the progress
    expect(missingWork(campaign({ batchesDone: [] }), null, at('2026-11-26T09:16:00.000Z'), times)).toEqual({
      kind: 'batches',
      batches: [0, 1, 2, 3],
    });
  });

  it('never touches cancelled or finished campaigns', () => {
    const late = at('2026-12-26T12:00:00.000Z');
    expect(missingWork(campaign({ status: 'cancelled' }), null, late, times)).toBeNull();
    expect(
      missingWork(campaign({ status: 'sent', batchesDone: [0, 1, 2, 3] }), null, late, times),
    ).toBeNull();
  });

  it('a wallet campaign paused for the night is not stale; its staleness counts from 08:00', () => {
    // last batch delivered at 20:55 Warsaw (19:55Z); the rest waits for 08:00 (07:00Z)
    const progress = at('2026-11-26T19:55:00.000Z');
    expect(missingWork(campaign(), progress, at('2026-11-26T23:00:00.000Z'), times)).toBeNull();
    expect(missingWork(campaign(), progress, at('2026-11-27T06:59:00.000Z'), times)).toBeNull();
    expect(missingWork(campaign(), progress, at('2026-11-27T07:15:00.000Z'), times)).toBeNull();
    expect(missingWork(campaign(), progress, at('2026-11-27T07:15:01.000Z'), times)).toEqual({
      kind: 'batches',
      batches: [1, 3],
    });
  });

  it('an e-mail-only campaign does not pause: the night counts', () => {
    const c = campaign({ channels: { wallet: false, email: true } });
    expect(missingWork(c, at('2026-11-26T19:55:00.000Z'), at('2026-11-26T23:00:00.000Z'), times)).toEqual({
      kind: 'batches',
      batches: [1, 3],
    });
  });

  it('a sending campaign with every batch delivered lacks nothing', () => {
    const c = campaign({ batchesDone: [0, 1, 2, 3] });
    expect(missingWork(c, null, at('2026-11-26T12:00:00.000Z'), times)).toBeNull();
  });
});
