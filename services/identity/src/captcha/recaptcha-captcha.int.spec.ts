import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptcha } from './captcha-config';
import { recaptchaCaptcha } from './recaptcha-captcha';

// a local server speaking the siteverify protocol: form-encoded secret/response/remoteip in, JSON out
const SECRET = 'test-secret';
const tokens: Record<string, { score: number; action: string }> = {
  'good-login': { score: 0.9, action: 'login' },
  'bot-login': { score: 0.1, action: 'login' },
};

describe('recaptcha adapter against a local siteverify', () => {
  let server: FastifyInstance;
  let url: string;
  const received: Record<string, string>[] = [];

  beforeAll(async () => {
    server = Fastify();
    server.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    server.post('/siteverify', async (request, reply) => {
      const form = request.body as Record<string, string>;
      received.push(form);
      if (form.response === 'explode') return reply.status(500).send('boom');
      if (form.secret !== SECRET) return { success: false, 'error-codes': ['invalid-input-secret'] };
      const known = tokens[form.response ?? ''];
      if (!known) return { success: false, 'error-codes': ['invalid-input-response'] };
      return { success: true, score: known.score, action: known.action, hostname: 'localhost' };
    });
    url = `${await server.listen({ host: '127.0.0.1', port: 0 })}/siteverify`;
  });
  afterAll(() => server.close());

  const captcha = () => recaptchaCaptcha({ secret: SECRET, verifyUrl: url, minScore: 0.5 });

  it('accepts a good token for the right action and sends secret, response and remoteip as form data', async () => {
    expect(await captcha().verify('good-login', 'login', '203.0.113.7')).toEqual({ ok: true, score: 0.9 });
    expect(received.at(-1)).toEqual({ secret: SECRET, response: 'good-login', remoteip: '203.0.113.7' });
  });

  it('rejects a low score, another action, an unknown token, a missing token and a wrong secret', async () => {
    expect(await captcha().verify('bot-login', 'login')).toMatchObject({ ok: false, reason: 'low-score' });
    expect(await captcha().verify('good-login', 'register')).toMatchObject({ ok: false });
    expect(await captcha().verify('forged', 'login')).toMatchObject({ ok: false });
    expect(await captcha().verify(undefined, 'login')).toMatchObject({ ok: false, reason: 'missing-token' });
    const wrong = recaptchaCaptcha({ secret: 'nope', verifyUrl: url });
    expect(await wrong.verify('good-login', 'login')).toMatchObject({ ok: false });
  });

  it('fails closed when the provider errors or is unreachable', async () => {
    expect(await captcha().verify('explode', 'login')).toMatchObject({ ok: false });
    const down = recaptchaCaptcha({
      secret: SECRET,
      verifyUrl: 'http://127.0.0.1:1/siteverify',
      timeoutMs: 500,
    });
    expect(await down.verify('good-login', 'login')).toMatchObject({ ok: false });
  });

  it('the factory picks the adapter by configuration', async () => {
    const off = createCaptcha({
      CAPTCHA_PROVIDER: 'disabled',
      RECAPTCHA_VERIFY_URL: url,
      RECAPTCHA_MIN_SCORE: 0.5,
    });
    expect(off.enabled).toBe(false);
    expect(await off.verify(undefined, 'login')).toEqual({ ok: true });
    const on = createCaptcha({
      CAPTCHA_PROVIDER: 'recaptcha',
      RECAPTCHA_SECRET: SECRET,
      RECAPTCHA_VERIFY_URL: url,
      RECAPTCHA_MIN_SCORE: 0.5,
    });
    expect(on.enabled).toBe(true);
    expect((await on.verify('good-login', 'login')).ok).toBe(true);
  });
});
