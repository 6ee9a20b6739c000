import * as cards from '@punkto/contracts/endpoints/cards';
import * as identity from '@punkto/contracts/endpoints/identity';
import * as tenant from '@punkto/contracts/endpoints/tenant';
import { describe, expect, it } from 'vitest';
import { createApiClient } from './create-api-client';
import { endpointPath } from './endpoint-call';

/** A client whose fetch records what was sent and answers `body`. */
function clientAnswering(body: unknown, status = 200) {
  const sent: Array<{ method: string; url: string; headers: Headers; body: unknown }> = [];
  const client = createApiClient({
    baseUrl: '/api/v1',
    navigation: { pathname: () => '/panel', redirect: () => undefined },
    fetch: async (input, init) => {
      sent.push({
        method: init?.method ?? 'GET',
        url: String(input),
        headers: new Headers(init?.headers),
        body: init?.body,
      });
      return status === 204
        ? new Response(null, { status })
        : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    },
  });
  return { client, sent };
}

describe('calling a contract endpoint', () => {
  it('builds the path from the params (encoded), relative to the API base', () => {
    expect(endpointPath(tenant.deleteService, { id: 't 1', serviceId: 's/2' })).toBe(
      '/tenants/t%201/services/s%2F2',
    );
    expect(endpointPath(identity.login, undefined)).toBe('/users/login');
  });

  it('refuses a call without a path parameter instead of calling /tenants/undefined', () => {
    expect(() => endpointPath(tenant.getTenant, {})).toThrow('missing path parameter id');
  });

  it('sends the method, query, body and headers the endpoint takes and parses the answer by its schema', async () => {
    const answer = { items: [] };
    const { client, sent } = clientAnswering(answer);
    await expect(client.call(cards.searchCards, { query: { email: 'ania@example.pl' } })).resolves.toEqual(
      answer,
    );
    expect(sent[0]).toMatchObject({ method: 'GET', url: '/api/v1/cards/search?email=ania%40example.pl' });

    await client
      .call(cards.addStamps, {
        params: { id: 'c1' },
        headers: { 'idempotency-key': 'key-12345678' },
        body: { count: 2 },
      })
      .catch(() => undefined);
    expect(sent[1]).toMatchObject({ method: 'POST', url: '/api/v1/cards/c1/stamps', body: '{"count":2}' });
    expect(sent[1]!.headers.get('idempotency-key')).toBe('key-12345678');
  });

  it('a card command without its Idempotency-Key does not compile', () => {
    // the check is the typecheck's (CI runs tsc): @ts-expect-error fails it if the call below compiles
    const { client } = clientAnswering({});
    const send = () =>
      // @ts-expect-error the contract requires the idempotency-key header
      client.call(cards.addStamps, { params: { id: 'c1' }, body: { count: 1 } });
    expect(typeof send).toBe('function');
  });

  it('an answer that does not match the contract is an error, not data', async () => {
    const { client } = clientAnswering({ isConfigured: true });
    await expect(client.call(tenant.tenantConfigured, { params: { id: 't1' } })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });

  it('an endpoint without a response schema answers nothing (204)', async () => {
    const { client, sent } = clientAnswering(undefined, 204);
    await expect(client.call(identity.logout)).resolves.toBeUndefined();
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/v1/users/logout' });
  });
});
