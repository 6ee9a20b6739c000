/**
 * PayU's JS SDK (the secure card form) — the subset the payment page uses: `PayU(posId)`,
 * `secureForms().add(type).render(selector)`, `.on('change' | 'ready')`, `tokenize('MULTI')`. The script is
 * loaded on demand from the PayU host billing reports (`cardForm.payu.sdkUrl`); the gateway's CSP allows
 * exactly that origin when billing uses PayU.
 */

export type PayuFieldType = 'card' | 'number' | 'date' | 'cvv';

export interface PayuSecureForm {
  render(selector: string): PayuSecureForm;
  on(event: 'change' | 'ready' | 'focus' | 'blur', callback: (data?: unknown) => void): PayuSecureForm;
}

export interface PayuMessage {
  type?: string;
  code?: string;
  message?: string;
}

export type PayuTokenizeResult =
  | { status: 'SUCCESS'; body: { token: string; mask: string } }
  | { status: 'ERROR'; error: { messages: PayuMessage[] } };

export interface PayuSdk {
  secureForms(options?: Record<string, unknown>): {
    add(type: PayuFieldType, options?: Record<string, unknown>): PayuSecureForm;
  };
  tokenize(type: 'MULTI' | 'SINGLE'): Promise<PayuTokenizeResult>;
}

declare global {
  interface Window {
    PayU?: (posId: string) => PayuSdk;
  }
}

export const SDK_LOAD_FAILED_MESSAGE =
  'Nie udało się wczytać formularza karty PayU. Sprawdź połączenie z internetem i odśwież stronę; ' +
  'jeśli to nie pomoże, spróbuj ponownie za kilka minut.';

const loads = new Map<string, Promise<NonNullable<Window['PayU']>>>();

/** Adds PayU's script once per URL; rejects when it does not load (network, CSP) or defines no `PayU`. */
export function loadPayuSdk(sdkUrl: string, timeoutMs = 20_000): Promise<NonNullable<Window['PayU']>> {
  const known = loads.get(sdkUrl);
  if (known) return known;
  const loading = new Promise<NonNullable<Window['PayU']>>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = sdkUrl;
    script.async = true;
    const timer = window.setTimeout(() => fail(new Error('PayU SDK timed out')), timeoutMs);
    const fail = (error: Error) => {
      window.clearTimeout(timer);
      script.remove();
      loads.delete(sdkUrl); // a later attempt (the retry button) loads it again
      reject(error);
    };
    script.onload = () => {
      window.clearTimeout(timer);
      if (typeof window.PayU === 'function') resolve(window.PayU);
      else fail(new Error('PayU SDK loaded without PayU'));
    };
    script.onerror = () => fail(new Error('PayU SDK failed to load'));
    document.head.appendChild(script);
  });
  loads.set(sdkUrl, loading);
  return loading;
}

/** PayU's refusal of the card data, in Polish for the owner. */
export function tokenizeErrorMessage(messages: PayuMessage[]): string {
  const first = messages[0] ?? {};
  const code = (first.code ?? '').toLowerCase();
  if (first.type === 'technical' || code.includes('network'))
    return 'Nie udało się połączyć z PayU. Sprawdź połączenie i spróbuj ponownie za chwilę.';
  if (code.includes('empty') || first.type === 'missing')
    return 'Uzupełnij numer karty, datę ważności i kod CVV.';
  if (code.includes('number')) return 'Nieprawidłowy numer karty. Sprawdź cyfry i wpisz go ponownie.';
  if (code.includes('date') || code.includes('exp'))
    return 'Nieprawidłowa lub miniona data ważności karty. Wpisz ją jako MM/RR.';
  if (code.includes('cvv') || code.includes('cvc')) return 'Nieprawidłowy kod CVV — to 3 cyfry z tyłu karty.';
  return 'PayU nie przyjął danych karty. Sprawdź je i spróbuj ponownie albo użyj innej karty.';
}
