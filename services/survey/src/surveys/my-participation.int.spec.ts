import { createLogger } from '@punkto/platform/observability/logger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../../../../gateway/src/app';
import { GatewayEnv } from '../../../../gateway/src/config';
import { MaintenanceSwitch } from '../../../../gateway/src/maintenance';
import { startSurvey, tokenIn, type SurveyTestApp } from '../testing/survey-test-app';

/** a cookie header from the test kit's cookies */
const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

describe('GET /surveys/my-participation through the gateway — the customer’s surveys for their data export', () => {
  let t: SurveyTestApp;
  let gateway: FastifyInstance;
  let gatewayUrl = '';
  beforeAll(async () => {
    t = await startSurvey();
    const config = GatewayEnv.parse({
      SURVEY_URL: await t.app.listen({ port: 0, host: '127.0.0.1' }),
      WEB_DIST_DIR: '',
      RATE_LIMIT_PER_MINUTE: '1000',
      DEV_MAILBOX: 'false',
    });
    gateway = await buildGateway({
      config,
      logger: createLogger('gateway', 'silent'),
      maintenance: new MaintenanceSwitch(false, undefined, 60_000),
    });
    gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await gateway.close();
    await t.close();
  });

  const get = (cookies?: Record<string, string>) =>
    fetch(`${gatewayUrl}/api/v1/surveys/my-participation`, {
      headers: cookies ? { cookie: cookieHeader(cookies) } : {},
    });
  const participation = async (userId: string) => get(await t.customerCookies(userId));

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
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({
      invitations: [
        { tenantId: anna.tenantId, companyName: 'Piekarnia Złoty Kłos', visitAt, dueAt: visitAt },
      ],
    });
    // the anonymous answer stays anonymous: neither the score nor the comment is in the person's data
    expect(body).not.toContain('Zimna kawa');
    expect(body).not.toMatch(/score|comment|answer/i);
  });

  it('another customer sees none of the first one’s surveys, and a customer never asked gets an empty list', async () => {
    const first = await t.aCustomer({ companyName: 'Kawiarnia Pod Lipą' });
    await t.stampsAdded(first.cardId);
    // a second customer of the same company, with a visit of their own
    const second = await t.aCustomer({ tenantId: first.tenantId });
    const secondVisit = new Date(Date.now() - 120_000).toISOString();
    await t.stampsAdded(second.cardId, secondVisit);

    const rows = (await (await participation(second.userId)).json()) as {
      invitations: { visitAt: string }[];
    };
    expect(rows.invitations.map((i) => i.visitAt)).toEqual([secondVisit]);
    const never = await t.aCustomer();
    expect(await (await participation(never.userId)).json()).toEqual({ invitations: [] });
  });

  it('answers only a signed-in customer: none 401, staff 403', async () => {
    const c = await t.aCustomer();
    expect((await get()).status).toBe(401);
    expect((await get(await t.staffCookies(c.tenantId))).status).toBe(403);
  });
});
