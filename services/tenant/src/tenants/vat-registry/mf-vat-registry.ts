import { isValidNip } from '@punkto/contracts/tenant';
import { warsawDate } from '@punkto/platform/http/csv';
import type { VatRegistry, VatRegistryAnswer } from './vat-registry.port';

/** The registry's answer to GET /api/search/nip/{nip}?date=… (only the fields we read). */
type SearchAnswer = { result?: { subject?: { name?: unknown; statusVat?: unknown } | null } };
/** Its error body: `{"code":"WL-113","message":"…"}` */
type ErrorAnswer = { code?: unknown; message?: unknown };

/** WL-111…WL-115: the registry refuses the NIP itself (empty, wrong length, not digits, invalid) */
const NIP_REFUSALS = /^WL-11[1-5]$/;

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * VAT_REGISTRY=mf: the Ministry of Finance's API of the VAT-payer list (https://wl-api.mf.gov.pl, no key).
 * `GET {base}/api/search/nip/{nip}?date=YYYY-MM-DD` answers 200 `{"result":{"subject":{…}|null,"requestId":…}}`
 * or 400 `{"code":"WL-1xx","message":…}`. A subject is `registered` whatever its VAT status; `subject: null`
 * is `not-registered`. Timeouts, network errors, 5xx, 429 (the API's daily limit) and bodies we cannot read
 * are `not-checked`: the caller accepts the NIP unverified rather than blocking a sign-up.
 */
export class MfVatRegistry implements VatRegistry {
  constructor(
    private readonly options: { baseUrl: string; timeoutMs?: number; fetch?: typeof fetch } = {
      baseUrl: 'https://wl-api.mf.gov.pl',
    },
  ) {}

  async lookUp(nip: string, on: Date): Promise<VatRegistryAnswer> {
    if (!isValidNip(nip)) return { outcome: 'invalid' };
    const { baseUrl, timeoutMs = 3000, fetch: doFetch = fetch } = this.options;
    // the day in Poland: the registry refuses dates after its own today
    const url = `${baseUrl.replace(/\/+$/, '')}/api/search/nip/${nip}?date=${warsawDate(on)}`;
    let response: Response;
    let body: unknown;
    try {
      response = await doFetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      body = parseJson(text);
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return {
        outcome: 'not-checked',
        reason: timedOut ? `no answer within ${timeoutMs} ms` : String(error),
      };
    }
    if (response.status === 200) {
      const result = (body as SearchAnswer | null)?.result;
      if (result && result.subject === null) return { outcome: 'not-registered' };
      const subject = result?.subject;
      if (subject && typeof subject.name === 'string')
        return {
          outcome: 'registered',
          name: subject.name,
          statusVat: typeof subject.statusVat === 'string' ? subject.statusVat : '',
        };
      return { outcome: 'not-checked', reason: 'unreadable answer' };
    }
    const { code, message } = (body ?? {}) as ErrorAnswer;
    if (response.status === 400 && typeof code === 'string' && NIP_REFUSALS.test(code))
      return { outcome: 'invalid' };
    return {
      outcome: 'not-checked',
      reason: `HTTP ${response.status}${typeof code === 'string' ? ` ${code}` : ''}${typeof message === 'string' ? `: ${message}` : ''}`,
    };
  }
}
