import { useCallback, useEffect, useSyncExternalStore } from 'react';
import {
  createCaptchaLoader,
  createCaptchaReporter,
  resolveCaptchaSiteKey,
  type CaptchaLoader,
  type CaptchaStatus,
  type Grecaptcha,
} from '../utils/captcha-loader';

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    /** optional runtime configuration injected by a deployment before the app starts */
    __PUNKTO_CONFIG__?: { recaptchaSiteKey?: string };
  }
}

export const captchaReporter = createCaptchaReporter();

let loader: CaptchaLoader | null | undefined;

/**
 * The page-wide loader, or null when no site key is configured: the embedded default has the captcha off,
 * so the script is never requested and forms send no token.
 */
function getCaptchaLoader(): CaptchaLoader | null {
  if (loader !== undefined) return loader;
  const siteKey = resolveCaptchaSiteKey({
    buildTime: import.meta.env.VITE_RECAPTCHA_SITE_KEY as string | undefined,
    runtime: typeof window === 'undefined' ? undefined : window.__PUNKTO_CONFIG__,
  });
  if (!siteKey) return (loader = null);
  const created = createCaptchaLoader({
    siteKey,
    getGrecaptcha: () => window.grecaptcha,
    injectScript: (src, onNetworkError) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.defer = true;
      script.onerror = onNetworkError;
      document.head.append(script);
    },
    report: captchaReporter,
  });
  window.addEventListener('error', (event) => created.handleScriptError(event.message, event.error));
  loader = created;
  return created;
}

const noSubscription = () => () => undefined;

export type CaptchaState = CaptchaStatus | 'disabled';

/** Starts the captcha when a form needs it; `getToken(action)` gives a token, or undefined when it is off. */
export function useCaptcha() {
  const current = getCaptchaLoader();
  useEffect(() => current?.start(), [current]);
  const status: CaptchaState = useSyncExternalStore(
    current ? current.subscribe : noSubscription,
    () => current?.getStatus() ?? 'disabled',
    () => 'disabled',
  );
  const getToken = useCallback(
    async (action: string): Promise<string | undefined> => {
      if (!current) return undefined;
      // After a failed load the form still goes out; the server decides whether it needs the token.
      if (current.getStatus() === 'failed') return undefined;
      return current.execute(action);
    },
    [current],
  );
  return { status, getToken };
}
