import { describe, expect, it, vi } from 'vitest';
import { createErrorReporting, type ErrorReporter } from './error-reporting';
import { ERROR_REPORTING_RATES, type ErrorReportingSettings } from './error-reporting-config';

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

const on: ErrorReportingSettings = {
  dsn: 'https://key@errors.example/1',
  environment: 'production',
  tunnel: '/api/v1/monitoring/envelope',
};
const off: ErrorReportingSettings = { ...on, dsn: null };

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

  it('before consent asks nothing and loads nothing', async () => {
    const settings = vi.fn(async () => on);
    const load = vi.fn(async () => fakeReporter());
    const reporting = createErrorReporting({ settings, load });
    await reporting.setUser({ role: 'customer', tenantId: null });
    await reporting.setConsent(false);
    expect(settings).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
  });

  it('is off when the deployment has no DSN: asked once, nothing is loaded even with consent', async () => {
    const settings = vi.fn(async () => off);
    const load = vi.fn(async () => fakeReporter());
    const reporting = createErrorReporting({ settings, load });
    await reporting.setConsent(true);
    await reporting.setUser({ role: 'customer', tenantId: null });
    expect(settings).toHaveBeenCalledOnce();
    expect(load).not.toHaveBeenCalled();
    expect(reporting.active).toBe(false);
  });

  it('with a DSN and consent, starts once with the rates, the tunnel and role/tenant; withdrawal stops it', async () => {
    const reporter = fakeReporter();
    const load = vi.fn(async () => reporter);
    const reporting = createErrorReporting({ settings: async () => on, load });
    await reporting.setConsent(true);
    expect(reporter.start).toHaveBeenCalledWith({ ...ERROR_REPORTING_RATES, ...on });
    await reporting.setUser({ role: 'business_owner', tenantId: 't1' });
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

  it('a failed settings call or download leaves reporting off and is tried again at the next consent', async () => {
    const reporter = fakeReporter();
    const settings = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(on);
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(reporter);
    const reporting = createErrorReporting({ settings, load });
    await reporting.setConsent(true);
    expect(reporting.active).toBe(false);
    await reporting.setConsent(true);
    expect(reporting.active).toBe(false);
    await reporting.setConsent(true);
    expect(reporting.active).toBe(true);
    expect(settings).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
