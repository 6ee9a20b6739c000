import { deciderSpecification } from '@punkto/platform/es/decider-specification';
import { describe, it } from 'vitest';
import { inviteDecider, type ReferralInviteChanged, type ShowInvite } from './invite.decider';

/** ADR 0061: the invite a card's passes show, published only when it changes. */
const spec = deciderSpecification(inviteDecider);
const AT = '2026-11-20T10:00:00.000Z';
const ids = { cardId: 'c1', tenantId: 't1', programId: 'p1' };
const show = (code: string | null): ShowInvite => ({
  type: 'ShowInvite',
  data: { ...ids, code },
  metadata: { now: new Date(AT) },
});
const changed = (code: string | null): ReferralInviteChanged => ({
  type: 'ReferralInviteChanged',
  data: { ...ids, code, changedAt: AT },
});

describe('given a card whose passes show no invite yet', () => {
  it('when referrals are on, then its code is published', () =>
    spec
      .given([])
      .when(show('abcdefghijk2'))
      .then([changed('abcdefghijk2')]));

  it('when referrals are off, then nothing is published (there is nothing to take off)', () =>
    spec.given([]).when(show(null)).thenNothingHappens());
});

describe('given a card whose passes show its code', () => {
  it('when the same code is shown again, then nothing is published', () =>
    spec
      .given([changed('abcdefghijk2')])
      .when(show('abcdefghijk2'))
      .thenNothingHappens());

  it('when referrals are switched off, then the code is taken off (null)', () =>
    spec
      .given([changed('abcdefghijk2')])
      .when(show(null))
      .then([changed(null)]));

  it('when they are switched on again, then the code comes back', () =>
    spec
      .given([changed('abcdefghijk2'), changed(null)])
      .when(show('abcdefghijk2'))
      .then([changed('abcdefghijk2')]));
});
