import { z } from 'zod';
import type { Captcha } from './captcha.port';
import { disabledCaptcha } from './disabled-captcha';
import { GOOGLE_SITEVERIFY_URL, recaptchaCaptcha } from './recaptcha-captcha';

/** Environment of services that verify captcha tokens (spread into the service's env schema). */
export const captchaEnv = {
  /** `disabled` must be chosen explicitly in production configs; it is the embedded default */
  CAPTCHA_PROVIDER: z.enum(['disabled', 'recaptcha']).default('disabled'),
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.url().default(GOOGLE_SITEVERIFY_URL),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
};
export const CaptchaConfigSchema = z.object(captchaEnv);
export type CaptchaConfig = z.infer<typeof CaptchaConfigSchema>;

/** Refinement for the env schema: recaptcha needs its secret. */
export function checkCaptchaConfig(config: CaptchaConfig, ctx: z.RefinementCtx): void {
  if (config.CAPTCHA_PROVIDER === 'recaptcha' && !config.RECAPTCHA_SECRET)
    ctx.addIssue({
      code: 'custom',
      path: ['RECAPTCHA_SECRET'],
      message: 'required when CAPTCHA_PROVIDER=recaptcha',
    });
}

/** The adapter factory (composition roots only): picks the adapter by configuration. */
export function createCaptcha(config: CaptchaConfig): Captcha {
  switch (config.CAPTCHA_PROVIDER) {
    case 'disabled':
      return disabledCaptcha;
    case 'recaptcha':
      return recaptchaCaptcha({
        secret: config.RECAPTCHA_SECRET ?? '',
        verifyUrl: config.RECAPTCHA_VERIFY_URL,
        minScore: config.RECAPTCHA_MIN_SCORE,
      });
  }
}
