import { describe, expect, it } from 'vitest';
import { audienceLabel, emptyAudienceForm, toAudience } from './audience';

describe('the audience of the compose form', () => {
  it('is complete for everyone, and for a kind once its pick is made', () => {
    expect(toAudience(emptyAudienceForm)).toEqual({ kind: 'all' });
    expect(toAudience({ ...emptyAudienceForm, kind: 'segment' })).toBeNull();
    expect(toAudience({ ...emptyAudienceForm, kind: 'segment', segment: 'at_risk' })).toEqual({
      kind: 'segment',
      segment: 'at_risk',
    });
    expect(toAudience({ ...emptyAudienceForm, kind: 'program', programId: 'p1' })).toEqual({
      kind: 'program',
      programId: 'p1',
    });
    expect(toAudience({ ...emptyAudienceForm, kind: 'customer', programId: 'p1' })).toBeNull();
  });

  it('is described in Polish in the list', () => {
    expect(audienceLabel({ kind: 'segment', segment: 'vip' })).toBe('Segment: VIP (10% najczęstszych)');
    expect(audienceLabel({ kind: 'program', programId: 'p1' }, () => 'Kawa za punkty')).toBe(
      'Klienci programu „Kawa za punkty”',
    );
    expect(audienceLabel({ kind: 'program', programId: 'gone' }, () => undefined)).toBe(
      'Klienci jednego programu',
    );
  });
});
