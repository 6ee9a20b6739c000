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
    try {
      loadBillingConfig({ NODE_ENV: 'production' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems.filter((p) => p.startsWith('SELLER_'))).toHaveLength(5);
    }
  });
});
