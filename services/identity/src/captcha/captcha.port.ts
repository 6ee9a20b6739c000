/**
 * Captcha port: verifies a token the browser's invisible captcha widget produced for an action
 * (`login`, `register`, …). Adapters: `disabled` (explicit configuration; every call passes) and
 * `recaptcha` (Google reCAPTCHA v3 siteverify).
 */
export interface CaptchaResult {
  ok: boolean;
  /** reCAPTCHA v3 score 0..1, when the provider gives one */
  score?: number;
  /** why it failed (for logs, never shown to people) */
  reason?: string;
}

export interface Captcha {
  /** false for the `disabled` adapter: callers may skip asking for a token */
  readonly enabled: boolean;
  verify(token: string | undefined, action: string, remoteIp?: string): Promise<CaptchaResult>;
}
