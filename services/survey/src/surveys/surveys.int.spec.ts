import type { EventStore, StoredEvent } from '@punkto/platform/event-store/event-store.port';
import { Permissions } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { SurveyResponseRecordedData } from '@punkto/contracts/integration-events';
import { SAME_ORIGIN } from '@punkto/platform/testing/same-origin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSurvey, tokenIn, type SurveyTestApp } from '../testing/survey-test-app';

/** every event of the log, in order, as stored (sealed values sealed) */
async function allEvents(store: EventStore): Promise<StoredEvent[]> {
  const head = await store.headPosition();
  if (head === undefined) return [];
  const events: StoredEvent[] = [];
  await new Promise<void>((resolve, reject) => {
    const sub = store.subscribeToAll({
      handler: async (event) => {
        events.push(event);
        if (event.position === head) void sub.stop().then(resolve);
      },
      onError: reject,
    });
  });
  return events;
}

let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

describe('NPS surveys after a visit', () => {
  let t: SurveyTestApp;
  beforeAll(async () => {
    t = await startSurvey({}, { clock });
  });
  afterAll(async () => t.close());

  const get = (token: string) => t.app.inject({ method: 'GET', url: `/api/v1/surveys/${token}` });
  const respond = (token: string, body: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1/surveys/${token}/respond`, payload: body });
  const results = async (tenantId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/surveys/tenants/${tenantId}/results`,
      cookies: await t.staffCookies(tenantId),
    });

  it('a visit e-mails a one-time link after the delay; the link shows the company and records one anonymous answer', async () => {
    const c = await t.aCustomer({ companyName: 'Piekarnia Złoty Kłos' });
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/surveys/tenants/${c.tenantId}/settings`,
      headers: SAME_ORIGIN,
      cookies: await t.staffCookies(c.tenantId),
      payload: {
        enabled: true,
        delayHours: 2,
        reviewUrl: 'https://g.page/r/zloty-klos/review',
        alertEmail: null,
      },
    });
    await t.stampsAdded(c.cardId);

    const [mail] = await t.surveyMails(c.email);
    expect(mail, 'the survey e-mail').toBeDefined();
    expect(mail!.subject).toBe('Jak oceniasz wizytę w Piekarnia Złoty Kłos?');
    // the company asks (ADR 0040): its name in the sender, answers to its contact e-mail
    expect(mail!.mail.from).toMatch(/^Piekarnia Złoty Kłos przez Punkto <[^>]+>$/);
    expect(mail!.mail.headers['reply-to']).toBe('wlasciciel@podlipa.pl');
    expect(mail!.mail.text).toContain('http://localhost:8080/survey-response?token=');
    const token = tokenIn(mail!.mail.text);

    const view = await get(token);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      companyName: 'Piekarnia Złoty Kłos',
      question: 'Jak bardzo prawdopodobne jest, że polecisz Piekarnia Złoty Kłos znajomym?',
      scale: { min: 1, max: 10 },
    });

    // a detractor still sees the review link (no review gating), and the company is alerted without a name
    const answered = await respond(token, { score: 4, comment: 'Chleb był czerstwy' });
    expect(answered.statusCode).toBe(201);
    expect(answered.json()).toEqual({
      message: 'Dziękujemy za odpowiedź!',
      reviewUrl: 'https://g.page/r/zloty-klos/review',
    });
    const [alert] = await t.mails({ to: 'wlasciciel@podlipa.pl', tag: 'nps-detractor-alert' });
    expect(alert!.subject).toBe('Niska ocena w ankiecie NPS: 4/10');
    expect(alert!.mail.text).toContain('Chleb był czerstwy');
    for (const id of [c.email, c.userId, c.clientId, c.cardId, 'Anna'])
      expect(alert!.mail.text).not.toContain(id);

    const res = await results(c.tenantId);
    expect(res.json()).toMatchObject({ missing: 4, total: { responses: 1, nps: null }, comments: [] });

    // single use: the same link again
    const again = await respond(token, { score: 10 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'SURVEY.ALREADY_ANSWERED',
      localizedMessage: 'Ta ankieta została już wypełniona. Dziękujemy!',
    });
    expect((await get(token)).statusCode).toBe(409);
  });

  it('stores and publishes the answer with no customer, client, card, user or survey id, and forgets who answered', async () => {
    const c = await t.aCustomer();
    await t.stampsAdded(c.cardId);
    const token = tokenIn((await t.surveyMails(c.email))[0]!.mail.text);
    const surveyId = (await t.surveys.tokens.find({ status: 'open', surveyId: { $ne: null } })).find(
      (d) => d.expiresAt,
    )?.surveyId;
    expect(surveyId).toBeTruthy();
    expect((await respond(token, { score: 9, comment: 'Miła obsługa' })).statusCode).toBe(201);

    const [doc] = await t.surveys.responses.find({ tenantId: c.tenantId });
    const { _id, _rev, ...stored } = doc!;
    expect(stored).toEqual({
      tenantId: c.tenantId,
      programId: c.programId,
      score: 9,
      comment: 'Miła obsługa',
      visitWeek: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(_id).not.toBe(surveyId);

    const log = await allEvents(t.infra.eventStore);
    const personal = [c.userId, c.clientId, c.cardId, c.email];
    // the published response: exactly the contract, naming no one and no survey
    const published = log.filter(
      (e) =>
        e.streamId.startsWith('surveyresponse-') &&
        e.data &&
        (e.data as { tenantId?: string }).tenantId === c.tenantId,
    );
    expect(published).toHaveLength(1);
    expect(SurveyResponseRecordedData.strict().parse(published[0]!.data)).toEqual({
      responseId: _id,
      tenantId: c.tenantId,
      programId: c.programId,
      score: 9,
      visitWeek: stored.visitWeek,
    });
    for (const value of [...personal, surveyId!]) expect(JSON.stringify(published[0])).not.toContain(value);
    // the survey's own stream never held the person in clear, and its key is gone
    const survey = log.filter((e) => e.streamId === `survey-${surveyId}`);
    expect(survey.map((e) => e.type)).toEqual([
      'SurveyScheduled',
      'SurveySent',
      'SurveyMailed',
      'SurveyAnswered',
    ]);
    for (const value of personal) expect(JSON.stringify(survey)).not.toContain(value);
    expect(JSON.stringify(survey)).not.toContain('Miła obsługa');
    const readable = await t.surveys.eventStore.readStream(`survey-${surveyId}`);
    expect(readable[0]!.data).toMatchObject({
      clientId: '[dane usunięte]',
      cardId: '[dane usunięte]',
      userId: '[dane usunięte]',
    });
    expect(readable[3]!.data).toMatchObject({ answer: '[dane usunięte]' });
    // nothing in the log names the response together with a person or the survey
    for (const e of log.filter((e) => JSON.stringify(e).includes(_id)))
      for (const value of [...personal, surveyId!]) expect(JSON.stringify(e)).not.toContain(value);
    // only the responses are published (relay routes)
    const { relayRoutes } = await import('../app');
    expect(relayRoutes).toEqual([{ streamPrefix: 'surveyresponse-', topic: Topics.surveySurveys }]);
  });

  it('asks a customer at most once in 30 days, and a redelivered visit asks nothing new', async () => {
    const c = await t.aCustomer();
    const visit = await t.stampsAdded(c.cardId);
    await t.surveyMails(c.email);
    await t.stampsAdded(c.cardId, new Date(Date.now() + 3_600_000).toISOString(), visit); // redelivery
    await t.stampsAdded(c.cardId, new Date(Date.now() + 3_600_000).toISOString()); // another visit
    await t.stampsAdded(c.cardId, new Date(Date.now() + 29 * 86_400_000).toISOString());
    const scheduled = async () =>
      (await allEvents(t.infra.eventStore)).filter(
        (e) => e.type === 'SurveyScheduled' && (e.data as { tenantId: string }).tenantId === c.tenantId,
      ).length;
    expect(await scheduled()).toBe(1);
    await t.runDueJobs();
    expect(await t.mails({ to: c.email, tag: 'nps-survey' })).toHaveLength(1);
    // 30 days after the visit that triggered it (unanswered): the next one is scheduled (due after that visit)
    await t.stampsAdded(c.cardId, new Date(Date.now() + 30 * 86_400_000 + 60_000).toISOString());
    expect(await scheduled()).toBe(2);
  });

  it('never asks a customer who turned surveys (or e-mails) off', async () => {
    const c = await t.aCustomer();
    await t.deliver(Topics.identityUsers, 'PreferencesChanged', {
      userId: c.userId,
      preferences: {
        emailNotifications: true,
        marketingConsent: false,
        companyMessages: true,
        surveys: false,
      },
      changedAt: new Date().toISOString(),
    });
    await t.stampsAdded(c.cardId);
    const d = await t.aCustomer();
    await t.deliver(Topics.identityUsers, 'PreferencesChanged', {
      userId: d.userId,
      preferences: { emailNotifications: false, marketingConsent: false, companyMessages: true },
      changedAt: new Date().toISOString(),
    });
    await t.stampsAdded(d.cardId);
    await t.runDueJobs();
    expect(await t.mails({ to: c.email })).toEqual([]);
    expect(await t.mails({ to: d.email })).toEqual([]);
  });

  it('a client removed before the survey was due is not e-mailed (the contact copy is shredded)', async () => {
    const t2 = await startSurvey({ SURVEY_DELAY_SECONDS: '2' });
    try {
      const c = await t2.aCustomer();
      await t2.stampsAdded(c.cardId);
      await t2.deliver(Topics.tenantClients, 'ClientRemoved', {
        clientId: c.clientId,
        tenantId: c.tenantId,
        programId: c.programId,
        removedAt: new Date().toISOString(),
      });
      // the survey fell due (2 s after the visit) and was delivered to no one
      expect(await t2.runDueJobs(new Date(Date.now() + 2_001))).toEqual(['survey.deliver']);
      expect(await t2.mails({ to: c.email })).toEqual([]);
      expect(await t2.surveys.copies.emailOf(c.clientId)).toBeNull();
    } finally {
      await t2.close();
    }
  });

  it('tells an unknown link from a used one and from an expired one', async () => {
    const unknown = await get('nie-ma-takiego-linku');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'SURVEY.NOT_FOUND',
      localizedMessage: 'Nie znaleziono ankiety. Sprawdź, czy link został skopiowany w całości.',
    });
    const c = await t.aCustomer();
    await t.stampsAdded(c.cardId);
    const token = tokenIn((await t.surveyMails(c.email))[0]!.mail.text);
    offsetMs = 7 * 86_400_000 + 1000;
    try {
      for (const res of [await get(token), await respond(token, { score: 8 })]) {
        expect(res.statusCode).toBe(410);
        expect(res.json()).toMatchObject({
          code: 'SURVEY.EXPIRED',
          localizedMessage: 'Ankieta wygasła — można było na nią odpowiedzieć przez 7 dni od wysłania.',
        });
      }
    } finally {
      offsetMs = 0;
    }
    const invalid = await respond(token, { score: 11, comment: 'x'.repeat(1001) });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().errors)).toEqual(expect.arrayContaining(['score', 'comment']));
  });

  it('shows the score from 5 answers: NPS, bands, monthly trend and comments', async () => {
    const c = await t.aCustomer();
    const scores = [10, 9, 8, 6, 9];
    for (const [i, score] of scores.entries()) {
      const other = i === 0 ? c : await t.aCustomer({ tenantId: c.tenantId });
      await t.stampsAdded(other.cardId);
      const token = tokenIn((await t.surveyMails(other.email))[0]!.mail.text);
      expect((await respond(token, { score, ...(i === 3 && { comment: 'Za głośno' }) })).statusCode).toBe(
        201,
      );
      if (i === 3)
        expect((await results(c.tenantId)).json()).toMatchObject({ missing: 1, total: { nps: null } });
    }
    const res = (await results(c.tenantId)).json();
    expect(res.total).toEqual({ responses: 5, nps: 40, promoters: 3, passives: 1, detractors: 1 });
    expect(res.missing).toBe(0);
    expect(res.comments).toEqual([{ visitWeek: expect.any(String), score: 6, comment: 'Za głośno' }]);
    expect(res.trend.at(-1)).toMatchObject({ responses: 5, nps: 40 });
  });

  it('shows results and settings only to the company’s staff with the permissions', async () => {
    const c = await t.aCustomer();
    const other = await t.aCustomer();
    const url = `/api/v1/surveys/tenants/${c.tenantId}`;
    const call = async (method: 'GET' | 'PUT', path: string, cookies?: Record<string, string>) =>
      t.app.inject({
        method,
        url: `${url}/${path}`,
        headers: SAME_ORIGIN,
        ...(cookies && { cookies }),
        ...(method === 'PUT' && {
          payload: { enabled: false, delayHours: 5, reviewUrl: null, alertEmail: null },
        }),
      });
    expect((await call('GET', 'results')).statusCode).toBe(401);
    expect((await call('GET', 'results', await t.staffCookies(other.tenantId))).statusCode).toBe(403);
    expect((await call('PUT', 'settings', await t.staffCookies(other.tenantId))).statusCode).toBe(403);
    const noPerm = await t.staffCookies(c.tenantId, 'employee', [Permissions.cardsAward]);
    expect((await call('GET', 'results', noPerm)).statusCode).toBe(403);
    const viewer = await t.staffCookies(c.tenantId, 'employee', [Permissions.surveysView]);
    expect((await call('GET', 'results', viewer)).statusCode).toBe(200);
    expect((await call('GET', 'settings', viewer)).json()).toEqual({
      enabled: true,
      delayHours: 3,
      reviewUrl: null,
      alertEmail: null,
    });
    expect((await call('PUT', 'settings', viewer)).statusCode).toBe(403);
    const settings = await t.staffCookies(c.tenantId, 'employee', [Permissions.tenantSettings]);
    expect((await call('PUT', 'settings', settings)).json()).toMatchObject({ enabled: false, delayHours: 5 });
    // turned off: a visit asks no one
    await t.stampsAdded(c.cardId);
    await t.runDueJobs();
    expect(await t.mails({ to: c.email })).toEqual([]);
  });

  it('limits the survey link calls per IP', async () => {
    const t3 = await startSurvey({ SURVEY_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await t3.app.inject(`/api/v1/surveys/abc${i}`)).statusCode);
      expect(codes).toEqual([404, 404, 404, 429]);
    } finally {
      await t3.close();
    }
  });
});
