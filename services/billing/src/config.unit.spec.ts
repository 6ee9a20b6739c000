import { ConfigError } from '@punkto/platform/config/config';
import { describe, expect, it } from 'vitest';
import { loadBillingConfig } from './config';

const seller = {
  SELLER_NAME: 'Punkto sp. z o.o.',
  SELLER_NIP: '5260250274',
  SELLER_STREET: 'ul. Długa 1',
  SELLER_POSTAL_CODE: '00-001',
  SELLER_CITY: 'Warszawa',
};

describe('billing configuration', () => {
  it('runs the sandbox by default outside production', () => {
    expect(loadBillingConfig({}).PAYMENT_PROVIDER).toBe('sandbox');
  });

  it('refuses the sandbox with NODE_ENV=production unless explicitly allowed', () => {
    expect(() => loadBillingConfig({ NODE_ENV: 'production', ...seller })).toThrow(ConfigError);
    expect(() => loadBillingConfig({ NODE_ENV: 'production', ...seller })).toThrow(/takes no money/);
    expect(
      loadBillingConfig({ NODE_ENV: 'production', PAYMENT_SANDBOX_ALLOW_IN_PRODUCTION: 'true' })
        .PAYMENT_PROVIDER,
    ).toBe('sandbox');
  });

  it('a production start names every seller variable that is missing', () => {
    const problems = configProblems(() => loadBillingConfig({ NODE_ENV: 'production' }));
    expect(problems.filter((p) => p.startsWith('SELLER_'))).toHaveLength(5);
  });

  it('PayU needs its POS configuration, named when missing', () => {
    expect(() => loadBillingConfig({ PAYMENT_PROVIDER: 'payu' })).toThrow(ConfigError);
    expect(configProblems(() => loadBillingConfig({ PAYMENT_PROVIDER: 'payu' })).join('\n')).toMatch(
      /PAYU_POS_ID/,
    );
    const config = loadBillingConfig({
      PAYMENT_PROVIDER: 'payu',
      PAYU_POS_ID: '300746',
      PAYU_SECOND_KEY: 'b6ca15b0d1020e8094d9b5f8d163db54',
      PAYU_CLIENT_ID: '300746',
      PAYU_CLIENT_SECRET: '2ee86a66e5d97e3fadc400c9f19b065d',
    });
    expect(config.PAYMENT_PROVIDER).toBe('payu');
  });
});

/** The problems of the ConfigError `load` throws; any other outcome (a return, another error) fails the test. */
function configProblems(load: () => unknown): string[] {
  try {
    load();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError, but the configuration loaded');
}
