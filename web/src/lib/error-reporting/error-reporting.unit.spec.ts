import { describe, expect, it, vi } from 'vitest';
import { createErrorReporting, type ErrorReporter } from './error-reporting';
import { configuredDsn, ERROR_REPORTING_RATES } from './error-reporting-config';

function fakeReporter() {
  const reporter: ErrorReporter & { calls: string[] } = {
    calls: [],
    start: vi.fn(() => void reporter.calls.push('start')),
    stop: vi.fn(() => void reporter.calls.push('stop')),
    setUser: vi.fn(
      (user) => void reporter.calls.push(`user:${user?.role ?? 'none'}:${user?.tenantId ?? '-'}`),
    ),
  };
  return reporter;
}

describe('error reporting', () => {
  it('records the SPEC §9 rates', () => {
    expect(ERROR_REPORTING_RATES).toEqual({
      tracesSampleRate: 0.5,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 0.5,
      replayMinimumDurationMs: 5000,
      replayMaximumDurationMs: 3_600_000,
    });
  });

  it('is off without a DSN: nothing is loaded even with analytics consent', async () => {
    const load = vi.fn(async () => fakeReporter());
    const reporting = createErrorReporting({ dsn: null, environment: 'test', load });
    await reporting.setConsent(true);
    await reporting.setUser({ id: 'u1', role: 'customer', tenantId: null });
    expect(load).not.toHaveBeenCalled();
    expect(reporting.active).toBe(false);
  });

  it('with a DSN, loads nothing until analytics are chosen', async () => {
    const load = vi.fn(async () => fakeReporter());
    const reporting = createErrorReporting({ dsn: 'https://errors.example/1', environment: 'test', load });
    await reporting.setUser({ id: 'u1', role: 'customer', tenantId: null });
    await reporting.setConsent(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('with a DSN and consent, starts once with the rates and attaches role and tenantId; withdrawal stops it', async () => {
    const reporter = fakeReporter();
    const load = vi.fn(async () => reporter);
    const reporting = createErrorReporting({ dsn: 'https://errors.example/1', environment: 'test', load });
    await reporting.setConsent(true);
    expect(reporter.start).toHaveBeenCalledWith({
      ...ERROR_REPORTING_RATES,
      dsn: 'https://errors.example/1',
      environment: 'test',
    });
    await reporting.setUser({ id: 'u1', role: 'business_owner', tenantId: 't1' });
    await reporting.setConsent(false);
    await reporting.setConsent(true);
    expect(load).toHaveBeenCalledOnce();
    expect(reporter.calls).toEqual([
      'start',
      'user:none:-',
      'user:business_owner:t1',
      'stop',
      'start',
      'user:business_owner:t1',
    ]);
    expect(reporting.active).toBe(true);
  });

  it('reads the DSN from VITE_ERROR_REPORTING_DSN; unset or blank means off', () => {
    expect(configuredDsn({})).toBeNull();
    expect(configuredDsn({ VITE_ERROR_REPORTING_DSN: '  ' })).toBeNull();
    expect(configuredDsn({ VITE_ERROR_REPORTING_DSN: 'https://e.example/1' })).toBe('https://e.example/1');
  });
});
