import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CAPTCHA_FAILED_MESSAGE,
  CaptchaNotLoadedError,
  captchaScriptUrl,
  createCaptchaLoader,
  createCaptchaReporter,
  isCaptchaScriptError,
  resolveCaptchaSiteKey,
  type Grecaptcha,
} from './captcha-loader';

function setup() {
  let grecaptcha: Grecaptcha | undefined;
  let networkError: (() => void) | undefined;
  const injected: string[] = [];
  const report = vi.fn();
  const loader = createCaptchaLoader({
    siteKey: 'site-key-123',
    getGrecaptcha: () => grecaptcha,
    injectScript: (src, onNetworkError) => {
      injected.push(src);
      networkError = onNetworkError;
    },
    report,
  });
  const statuses: string[] = [];
  loader.subscribe((s) => statuses.push(s));
  return {
    loader,
    report,
    injected,
    statuses,
    define: (value: Grecaptcha) => (grecaptcha = value),
    networkError: () => networkError?.(),
  };
}

describe('captcha loader (fake timers)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls every second and becomes ready when window.grecaptcha appears', () => {
    const t = setup();
    t.loader.start();
    expect(t.injected).toEqual([captchaScriptUrl('site-key-123')]);
    expect(t.loader.getStatus()).toBe('loading');
    vi.advanceTimersByTime(3_000);
    t.define({ execute: async () => 'token' });
    vi.advanceTimersByTime(999);
    expect(t.loader.getStatus()).toBe('loading');
    vi.advanceTimersByTime(1);
    expect(t.loader.getStatus()).toBe('ready');
    expect(t.statuses).toEqual(['ready']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fails after 30 s and reports a warning', () => {
    const t = setup();
    t.loader.start();
    vi.advanceTimersByTime(29_999);
    expect(t.loader.getStatus()).toBe('loading');
    vi.advanceTimersByTime(1);
    expect(t.loader.getStatus()).toBe('failed');
    expect(t.report).toHaveBeenCalledTimes(1);
    expect(t.report).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'script_load_failed', level: 'warning' }),
    );
    expect(vi.getTimerCount()).toBe(0);
    // a late script does not revive it
    t.define({ execute: async () => 'token' });
    vi.advanceTimersByTime(5_000);
    expect(t.loader.getStatus()).toBe('failed');
  });

  it('a script error mentioning the captcha fails at once', () => {
    const t = setup();
    t.loader.start();
    expect(t.loader.handleScriptError('Uncaught Error: reCAPTCHA placeholder element must be empty')).toBe(
      true,
    );
    expect(t.loader.getStatus()).toBe('failed');
    expect(t.report).toHaveBeenCalledWith(expect.objectContaining({ type: 'script_load_failed' }));
  });

  it('an invalid site key fails at once', () => {
    const t = setup();
    t.loader.start();
    t.loader.handleScriptError('Error: Invalid site key or not loaded in api.js');
    expect(t.loader.getStatus()).toBe('failed');
  });

  it('unrelated script errors are ignored', () => {
    const t = setup();
    t.loader.start();
    expect(t.loader.handleScriptError('TypeError: x is undefined')).toBe(false);
    expect(t.loader.getStatus()).toBe('loading');
  });

  it('a script that cannot be fetched is a network error', () => {
    const t = setup();
    t.loader.start();
    t.networkError();
    expect(t.loader.getStatus()).toBe('failed');
    expect(t.report).toHaveBeenCalledWith(expect.objectContaining({ type: 'network_error' }));
  });

  it('execute before load rejects: the provider has not loaded', async () => {
    const t = setup();
    t.loader.start();
    const error = await t.loader.execute('login').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CaptchaNotLoadedError);
    expect((error as Error).message).toBe('Captcha provider has not loaded');
  });

  it('execute returns the token for the action; a failing execute is reported as an execution error', async () => {
    const t = setup();
    const execute = vi.fn(async (_key: string, { action }: { action: string }) => `token-${action}`);
    t.define({ execute });
    t.loader.start();
    expect(t.loader.getStatus()).toBe('ready');
    await expect(t.loader.execute('login')).resolves.toBe('token-login');
    expect(execute).toHaveBeenCalledWith('site-key-123', { action: 'login' });

    execute.mockRejectedValueOnce(new Error('timeout'));
    await expect(t.loader.execute('login')).rejects.toThrow('timeout');
    expect(t.report).toHaveBeenCalledWith(expect.objectContaining({ type: 'execution_error' }));
  });

  it('start is idempotent', () => {
    const t = setup();
    t.loader.start();
    t.loader.start();
    expect(t.injected).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(1);
  });
});

describe('captcha helpers', () => {
  it('the fallback message is the spec text', () => {
    expect(CAPTCHA_FAILED_MESSAGE).toBe(
      'Nie udało się załadować systemu reCAPTCHA. Niektóre funkcje mogą być niedostępne.',
    );
  });

  it('the script is the Polish widget with the badge bottom-right', () => {
    expect(captchaScriptUrl('a b')).toBe(
      'https://www.google.com/recaptcha/api.js?render=a%20b&hl=pl&badge=bottomright&theme=light',
    );
  });

  it.each([
    ['recaptcha__pl.js failed', true],
    ['Invalid site key or not loaded', true],
    ['CAPTCHA error', true],
    ['ReferenceError: foo', false],
    [undefined, false],
  ])('isCaptchaScriptError(%s) → %s', (message, expected) => {
    expect(isCaptchaScriptError(message)).toBe(expected);
  });

  it('site key: runtime config first, then the build variable; none → off', () => {
    expect(resolveCaptchaSiteKey({})).toBeUndefined();
    expect(resolveCaptchaSiteKey({ buildTime: '  ' })).toBeUndefined();
    expect(resolveCaptchaSiteKey({ buildTime: 'build' })).toBe('build');
    expect(resolveCaptchaSiteKey({ buildTime: 'build', runtime: { recaptchaSiteKey: 'rt' } })).toBe('rt');
    expect(resolveCaptchaSiteKey({ runtime: { recaptchaSiteKey: 42 } })).toBeUndefined();
  });

  it('the reporter logs warnings and errors by type', () => {
    const sink = { warn: vi.fn(), error: vi.fn() };
    const report = createCaptchaReporter(sink);
    report({ type: 'script_load_failed', level: 'warning', message: 'slow' });
    report({ type: 'execution_error', level: 'error', message: 'boom' });
    expect(sink.warn).toHaveBeenCalledWith('[captcha:script_load_failed] slow', '');
    expect(sink.error).toHaveBeenCalledWith('[captcha:execution_error] boom', '');
    expect(report.reports.map((r) => r.type)).toEqual(['script_load_failed', 'execution_error']);
  });
});
