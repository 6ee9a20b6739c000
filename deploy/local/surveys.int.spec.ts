import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentityAndTenant, type IdentityAndTenant } from './testing/identity-and-tenant';

/**
 * NPS surveys across identity, tenant, the card ledger and the survey service, embedded over the shared SQLite
 * bus as `npm start` runs them (ADR 0022): stamps at the till → the card ledger's StampsAdded → a survey
 * e-mail (tenant's ClientEnrolled gave the address) → the link answers once → the company's results count
 * it; a customer who switched „Ankiety po wizycie” off in identity (PreferencesChanged, plain on the bus)
 * gets nothing.
 */
let product: IdentityAndTenant;
beforeAll(async () => {
  product = await startIdentityAndTenant({ cardLedger: true, survey: { delaySeconds: 1 } });
});
afterAll(async () => product?.close());

const customerInProgram = (email: string, cafe: Awaited<ReturnType<typeof product.ownerWithStampsProgram>>) =>
  product.customerInProgram(email, cafe);

const stamp = (access: string, cardId: string) =>
  product.callCards(
    access,
    'POST',
    `/api/v1/cards/${cardId}/stamps`,
    { count: 1 },
    {
      'idempotency-key': crypto.randomUUID(),
    },
  );

describe('identity ⇄ tenant ⇄ card ledger ⇄ survey: an NPS survey after a visit', () => {
  it('stamps at the till e-mail a survey; the link answers once and the results count it; an opted-out customer gets none', async () => {
    const cafe = await product.ownerWithStampsProgram('kawiarnia.nps@example.pl');
    const ola = await customerInProgram('ola.nps@example.pl', cafe);
    const res = await stamp(cafe.owner.access, ola.cardId);
    expect(res.statusCode, res.body).toBeLessThan(300);

    const mail = await product.mailTo('ola.nps@example.pl', 'nps-survey');
    expect(mail.subject).toBe('Jak oceniasz wizytę w Kawiarnia Pod Lipą?');
    const token = new URL(
      mail.text.match(/https?:\/\/\S+\/survey-response\?token=[A-Za-z0-9_-]+/)![0],
    ).searchParams.get('token')!;
    const view = await product.callSurvey(null, 'GET', `/api/v1/surveys/${token}`);
    expect(view.json()).toMatchObject({ companyName: 'Kawiarnia Pod Lipą', scale: { min: 1, max: 10 } });
    const answered = await product.callSurvey(null, 'POST', `/api/v1/surveys/${token}/respond`, {
      score: 10,
    });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(
      (await product.callSurvey(null, 'POST', `/api/v1/surveys/${token}/respond`, { score: 1 })).statusCode,
    ).toBe(409);
    const results = await product.callSurvey(
      cafe.owner.access,
      'GET',
      `/api/v1/surveys/tenants/${cafe.tenantId}/results`,
    );
    expect(results.json()).toMatchObject({ total: { responses: 1, nps: null }, missing: 4 });

    // a second customer turns „Ankiety po wizycie” off in their preferences (identity), then visits
    const jan = await customerInProgram('jan.nps@example.pl', cafe);
    const off = await product.callIdentity(jan.customer.access, 'PATCH', 'update-user-preferences', {
      surveys: false,
    });
    expect(off.json()).toMatchObject({ surveys: false });
    // the opt-out travels identity.users.v1 → the survey service before the visit is decided
    await new Promise((r) => setTimeout(r, 1500));
    expect((await stamp(cafe.owner.access, jan.cardId)).statusCode).toBeLessThan(300);
    // a third customer visiting after Jan gets a survey: the pipeline ran past Jan's visit
    const ewa = await customerInProgram('ewa.nps@example.pl', cafe);
    expect((await stamp(cafe.owner.access, ewa.cardId)).statusCode).toBeLessThan(300);
    await product.mailTo('ewa.nps@example.pl', 'nps-survey');
    await new Promise((r) => setTimeout(r, 1500));
    const toJan = (await product.surveyInfra.mailbox!.list()).filter(
      (e) => e.to.includes('jan.nps@example.pl') && e.tag === 'nps-survey',
    );
    expect(toJan).toEqual([]);
  });
});
