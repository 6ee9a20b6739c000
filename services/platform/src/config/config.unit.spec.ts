import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, envBoolean, envPort, loadConfig, platformEnv } from './config';

const schema = z.object({ ...platformEnv, PORT: envPort(8081), MAINTENANCE_MODE: envBoolean(false) });

describe('loadConfig', () => {
  it('applies defaults for an empty environment', () => {
    const config = loadConfig(schema, {});
    expect(config).toMatchObject({
      PORT: 8081,
      DATA_DIR: './data',
      MAINTENANCE_MODE: false,
      LOG_LEVEL: 'info',
    });
  });

  it('coerces numbers and booleans', () => {
    expect(loadConfig(schema, { PORT: '9000', MAINTENANCE_MODE: 'yes' })).toMatchObject({
      PORT: 9000,
      MAINTENANCE_MODE: true,
    });
  });

  it('lists every bad variable at once, with the value it got', () => {
    let error: unknown;
    try {
      loadConfig(schema, { PORT: 'abc', LOG_LEVEL: 'loud', AUTH_JWKS_URL: 'not a url' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/PORT: .*\(got "abc"\)/);
    expect(problems.join('\n')).toMatch(/LOG_LEVEL: .*\(got "loud"\)/);
    expect(problems.join('\n')).toMatch(/AUTH_JWKS_URL/);
    expect((error as Error).message).toContain('Invalid configuration');
  });
});
