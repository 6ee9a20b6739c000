import { HTTPS_URL_MESSAGE, EMAIL_MESSAGE } from '@punkto/contracts/web-addresses';
import { SAME_ORIGIN } from '@punkto/platform/testing/same-origin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSurvey, tokenIn, type SurveyTestApp } from '../testing/survey-test-app';

// Issue 36, finding 1: a stored value that breaks its own screen. What the settings request accepts must be
// answerable by the settings response (and by the survey answer that hands the review link to respondents).

let t: SurveyTestApp;
beforeAll(async () => {
  t = await startSurvey();
});
afterAll(async () => {
  await t.close();
});

const settingsUrl = (tenantId: string) => `/api/v1/surveys/tenants/${tenantId}/settings`;
const payload = (changes: object) => ({
  enabled: true,
  delayHours: 3,
  reviewUrl: null,
  alertEmail: null,
  ...changes,
});

async function owner() {
  const c = await t.aCustomer();
  const cookies = await t.staffCookies(c.tenantId);
  const put = (changes: object) =>
    t.app.inject({
      method: 'PUT',
      url: settingsUrl(c.tenantId),
      cookies,
      headers: SAME_ORIGIN,
      payload: payload(changes),
    });
  const get = () => t.app.inject({ method: 'GET', url: settingsUrl(c.tenantId), cookies });
  return { c, put, get };
}

describe('survey settings: the review link and the alert address', () => {
  it.each([
    ['a space', 'https://example.com/a b'],
    ['a double quote', 'https://example.com/a"b'],
    ['a single quote', "https://example.com/a'b"],
    ['angle brackets', 'https://example.com/<script>'],
    ['a control character', 'https://example.com/a\u0000b'],
    ['a line break', 'https://example.com/a\nb'],
    ['a backtick', 'https://example.com/a`b'],
    ['a pipe', 'https://example.com/a|b'],
    ['a square bracket', 'https://example.com/a[1]'],
    ['a lone percent sign', 'https://example.com/100%'],
    ['plain http', 'http://example.com/opinie'],
    ['javascript:', 'javascript:alert(1)'],
    ['no host name', 'https:///opinie'],
    ['an IP address', 'https://127.0.0.1/opinie'],
    ['localhost', 'https://localhost/opinie'],
    ['a password in it', 'https://jan:haslo@example.com/opinie'],
    ['not an address', 'moja strona'],
  ])(
    'refuses a review link with %s (400, Polish message), and the screen still reads',
    async (_what, reviewUrl) => {
      const o = await owner();
      const saved = await o.put({ reviewUrl });
      expect(saved.statusCode).toBe(400);
      expect(saved.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: { reviewUrl: [HTTPS_URL_MESSAGE] },
      });
      const read = await o.get();
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ reviewUrl: null });
    },
  );

  it('refuses a review link longer than 500 characters', async () => {
    const o = await owner();
    const saved = await o.put({ reviewUrl: `https://example.com/${'a'.repeat(481)}` });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().errors.reviewUrl).toEqual(['Adres strony może mieć najwyżej 500 znaków.']);
  });

  it('stores a review link normalised (WHATWG href) and answers it the same on every read', async () => {
    const o = await owner();
    const saved = await o.put({ reviewUrl: '  HTTPS://Piekarnia-Złoty-Kłos.pl/opinie?źródło=ankieta#góra ' });
    expect(saved.statusCode).toBe(200);
    const href = 'https://xn--piekarnia-zoty-kos-w9cf.pl/opinie?%C5%BAr%C3%B3d%C5%82o=ankieta#g%C3%B3ra';
    expect(saved.json().reviewUrl).toBe(href);
    expect((await o.get()).json().reviewUrl).toBe(href);
  });

  it('refuses an alert address the answer could not carry (a domain part ending in a hyphen)', async () => {
    const o = await owner();
    const saved = await o.put({ alertEmail: 'ola@firma-.pl' });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().errors.alertEmail).toEqual([EMAIL_MESSAGE]);
    expect((await o.get()).statusCode).toBe(200);
    const fine = await o.put({ alertEmail: ' Ola@Firma-Lipa.PL ' });
    expect(fine.json().alertEmail).toBe('ola@firma-lipa.pl');
  });

  it('whatever a save accepts, the next read answers unchanged (never a 500)', async () => {
    const o = await owner();
    const urls = [
      'https://g.page/r/zloty-klos/review',
      'https://example.com/%3Cscript%3E',
      'https://example.com/a(b)!$&*+,;=:@~_.-',
      'https://example.com:8443/?q=a/b?c#x/y?z',
      'https://sub.example.co.uk',
      'https://пример.рф/отзывы',
      'https://example.com/ą ę',
      'https://example.com/{x}',
      'https://example.com/a^b',
      'https://example.com/a\\b',
      'https://exa_mple.com/',
      'https://example.com/\u202Egnp',
    ];
    const emails = [
      'a@b.pl',
      "o'neil@firma.pl",
      'a+b@c.d.pl',
      'a@b-.pl',
      'a..b@c.pl',
      'a@b.c',
      '.a@b.pl',
      'a@[1.2.3.4]',
    ];
    for (const input of [
      ...urls.map((reviewUrl) => ({ reviewUrl })),
      ...emails.map((alertEmail) => ({ alertEmail })),
    ]) {
      const saved = await o.put(input);
      expect([200, 400], JSON.stringify(input)).toContain(saved.statusCode);
      const read = await o.get();
      expect(read.statusCode, JSON.stringify(input)).toBe(200);
      if (saved.statusCode === 200) expect(read.json(), JSON.stringify(input)).toEqual(saved.json());
    }
  });

  it('a link stored before the rule (by an older version) is normalised or dropped on read, for staff and respondents', async () => {
    const o = await owner();
    const store = t.infra.documents.collection<Record<string, unknown> & { _id: string }>('survey-settings');
    await store.upsert({ _id: o.c.tenantId, ...payload({ reviewUrl: 'https://example.com/a b"<x>' }) });
    const read = await o.get();
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(payload({ reviewUrl: null }));

    await store.upsert({
      _id: o.c.tenantId,
      ...payload({ reviewUrl: 'HTTPS://Example.com/opinie', alertEmail: 'x@y-.pl' }),
    });
    expect((await o.get()).json()).toEqual(
      payload({ reviewUrl: 'https://example.com/opinie', alertEmail: null }),
    );

    // the respondent gets the normalised link too
    await t.stampsAdded(o.c.cardId);
    const [mail] = await t.surveyMails(o.c.email);
    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/v1/surveys/${tokenIn(mail!.mail.text)}/respond`,
      payload: { score: 9 },
    });
    expect(answered.statusCode).toBe(201);
    expect(answered.json().reviewUrl).toBe('https://example.com/opinie');
  });
});
