/** SPEC §4/§8/§9 captcha loader: pure logic, timers and the page injected. */

export const CAPTCHA_POLL_INTERVAL_MS = 1_000;
export const CAPTCHA_TIMEOUT_MS = 30_000;
export const CAPTCHA_FAILED_MESSAGE =
  'Nie udało się załadować systemu reCAPTCHA. Niektóre funkcje mogą być niedostępne.';
export const CAPTCHA_NOT_LOADED_MESSAGE = 'Captcha provider has not loaded';
export const CAPTCHA_NOT_LOADED_LOCALIZED_MESSAGE =
  'System weryfikacji reCAPTCHA nie został jeszcze załadowany. Spróbuj ponownie za chwilę.';

/** Invisible, light, Polish widget with the badge bottom-right; executing takes an action name. */
export function captchaScriptUrl(siteKey: string): string {
  return `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}&hl=pl&badge=bottomright&theme=light`;
}

export type CaptchaStatus = 'loading' | 'ready' | 'failed';
export type CaptchaErrorType = 'script_load_failed' | 'network_error' | 'execution_error';
export type CaptchaReport = {
  type: CaptchaErrorType;
  level: 'warning' | 'error';
  message: string;
  cause?: unknown;
};
export type CaptchaReporter = (report: CaptchaReport) => void;

export type Grecaptcha = {
  execute(siteKey: string, options: { action: string }): PromiseLike<string>;
};

/** Thrown by execute() before the provider has loaded (or after it failed to). */
export class CaptchaNotLoadedError extends Error {
  override name = 'CaptchaNotLoadedError';
  readonly code = 'CAPTCHA_NOT_LOADED';
  readonly localizedMessage = CAPTCHA_NOT_LOADED_LOCALIZED_MESSAGE;
  constructor() {
    super(CAPTCHA_NOT_LOADED_MESSAGE);
  }
}

/** A page error that belongs to the captcha: it mentions the captcha, or Google rejected the site key. */
export function isCaptchaScriptError(message: string | undefined): boolean {
  return !!message && (/captcha/i.test(message) || /invalid site key/i.test(message));
}

export type CaptchaLoaderDeps = {
  siteKey: string;
  /** `window.grecaptcha`, when the script has defined it */
  getGrecaptcha: () => Grecaptcha | undefined;
  /** adds the script tag; calls onNetworkError when the script itself cannot be fetched */
  injectScript: (src: string, onNetworkError: () => void) => void;
  report: CaptchaReporter;
  timers?: {
    setInterval: (callback: () => void, ms: number) => unknown;
    clearInterval: (handle: never) => void;
  };
  pollIntervalMs?: number;
  timeoutMs?: number;
};

export type CaptchaLoader = ReturnType<typeof createCaptchaLoader>;

export function createCaptchaLoader(deps: CaptchaLoaderDeps) {
  const timers = deps.timers ?? {
    setInterval: (callback: () => void, ms: number) => globalThis.setInterval(callback, ms),
    clearInterval: (handle: never) => globalThis.clearInterval(handle),
  };
  const pollIntervalMs = deps.pollIntervalMs ?? CAPTCHA_POLL_INTERVAL_MS;
  const timeoutMs = deps.timeoutMs ?? CAPTCHA_TIMEOUT_MS;
  let status: CaptchaStatus = 'loading';
  let started = false;
  let poll: unknown;
  let elapsed = 0;
  const listeners = new Set<(status: CaptchaStatus) => void>();

  const stopPolling = () => {
    if (poll !== undefined) timers.clearInterval(poll as never);
    poll = undefined;
  };

  const setStatus = (next: CaptchaStatus) => {
    if (status === next) return;
    status = next;
    for (const listener of listeners) listener(status);
  };

  const fail = (report: CaptchaReport) => {
    if (status !== 'loading') return;
    stopPolling();
    deps.report(report);
    setStatus('failed');
  };

  const check = () => {
    if (status !== 'loading') return;
    if (typeof deps.getGrecaptcha()?.execute === 'function') {
      stopPolling();
      setStatus('ready');
      return;
    }
    if (elapsed >= timeoutMs) {
      fail({
        type: 'script_load_failed',
        level: 'warning',
        message: `reCAPTCHA did not load within ${timeoutMs / 1000} s`,
      });
    }
  };

  return {
    getStatus: () => status,
    subscribe(listener: (status: CaptchaStatus) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Injects the script once and polls every second for `window.grecaptcha` (30 s at most). */
    start() {
      if (started) return;
      started = true;
      deps.injectScript(captchaScriptUrl(deps.siteKey), () =>
        fail({ type: 'network_error', level: 'error', message: 'reCAPTCHA script could not be fetched' }),
      );
      check();
      if (status !== 'loading') return;
      poll = timers.setInterval(() => {
        elapsed += pollIntervalMs;
        check();
      }, pollIntervalMs);
    },
    /** A page-level script error: fails the loader when it is about the captcha (e.g. an invalid site key). */
    handleScriptError(message: string | undefined, cause?: unknown) {
      if (!isCaptchaScriptError(message)) return false;
      fail({ type: 'script_load_failed', level: 'error', message: message ?? 'reCAPTCHA error', cause });
      return true;
    },
    /** A token for `action`; before the provider has loaded this rejects with CaptchaNotLoadedError. */
    async execute(action: string): Promise<string> {
      const grecaptcha = deps.getGrecaptcha();
      if (status !== 'ready' || !grecaptcha) throw new CaptchaNotLoadedError();
      try {
        return await grecaptcha.execute(deps.siteKey, { action });
      } catch (error) {
        deps.report({
          type: 'execution_error',
          level: 'error',
          message: 'reCAPTCHA execution failed',
          cause: error,
        });
        throw error;
      }
    },
    dispose() {
      stopPolling();
      listeners.clear();
    },
  };
}

/** Site key from the build (`VITE_RECAPTCHA_SITE_KEY`) or a runtime config; none → captcha off. */
export function resolveCaptchaSiteKey(sources: {
  buildTime?: string | undefined;
  runtime?: { recaptchaSiteKey?: unknown } | undefined;
}): string | undefined {
  const runtime = sources.runtime?.recaptchaSiteKey;
  if (typeof runtime === 'string' && runtime.trim()) return runtime.trim();
  const buildTime = sources.buildTime?.trim();
  return buildTime ? buildTime : undefined;
}

/** Errors reported by type through one small sink (console by default; an error tracker can plug in). */
export function createCaptchaReporter(
  sink: Pick<Console, 'warn' | 'error'> = console,
): CaptchaReporter & { reports: CaptchaReport[] } {
  const reports: CaptchaReport[] = [];
  const reporter = (report: CaptchaReport) => {
    reports.push(report);
    if (reports.length > 20) reports.shift();
    const log = report.level === 'warning' ? sink.warn : sink.error;
    log.call(sink, `[captcha:${report.type}] ${report.message}`, report.cause ?? '');
  };
  return Object.assign(reporter, { reports });
}
