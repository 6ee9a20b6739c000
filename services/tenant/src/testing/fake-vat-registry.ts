import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeSubject = { name: string; nip: string; statusVat: string };

/**
 * A local stand-in for the Ministry of Finance's VAT-payer list API (wl-api.mf.gov.pl), speaking its protocol:
 * `GET /api/search/nip/{nip}?date=YYYY-MM-DD` → 200 `{"result":{"subject":…|null,"requestDateTime":…,
 * "requestId":…}}`; a bad NIP or date → 400 `{"code":"WL-1xx","message":…}`. Bound to loopback only; `mode`
 * makes it fail (5xx) or never answer, as the real one sometimes does. `requests` records every path asked.
 */
export async function startFakeVatRegistry(subjects: FakeSubject[] = []) {
  const known = new Map(subjects.map((s) => [s.nip, s]));
  const requests: string[] = [];
  const state = { mode: 'normal' as 'normal' | 'fail' | 'hang' };
  let counter = 0;

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (state.mode === 'hang') return; // the socket stays open, nothing is sent
    if (state.mode === 'fail') return json(503, { code: 'HTTP-503', message: 'Usługa niedostępna' });
    const match = /^\/api\/search\/nip\/([^/]*)$/.exec(url.pathname);
    if (req.method !== 'GET' || !match) return json(404, { code: 'WL-404', message: 'Nie znaleziono' });
    const nip = decodeURIComponent(match[1]!);
    const date = url.searchParams.get('date');
    if (!date) return json(400, { code: 'WL-101', message: "Pole 'data' nie może być puste." });
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date))
      return json(400, { code: 'WL-102', message: "Pole 'data' ma nieprawidłowy format." });
    if (nip.length !== 10)
      return json(400, {
        code: 'WL-112',
        message: "Pole 'NIP' ma nieprawidłową długość. Wymagane 10 znaków.",
      });
    if (!/^\d+$/.test(nip))
      return json(400, {
        code: 'WL-113',
        message: "Pole 'NIP' zawiera niedozwolone znaki. Wymagane tylko cyfry.",
      });
    json(200, {
      result: {
        subject: known.get(nip) ?? null,
        requestDateTime: '28-11-2026 10:00:00',
        requestId: `fake-${++counter}`,
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    /** `fail`: every answer 503; `hang`: no answer at all; `normal` */
    setMode(mode: 'normal' | 'fail' | 'hang') {
      state.mode = mode;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakeVatRegistry = Awaited<ReturnType<typeof startFakeVatRegistry>>;
