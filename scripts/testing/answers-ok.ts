import { httpStatus } from '../../gateway/src/http-status';

/**
 * Whether `GET url` (http:) answers 2xx within `timeoutMs`; never rejects. For the harnesses' readiness waits:
 * the gateway's own upstream probe (node:http, not fetch, which refuses the WHATWG "bad ports" — 10080, 6000,
 * 6665–6669 … — without connecting, so a product started on one of them would never be seen ready).
 */
export function answersOk(url: string, timeoutMs = 2000): Promise<boolean> {
  return httpStatus(url, timeoutMs).then(
    (status) => status >= 200 && status < 300,
    () => false,
  );
}
