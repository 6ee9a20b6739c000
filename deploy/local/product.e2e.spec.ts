import { describe, expect, inject, it } from 'vitest';

// the whole product as `npm start` runs it: gateway + six services on the embedded adapters
const baseUrl = inject('baseUrl');

describe('npm start', () => {
  it('is ready: the gateway and all six services answer /readyz/upstreams', async () => {
    const res = await fetch(`${baseUrl}/readyz/upstreams`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { checks: Record<string, string> };
    expect(Object.keys(body.checks).sort()).toEqual([
      'billing',
      'card-ledger',
      'identity',
      'notification',
      'survey',
      'tenant',
    ]);
  });

  it('serves the SPA at / and on deep links such as /zaloguj', async () => {
    for (const path of [
      '/',
      '/zaloguj',
      '/klient/karty',
      '/blog/twoja-karta-lojalnosciowa-zawsze-przy-tobie',
    ]) {
      const res = await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html' } });
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('<div id="root"'); // the empty shell, or / rendered at build time
    }
  });

  it('answers the maintenance status', async () => {
    const res = await fetch(`${baseUrl}/api/v1/maintenance/status`);
    expect(await res.json()).toEqual({ maintenanceMode: false });
  });

  it('answers an unknown API path with a JSON error', async () => {
    const res = await fetch(`${baseUrl}/api/v1/does-not-exist`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toMatchObject({
      code: 'NOT_FOUND',
      localizedMessage: expect.stringContaining('Nie znaleziono'),
    });
  });

  it('routes an owned path to its service, which answers in the spec error shape', async () => {
    const res = await fetch(`${baseUrl}/api/v1/permissions`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('publishes the OpenAPI document and the docs page', async () => {
    const doc = (await (await fetch(`${baseUrl}/api/docs/json`)).json()) as { openapi: string };
    expect(doc.openapi).toBe('3.1.0');
    const page = await fetch(`${baseUrl}/api/docs/`);
    expect(page.status).toBe(200);
  });

  it('shows the dev mailbox', async () => {
    const res = await fetch(`${baseUrl}/dev/mailbox`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Skrzynka deweloperska');
  });
});
