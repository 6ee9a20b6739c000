import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config';
import { selectModules } from './host';

const order = ['identity', 'tenant', 'card-ledger', 'gateway'];

describe('selectModules (SERVICES / APP)', () => {
  it('takes all, one or a subset, always in the start order', () => {
    expect(selectModules('all', order)).toEqual(order);
    expect(selectModules('identity', order)).toEqual(['identity']);
    expect(selectModules(' gateway , identity ', order)).toEqual(['identity', 'gateway']);
  });

  it('refuses unknown and empty selections with the known names', () => {
    expect(() => selectModules('identity,ledger', order)).toThrow(ConfigError);
    expect(() => selectModules('identity,ledger', order)).toThrow(/unknown ledger \(known: all, identity/);
    expect(() => selectModules(' , ', order)).toThrow(/SERVICES: empty/);
  });
});
