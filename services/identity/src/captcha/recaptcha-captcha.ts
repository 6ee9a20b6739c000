import type { Captcha, CaptchaResult } from './captcha.port';

export const GOOGLE_SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export interface RecaptchaOptions {
  secret: string;
  /** default Google's siteverify */
  verifyUrl?: string;
  /** v3 scores below this fail; default 0.5 */
  minScore?: number;
  /** default 5000 ms; a provider that does not answer fails closed */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface SiteverifyResponse {
  success?: boolean;
  score?: number;
  action?: string;
  hostname?: string;
  'error-codes'?: string[];
}

/**
 * reCAPTCHA v3: POSTs `secret`, `response` and `remoteip` as form data to siteverify and accepts the token when
 * `success` is true, the `action` matches (when the provider reports one) and the score reaches the threshold.
 * Network failures and non-2xx answers fail closed.
 */
export function recaptchaCaptcha(options: RecaptchaOptions): Captcha {
  const verifyUrl = options.verifyUrl ?? GOOGLE_SITEVERIFY_URL;
  const minScore = options.minScore ?? 0.5;
  const doFetch = options.fetch ?? fetch;
  return {
    enabled: true,
    async verify(token, action, remoteIp): Promise<CaptchaResult> {
      if (!token) return { ok: false, reason: 'missing-token' };
      const form = new URLSearchParams({ secret: options.secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      let body: SiteverifyResponse;
      try {
        const res = await doFetch(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
        if (!res.ok) return { ok: false, reason: `siteverify-http-${res.status}` };
        body = (await res.json()) as SiteverifyResponse;
      } catch (error) {
        return { ok: false, reason: `siteverify-unreachable: ${(error as Error).message}` };
      }
      const score = typeof body.score === 'number' ? body.score : undefined;
      if (body.success !== true)
        return { ok: false, score, reason: (body['error-codes'] ?? ['not-successful']).join(',') };
      if (body.action !== undefined && body.action !== action)
        return { ok: false, score, reason: `action-mismatch:${body.action}` };
      if (score !== undefined && score < minScore) return { ok: false, score, reason: 'low-score' };
      return { ok: true, score };
    },
  };
}
