import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSurvey, tokenIn, type SurveyTestApp } from '../testing/survey-test-app';

describe('GET /surveys/my-participation — the customer’s surveys for their data export', () => {
  let t: SurveyTestApp;
  beforeAll(async () => {
    t = await startSurvey();
  });
  afterAll(async () => t.close());

  const participation = async (userId: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/surveys/my-participation',
      cookies: await t.customerCookies(userId),
    });

  it('lists the surveys the customer’s visits started — company, visit, due time — and never the answer', async () => {
    const anna = await t.aCustomer({ companyName: 'Piekarnia Złoty Kłos' });
    const visitAt = new Date(Date.now() - 60_000).toISOString();
    await t.stampsAdded(anna.cardId, visitAt);
    const [mail] = await t.surveyMails(anna.email);
    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/v1/surveys/${tokenIn(mail!.mail.text)}/respond`,
      payload: { score: 3, comment: 'Zimna kawa' },
    });
    expect(answered.statusCode).toBe(201);

    const res = await participation(anna.userId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      invitations: [
        { tenantId: anna.tenantId, companyName: 'Piekarnia Złoty Kłos', visitAt, dueAt: visitAt },
      ],
    });
    // the anonymous answer stays anonymous: neither the score nor the comment is in the person's data
    expect(res.body).not.toContain('Zimna kawa');
    expect(res.body).not.toMatch(/score|comment|answer/i);
  });

  it('another customer sees none of the first one’s surveys, and a customer never asked gets an empty list', async () => {
    const first = await t.aCustomer({ companyName: 'Kawiarnia Pod Lipą' });
    await t.stampsAdded(first.cardId);
    // a second customer of the same company, with a visit of their own
    const second = await t.aCustomer({ tenantId: first.tenantId });
    const secondVisit = new Date(Date.now() - 120_000).toISOString();
    await t.stampsAdded(second.cardId, secondVisit);

    const rows = (await participation(second.userId)).json() as { invitations: { visitAt: string }[] };
    expect(rows.invitations.map((i) => i.visitAt)).toEqual([secondVisit]);
    const never = await t.aCustomer();
    expect((await participation(never.userId)).json()).toEqual({ invitations: [] });
  });

  it('answers only a signed-in customer: none 401, staff 403', async () => {
    const c = await t.aCustomer();
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/surveys/my-participation' });
    expect(anonymous.statusCode).toBe(401);
    const staff = await t.app.inject({
      method: 'GET',
      url: '/api/v1/surveys/my-participation',
      cookies: await t.staffCookies(c.tenantId),
    });
    expect(staff.statusCode).toBe(403);
  });
});
