import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieClient } from './http-client';

// The tests' browser-like client against a local server speaking identity's cookies: an access token that ran out
// is refreshed once and the call repeated, as the app does; a 401 with no session, or one the refresh cannot heal,
// stays the answer.
let server: Server;
let base = '';
let valid = 'a1';
let refreshWorks = true;
const seen: string[] = [];

const cookieOf = (req: IncomingMessage, name: string) =>
  (req.headers.cookie ?? '').match(new RegExp(`${name}=([^;]+)`))?.[1];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (req.url === '/api/v1/users/login') {
      res.setHeader('set-cookie', [`punkto_access=${valid}`, 'punkto_refresh=r1']);
      return res.writeHead(200).end('{}');
    }
    if (req.url === '/api/v1/users/refresh') {
      if (!refreshWorks || cookieOf(req, 'punkto_refresh') !== 'r1') return res.writeHead(401).end('{}');
      valid = `a${Number(valid.slice(1)) + 1}`;
      res.setHeader('set-cookie', [`punkto_access=${valid}`]);
      return res.writeHead(200).end('{}');
    }
    res.writeHead(cookieOf(req, 'punkto_access') === valid ? 200 : 401).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('CookieClient', () => {
  it('repeats a call refused for an access token that ran out, once, after refreshing the session', async () => {
    const client = new CookieClient(base);
    expect((await client.call('POST', '/api/v1/users/login', {})).status).toBe(200);
    valid = 'a7'; // the access token ran out
    seen.length = 0;
    expect((await client.call('POST', '/api/v1/things', { a: 1 })).status).toBe(200);
    expect(seen).toEqual(['POST /api/v1/things', 'GET /api/v1/users/refresh', 'POST /api/v1/things']);
  });

  it('leaves the 401 when there is no session, or when the refresh is refused', async () => {
    seen.length = 0;
    expect((await new CookieClient(base).call('GET', '/api/v1/things')).status).toBe(401);
    expect(seen).toEqual(['GET /api/v1/things']);

    const client = new CookieClient(base);
    await client.call('POST', '/api/v1/users/login', {});
    valid = 'a20';
    refreshWorks = false;
    seen.length = 0;
    expect((await client.call('GET', '/api/v1/things')).status).toBe(401);
    expect(seen).toEqual(['GET /api/v1/things', 'GET /api/v1/users/refresh']);
    refreshWorks = true;
  });
});
