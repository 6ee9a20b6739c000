import { get } from 'node:http';

/**
 * Whether `GET url` (http:) answers 2xx within `timeoutMs`; never rejects. For the harnesses' readiness waits:
 * node:http, not fetch, which refuses the WHATWG "bad ports" (10080, 6000, 6665–6669 …) without connecting, so a
 * product started on one of them (E2E_PORT=10080) would never be seen ready.
 */
export function answersOk(url: string, timeoutMs = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    const req = get(url, { timeout: timeoutMs }, (res) => {
      res.resume();
      const status = res.statusCode ?? 0;
      resolve(status >= 200 && status < 300);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}
