import { describe, expect, it } from 'vitest';
import { isRevokedBy, mergeEntry, type RevocationEntry, type RevocationKey } from './token-standing';

// ADR 0010 (sessions, deleted users) and ADR 0038 (access versions): whether a verified token still counts.
const T = Date.parse('2026-11-28T20:00:00.000Z');
const seconds = (ms: number) => Math.floor(ms / 1000);
const DAY = 24 * 3600 * 1000;
const known =
  (entries: Partial<Record<RevocationKey, RevocationEntry>>) =>
  (key: RevocationKey): RevocationEntry | undefined =>
    entries[key];
const access = (version: number, at = T): RevocationEntry => ({ at, until: at + DAY, version });

describe('token standing', () => {
  it('given nothing known about the user, when a token comes, then it counts', () => {
    expect(isRevokedBy({ sub: 'u1', sid: 's1', iat: seconds(T), av: 0 }, known({}))).toBe(false);
  });

  it('given a revoked session, then its tokens stop counting and other sessions’ do not', () => {
    const entries = known({ 'sid:s1': { at: T, until: T + DAY } });
    expect(isRevokedBy({ sub: 'u1', sid: 's1', iat: seconds(T) }, entries)).toBe(true);
    expect(isRevokedBy({ sub: 'u1', sid: 's2', iat: seconds(T) }, entries)).toBe(false);
  });

  it('given a deleted user, then every token issued until then stops counting', () => {
    const entries = known({ 'user:u1': { at: T, until: T + DAY } });
    expect(isRevokedBy({ sub: 'u1', iat: seconds(T - 60_000) }, entries)).toBe(true);
    expect(isRevokedBy({ sub: 'u1' }, entries)).toBe(true);
  });

  it('given the user’s access changed to version 2, then tokens of version 1 (or without one) stop counting', () => {
    const entries = known({ 'access:u1': access(2) });
    expect(isRevokedBy({ sub: 'u1', sid: 's1', av: 1 }, entries)).toBe(true);
    expect(isRevokedBy({ sub: 'u1', sid: 's1' }, entries)).toBe(true);
  });

  it('given the user’s access changed to version 2, then a token refreshed at 2 (even in the same second) counts', () => {
    const entries = known({ 'access:u1': access(2, T + 900) });
    // issued 100 ms after the change: the same `iat` second as tokens issued before it, told apart by `av`
    expect(isRevokedBy({ sub: 'u1', sid: 's1', iat: seconds(T + 1000), av: 2 }, entries)).toBe(false);
    expect(isRevokedBy({ sub: 'u1', sid: 's1', av: 3 }, entries)).toBe(false);
  });

  it('given another user’s access changed, then this user’s tokens keep counting', () => {
    expect(isRevokedBy({ sub: 'u2', sid: 's9', av: 0 }, known({ 'access:u1': access(5) }))).toBe(false);
  });
});

describe('merging what the bus says twice or late', () => {
  it('given no entry, then the new one is kept', () => {
    expect(mergeEntry(undefined, access(1))).toEqual(access(1));
  });

  it('given version 3, when version 2 arrives late, then 3 stays and the entry lives as long as the later of both', () => {
    const later = access(3, T);
    const late = access(2, T + 5_000);
    expect(mergeEntry(later, late)).toEqual({ at: T, version: 3, until: T + 5_000 + DAY });
  });

  it('given version 1, when version 2 arrives, then 2 is kept', () => {
    expect(mergeEntry(access(1, T), access(2, T + 1_000))).toEqual(access(2, T + 1_000));
  });

  it('given a revocation, when an older one arrives, then the newer stays', () => {
    const newer = { at: T, until: T + DAY };
    expect(mergeEntry(newer, { at: T - 1_000, until: T - 1_000 + DAY })).toEqual(newer);
    expect(mergeEntry({ at: T - 1_000, until: T - 1_000 + DAY }, newer)).toEqual(newer);
  });
});
