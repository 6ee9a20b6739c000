import { phoneOnlyHolder } from '@punkto/contracts/clients';
import { Topics } from '@punkto/contracts/topics';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSurvey, type SurveyTestApp } from '../testing/survey-test-app';

/**
 * ADR 0056: a client added with a phone only cannot be asked (no address); once staff give one (ClientEmailGiven)
 * the survey reaches it, and the card moved to the account (CardHolderLinked) counts the visits as the account's.
 */
describe('surveys of a client added with a phone only', () => {
  let t: SurveyTestApp;
  beforeAll(async () => {
    t = await startSurvey();
  });
  afterAll(async () => t.close());

  it('no survey without an address; with the address given and the card moved, the account is asked', async () => {
    const { tenantId } = await t.aCustomer({ companyName: 'Piekarnia Złoty Kłos' });
    const programId = randomUUID();
    const clientId = randomUUID();
    const cardId = randomUUID();
    const client = { clientId, tenantId, programId };
    await t.deliver(Topics.tenantClients, 'ClientEnrolled', {
      ...client,
      userId: null,
      email: null,
      name: 'Ola Kowal',
      phone: '+380501234567',
      source: 'created',
      companyName: 'Piekarnia Złoty Kłos',
      programName: 'Chleb za punkty',
      marketingConsent: false,
      enrolledAt: '2026-11-20T09:30:00.000Z',
    });
    const issued = {
      ...client,
      cardId,
      userId: phoneOnlyHolder(clientId),
      humanReadableId: '1234567897',
      secretVersion: 1,
      tier: null,
      issuedAt: '2026-11-20T10:00:00.000Z',
    };
    await t.deliver(Topics.cardLedgerCards, 'CardIssued', issued);
    expect(await t.surveys.copies.emailOf(clientId)).toBeNull();

    const email = `ola.${clientId.slice(0, 8)}@example.pl`;
    const given = {
      ...client,
      email,
      name: 'Ola Kowal',
      companyName: 'Piekarnia Złoty Kłos',
      programName: 'Chleb za punkty',
      marketingConsent: false,
      givenAt: '2026-11-21T09:00:00.000Z',
    };
    const givenId = await t.deliver(Topics.tenantClients, 'ClientEmailGiven', given);
    await t.deliver(Topics.tenantClients, 'ClientEmailGiven', given, givenId); // again
    expect(await t.surveys.copies.emailOf(clientId)).toBe(email);

    const ola = randomUUID();
    await t.deliver(Topics.tenantClients, 'ClientAccountLinked', {
      ...client,
      userId: ola,
      linkedAt: '2026-11-21T09:01:00.000Z',
    });
    const moved = {
      ...client,
      cardId,
      userId: ola,
      previousHolder: phoneOnlyHolder(clientId),
      linkedAt: '2026-11-21T09:02:00.000Z',
    };
    await t.deliver(Topics.cardLedgerCards, 'CardHolderLinked', moved);
    await t.deliver(Topics.cardLedgerCards, 'CardHolderLinked', moved); // again
    await t.deliver(Topics.cardLedgerCards, 'CardIssued', issued); // a late CardIssued does not give it back
    expect(await t.surveys.copies.card(cardId)).toMatchObject({ userId: ola, closed: false });
    expect((await t.surveys.copies.cardsOf(ola)).map((c) => c._id)).toEqual([cardId]);

    // a visit now: the account is asked, at the address given
    await t.stampsAdded(cardId);
    const mails = await t.surveyMails(email);
    expect(mails.map((m) => m.subject)).toEqual(['Jak oceniasz wizytę w Piekarnia Złoty Kłos?']);
    const participation = await t.app.inject({
      method: 'GET',
      url: '/api/v1/surveys/my-participation',
      cookies: await t.customerCookies(ola),
    });
    expect(participation.json().invitations).toEqual([
      expect.objectContaining({ tenantId, companyName: 'Piekarnia Złoty Kłos' }),
    ]);
  });
});
