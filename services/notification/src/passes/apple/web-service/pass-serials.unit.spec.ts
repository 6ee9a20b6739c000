import { describe, expect, it } from 'vitest';
import {
  changedSince,
  decodeUpdateTag,
  encodeUpdateTag,
  parsePassSerial,
  passSerial,
  passTokens,
} from './pass-serials';

describe('pass serials', () => {
  it('name the card and the version of its QR', () => {
    const serial = passSerial('0196f0c2-aaaa-7bbb-8ccc-123456789abc', 3);
    expect(serial).toBe('0196f0c2-aaaa-7bbb-8ccc-123456789abc.3');
    expect(parsePassSerial(serial)).toEqual({
      cardId: '0196f0c2-aaaa-7bbb-8ccc-123456789abc',
      secretVersion: 3,
    });
    for (const bad of ['', 'abc', 'abc.0', 'abc.x', 'a/b.1', `${'a'.repeat(65)}.1`, 'abc.1.2'])
      expect(parsePassSerial(bad)).toBeNull();
  });
});

describe('pass authentication tokens', () => {
  const tokens = passTokens('s'.repeat(43), 'pass.pl.punkto.dev');

  it('are valid for exactly the serial and pass type they were issued for', () => {
    const token = tokens.issue('card-1.1');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens.verifies('card-1.1', `ApplePass ${token}`)).toBe(true);
    expect(tokens.verifies('card-1.2', `ApplePass ${token}`)).toBe(false);
    expect(passTokens('s'.repeat(43), 'pass.pl.other').verifies('card-1.1', `ApplePass ${token}`)).toBe(
      false,
    );
    expect(passTokens('t'.repeat(43), 'pass.pl.punkto.dev').verifies('card-1.1', `ApplePass ${token}`)).toBe(
      false,
    );
  });

  it('refuse anything but `ApplePass <token>`', () => {
    const token = tokens.issue('card-1.1');
    for (const header of [
      undefined,
      '',
      token,
      `Bearer ${token}`,
      `ApplePass  ${token}`,
      `ApplePass ${token}x`,
    ])
      expect(tokens.verifies('card-1.1', header)).toBe(false);
  });
});

describe('update tags', () => {
  it('list a pass again exactly when its version grew since the tag', () => {
    const tag = decodeUpdateTag(
      encodeUpdateTag([
        { serial: 'a.1', version: 7 },
        { serial: 'b.1', version: 40 },
      ]),
    );
    expect(changedSince(tag, 'a.1', 7)).toBe(false);
    expect(changedSince(tag, 'a.1', 8)).toBe(true);
    expect(changedSince(tag, 'b.1', 40)).toBe(false);
    expect(changedSince(tag, 'c.1', 1)).toBe(true); // a pass the tag does not know
  });

  it('read an unknown or malformed tag as "nothing known"', () => {
    for (const tag of [undefined, '', 'garbage', '1700000000', 'x'.repeat(9000)])
      expect(changedSince(decodeUpdateTag(tag), 'a.1', 1)).toBe(true);
  });

  it('do not depend on the order of the passes', () => {
    const a = { serial: 'a.1', version: 2 };
    const b = { serial: 'b.1', version: 3 };
    expect(encodeUpdateTag([a, b])).toBe(encodeUpdateTag([b, a]));
  });
});
