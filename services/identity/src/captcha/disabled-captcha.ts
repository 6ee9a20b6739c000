import type { Captcha } from './captcha.port';

/** Captcha switched off by explicit configuration (`CAPTCHA_PROVIDER=disabled`): everything passes. */
export const disabledCaptcha: Captcha = {
  enabled: false,
  async verify() {
    return { ok: true };
  },
};
