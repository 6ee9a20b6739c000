import { request } from 'node:http';

/**
 * The status code of `GET url` (http: only), the body discarded; rejects when nothing answers within `timeoutMs`.
 * node:http, not `fetch`: fetch refuses the WHATWG "bad ports" (10080, 6000, 6665–6669 …) before connecting, so
 * a service an operator put on one of them would be reported down forever although it answers (PITFALLS).
 */
export function httpStatus(url: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}
