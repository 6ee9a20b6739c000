import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleWithRetry } from '../bus/handle-with-retry';
import { authPlugin } from '../http/auth-plugin';
import { createServer } from '../http/server';
import { startSentryReceiver, type SentryReceiver } from '../testing/sentry-receiver';
import { testTokens, type TestTokens } from '../testing/test-tokens';
import { createLogger } from './logger';
import { errorReportingActive, flushErrorReporting, initErrorReporting } from './error-reporting';
import type { FastifyInstance } from 'fastify';

// ADR 0024: a service's failures reach a Sentry-protocol receiver (the local one here, started by the test)
// through the real @sentry/node SDK — with the service, the route or consumer group, the role and the tenant
// as tags, and without the personal data the error carried.

let receiver: SentryReceiver;
let tokens: TestTokens;
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  receiver = await startSentryReceiver();
  tokens = await testTokens();
  app = createServer({ service: 'card-ledger', logger: createLogger('test', 'silent') });
  await app.register(authPlugin, { keys: tokens.jwks, issuer: 'punkto-identity', audience: 'punkto' });
  app.get('/api/v1/cards/:id', async () => {
    throw new Error(
      'lookup failed for jan.kowalski@example.com, tel. +48 601 234 567, token eyJhbGciOi.eyJzdWIi.c2ln',
    );
  });
  app.get('/api/v1/cards/:id/refused', async (_request, reply) =>
    reply.status(404).send({ code: 'NOT_FOUND' }),
  );
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  await flushErrorReporting();
  await receiver?.close();
});

const tagsOf = (event: Record<string, unknown>) => event['tags'] as Record<string, string>;
const messageOf = (event: Record<string, unknown>) =>
  (event['exception'] as { values: Array<{ value: string; type: string }> }).values[0]!.value;

describe('without a DSN (the default)', () => {
  it('starts nothing, and a failing request sends nothing', async () => {
    expect(await initErrorReporting('card-ledger', { NODE_ENV: 'test' })).toBe(false);
    expect(errorReportingActive()).toBe(false);
    expect((await fetch(`${url}/api/v1/cards/c-1`)).status).toBe(500);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.envelopes).toHaveLength(0);
  });
});

describe('error reporting of a service', () => {
  beforeAll(async () => {
    expect(
      await initErrorReporting('card-ledger', { ERROR_REPORTING_DSN: receiver.dsn, NODE_ENV: 'test' }),
    ).toBe(true);
  });

  it('reports a request that failed with a 500: route, role and tenant as tags, no personal data', async () => {
    const token = await tokens.tokenFor({
      id: 'user-1',
      role: 'employee',
      tid: 'tenant-42',
      email: 'pracownik@kawiarnia.pl',
      name: 'Anna Nowak',
    });
    const response = await fetch(`${url}/api/v1/cards/c-1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(500);

    const event = await receiver.waitForEvent((e) => tagsOf(e)?.['route'] === '/api/v1/cards/:id');
    expect(tagsOf(event)).toMatchObject({
      service: 'card-ledger',
      route: '/api/v1/cards/:id',
      method: 'GET',
      role: 'employee',
      tenantId: 'tenant-42',
    });
    expect(event['environment']).toBe('test');
    expect(messageOf(event)).toBe('lookup failed for [email], tel. [phone], token [token]');
    const sent = JSON.stringify(receiver.envelopes);
    for (const personal of [
      'jan.kowalski',
      '601 234 567',
      'pracownik@kawiarnia.pl',
      'Anna Nowak',
      'user-1',
      token,
    ])
      expect(sent).not.toContain(personal);
    expect(event['user']).toBeUndefined();
  });

  it('reports a message a consumer dead-letters, with its group and topic', async () => {
    const outcome = await handleWithRetry(
      {
        topic: 'cardledger.cards.v1',
        partition: 0,
        offset: '7',
        key: 'card-1',
        value: '{}',
        headers: {},
      } as never,
      {
        groupId: 'survey.visits',
        handler: async () => {
          throw new Error('survey for anna@example.com could not be scheduled');
        },
        retry: { maxAttempts: 2, initialBackoffMs: 1, maxBackoffMs: 1 },
        sleep: async () => undefined,
        stopped: () => false,
        warn: () => undefined,
        deadLetter: async () => undefined,
      },
    );
    expect(outcome).toBe('dead-lettered');
    const event = await receiver.waitForEvent((e) => tagsOf(e)?.['consumerGroup'] === 'survey.visits');
    expect(tagsOf(event)).toMatchObject({
      service: 'card-ledger',
      topic: 'cardledger.cards.v1',
      role: 'anonymous',
    });
    expect(messageOf(event)).toBe('survey for [email] could not be scheduled');
  });

  it('reports nothing for answers that are not failures', async () => {
    const before = receiver.events().length;
    expect((await fetch(`${url}/api/v1/cards/c-1/refused`)).status).toBe(404);
    expect((await fetch(`${url}/api/v1/nothing-here`)).status).toBe(404);
    // the SDK's close sends everything it has queued: whatever the answers reported has reached the receiver
    await flushErrorReporting();
    expect(receiver.events()).toHaveLength(before);
  });
});
