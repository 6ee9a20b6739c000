import { describe, expect, it } from 'vitest';
import type { PublicStatusResponse } from '@punkto/contracts/maintenance';
import { SERVICE_LABELS, STATE_LABELS, summarize, toStatusRows } from './status-rows';

const answer = (statuses: Record<string, 'up' | 'down'>): PublicStatusResponse => ({
  checkedAt: '2026-11-22T10:00:00.000Z',
  services: Object.entries(statuses).map(([name, status]) => ({ name, status, latencyMs: 3 })),
});
const allUp = answer({
  notification: 'up',
  gateway: 'up',
  identity: 'up',
  tenant: 'up',
  'card-ledger': 'up',
  billing: 'up',
  survey: 'up',
});

describe('status page rows', () => {
  it('names the gateway and all six services in Polish, in a fixed order', () => {
    const rows = toStatusRows(allUp, true);
    expect(rows.map((r) => r.name)).toEqual([
      'gateway',
      'identity',
      'tenant',
      'card-ledger',
      'billing',
      'survey',
      'notification',
    ]);
    expect(rows.map((r) => r.label)).toEqual(Object.values(SERVICE_LABELS).map((l) => l.label));
    expect(rows.every((r) => r.state === 'up' && r.latencyMs === 3)).toBe(true);
    expect(summarize(rows, true, true)).toBe('all-up');
  });

  it('shows a service that is down, and the page as partly unavailable', () => {
    const rows = toStatusRows(answer({ gateway: 'up', identity: 'up', billing: 'down' }), true);
    expect(rows.map((r) => [r.name, r.state])).toEqual([
      ['gateway', 'up'],
      ['identity', 'up'],
      ['billing', 'down'],
    ]);
    expect(summarize(rows, true, true)).toBe('some-down');
  });

  it('lists a service it has no Polish name for after the known ones, by its own name', () => {
    const rows = toStatusRows(answer({ zebra: 'up', gateway: 'up' }), true);
    expect(rows.map((r) => r.label)).toEqual(['Strona i API Punkto', 'zebra']);
  });

  it('when the gateway cannot be reached: the gateway down, every service unknown', () => {
    const rows = toStatusRows(undefined, false);
    expect(rows).toHaveLength(7);
    expect(rows[0]).toMatchObject({ name: 'gateway', state: 'down' });
    expect(rows.slice(1).every((r) => r.state === 'unknown' && r.latencyMs === undefined)).toBe(true);
    expect(summarize(rows, false, true)).toBe('unreachable');
    // an older answer does not make a failed check look healthy
    expect(toStatusRows(allUp, false)[0]?.state).toBe('down');
  });

  it('is still checking before the first answer', () => {
    expect(summarize(toStatusRows(undefined, true), true, false)).toBe('checking');
  });

  it('labels the states „Działa” and „Niedostępna”', () => {
    expect(STATE_LABELS).toEqual({ up: 'Działa', down: 'Niedostępna', unknown: 'Brak danych' });
  });
});
