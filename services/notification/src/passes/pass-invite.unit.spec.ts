import { describe, expect, it } from 'vitest';
import type { PassCard } from './pass-card';
import { applyInvite, inviteUrlOf } from './pass-invite';

/** ADR 0061: the card's invite code on its passes. */
const card: PassCard = {
  cardId: 'c1',
  tenantId: 't1',
  programId: 'p1',
  userId: 'u1',
  number: '1234567897',
  secretVersion: 1,
  qrPayload: 'P1.c1.1.sig',
  points: 0,
  stamps: 0,
  lifetimePoints: 0,
  tier: null,
  status: 'active',
  version: 3,
  changedAt: '2026-11-20T10:00:00.000Z',
};

describe('given a pass’s copy of a card', () => {
  it('when the invite code arrives, then the copy shows it under a new version (the phones fetch the pass)', () => {
    expect(applyInvite(card, 'abcdefghijk2', '2026-11-21T10:00:00.000Z')).toEqual({
      ...card,
      inviteCode: 'abcdefghijk2',
      version: 4,
      changedAt: '2026-11-21T10:00:00.000Z',
    });
  });

  it('when the same code arrives again, then nothing changes', () => {
    const shown = { ...card, inviteCode: 'abcdefghijk2' };
    expect(applyInvite(shown, 'abcdefghijk2', '2026-11-22T10:00:00.000Z')).toBeNull();
  });

  it('when referrals are switched off (null), then the code goes; without a code, null changes nothing', () => {
    const shown = { ...card, inviteCode: 'abcdefghijk2' };
    expect(applyInvite(shown, null, '2026-11-22T10:00:00.000Z')).toMatchObject({
      inviteCode: null,
      version: 4,
    });
    expect(applyInvite(card, null, '2026-11-22T10:00:00.000Z')).toBeNull();
  });

  it('when the card is unknown here, then nothing happens', () => {
    expect(applyInvite(null, 'abcdefghijk2', '2026-11-22T10:00:00.000Z')).toBeNull();
  });
});

describe('the invite link a pass shows', () => {
  it('is the site’s /polecenie/<code>; none without a code', () => {
    expect(inviteUrlOf('https://punkto.example', 'abcdefghijk2')).toBe(
      'https://punkto.example/polecenie/abcdefghijk2',
    );
    expect(inviteUrlOf('https://punkto.example', null)).toBeNull();
    expect(inviteUrlOf('https://punkto.example', undefined)).toBeNull();
  });
});
