import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/api-errors';
import { joinAudience, joinOutcomeOf, joinPageHref } from './join-view';

describe('the enrolment page', () => {
  it('offers login to visitors, joining to customers and a hint to business accounts', () => {
    expect(joinAudience(null)).toBe('anonymous');
    expect(joinAudience({ role: 'customer' })).toBe('customer');
    expect(joinAudience({ role: 'business_owner' })).toBe('staff');
    expect(joinAudience({ role: 'employee' })).toBe('staff');
  });

  it('treats 409 CLIENT.ALREADY_ENROLLED as a friendly "already in"', () => {
    const conflict = new ApiError({
      status: 409,
      code: 'CLIENT.ALREADY_ENROLLED',
      localizedMessage: 'Ten klient jest już zapisany do tego programu.',
      message: 'x',
    });
    expect(joinOutcomeOf(conflict)).toEqual({ type: 'already-enrolled' });
    const other = new ApiError({ status: 409, code: 'CLIENT.PROGRAM_INACTIVE', message: 'x' });
    expect(joinOutcomeOf(other)).toEqual({ type: 'failed', error: other });
  });

  it('comes back to itself after login', () => {
    expect(joinPageHref('p 1', 't1')).toBe('/dodaj-karte-do-portfela?program=p+1&firma=t1');
  });
});
