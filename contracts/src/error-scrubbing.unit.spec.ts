import { describe, expect, it } from 'vitest';
import { FILTERED, scrubErrorReport, scrubText } from './error-scrubbing';

describe('scrubText', () => {
  it.each([
    ['Nie wysłano do jan.kowalski+kawa@example.com.pl', 'Nie wysłano do [email]'],
    ['telefon +48 601 234 567 zajęty', 'telefon [phone] zajęty'],
    ['telefon 601-234-567 i 0048601234567', 'telefon [phone] i [phone]'],
    ['numer +420123456789', 'numer [phone]'],
    ['Authorization: Bearer abc.def-ghi', 'Authorization: Bearer [token]'],
    ['token eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiIxIn0.c2ln rejected', 'token [token] rejected'],
    ['GET /reset-hasla?token=Zx81kLm&next=/panel', `GET /reset-hasla?token=${FILTERED}&next=/panel`],
    ['/api/1/envelope/?sentry_key=abc123', `/api/1/envelope/?sentry_key=${FILTERED}`],
    ['kod P1.abc_DEF.sig-123 nieważny', 'kod [card] nieważny'],
    ['refresh 9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c', 'refresh [token]'],
  ])('%s', (input, expected) => {
    expect(scrubText(input)).toBe(expected);
  });

  it('leaves what is not personal: card numbers (10 digits), record ids, amounts, times, paths, versions', () => {
    const text =
      'Karta 4821937465 (6a8fbe77-77f3-471f-9f96-f005ed1060e9): 42,50 zł o 12:30:05, 1764108000 ms, ' +
      '/work/main/services/card-ledger/src/app.ts:120:7, v10.78.0';
    expect(scrubText(text)).toBe(text);
  });
});

describe('scrubErrorReport', () => {
  it('filters sensitive keys, drops the user and keeps the protocol ids', () => {
    const event = {
      event_id: '0123456789abcdef0123456789abcdef',
      message: 'Nie udało się wysłać do ala@kot.pl',
      user: { id: 'u1', email: 'ala@kot.pl', username: 'ala' },
      tags: { role: 'owner', tenantId: 't-1' },
      contexts: {
        trace: { trace_id: 'a'.repeat(32), span_id: 'b'.repeat(16) },
        os: { name: 'Linux' },
      },
      request: {
        url: 'https://punkto.pl/aktywacja-konta?token=secret123',
        headers: { Authorization: 'Bearer x', cookie: 'sid=1', 'User-Agent': 'Chrome' },
        data: { email: 'ala@kot.pl', password: 'Tajne123!', amount: 4250, phone: '' },
      },
      sdk: { name: 'sentry.javascript.react', packages: [{ name: 'npm:@sentry/react' }] },
      extra: { nested: [{ firstName: 'Ala', note: 'zadzwoń 601 234 567' }] },
    };
    expect(scrubErrorReport(event)).toEqual({
      event_id: '0123456789abcdef0123456789abcdef',
      message: 'Nie udało się wysłać do [email]',
      tags: { role: 'owner', tenantId: 't-1' },
      contexts: {
        trace: { trace_id: 'a'.repeat(32), span_id: 'b'.repeat(16) },
        os: { name: 'Linux' },
      },
      request: {
        url: `https://punkto.pl/aktywacja-konta?token=${FILTERED}`,
        headers: { Authorization: FILTERED, cookie: FILTERED, 'User-Agent': 'Chrome' },
        data: { email: FILTERED, password: FILTERED, amount: 4250, phone: '' },
      },
      sdk: { name: 'sentry.javascript.react', packages: [{ name: 'npm:@sentry/react' }] },
      extra: { nested: [{ firstName: FILTERED, note: 'zadzwoń [phone]' }] },
    });
    // the input is left as it was (the SDK may still hold it)
    expect(event.user.email).toBe('ala@kot.pl');
  });

  it('survives cycles and very deep values', () => {
    const loop: Record<string, unknown> = { message: 'x' };
    loop['self'] = loop;
    expect(scrubErrorReport(loop)).toEqual({ message: 'x', self: FILTERED });
  });
});
