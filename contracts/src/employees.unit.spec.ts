import { describe, expect, it } from 'vitest';
import {
  addressInvitationLimitMessage,
  companyInvitationLimitMessage,
  INVITATION_MAILS_PER_ADDRESS_PER_DAY,
  INVITATION_MAILS_PER_COMPANY_PER_DAY,
  INVITATION_MAILS_PER_COMPANY_PER_DAY_IN_TRIAL,
} from './employees';

// Issue 32 / ADR 0040: the caps on invitation e-mails and what the panel says when one is reached.
describe('invitation e-mail caps', () => {
  it('the trial cap is lower than the paid one, and one address gets a few a day', () => {
    expect(INVITATION_MAILS_PER_COMPANY_PER_DAY_IN_TRIAL).toBeLessThan(INVITATION_MAILS_PER_COMPANY_PER_DAY);
    expect(INVITATION_MAILS_PER_ADDRESS_PER_DAY).toBeLessThanOrEqual(3);
  });

  it('says which cap, how many and from when, in Polish', () => {
    expect(companyInvitationLimitMessage(10, true, '29 listopada, godz. 01:00')).toBe(
      'Limit e-maili z zaproszeniami na dziś został wykorzystany: w okresie próbnym firma może wysłać 10 dziennie. ' +
        'Kolejne zaproszenia wyślesz od 29 listopada, godz. 01:00.',
    );
    expect(companyInvitationLimitMessage(30, false, '29 listopada, godz. 01:00')).toContain(
      'wykorzystany: firma może wysłać 30 dziennie.',
    );
    expect(addressInvitationLimitMessage(3, '29 listopada, godz. 01:00')).toBe(
      'Na ten adres wysłaliśmy dziś już 3 e-maile z zaproszeniem. Poproś tę osobę o sprawdzenie folderu „Spam” ' +
        'albo wyślij zaproszenie ponownie od 29 listopada, godz. 01:00.',
    );
    expect(addressInvitationLimitMessage(5, 'jutra')).toContain('już 5 e-maili z zaproszeniem');
  });
});
