/**
 * An HTTP client with a cookie jar over fetch, for tests that act as a browser would through the gateway:
 * it keeps identity's two httpOnly cookies and sends the page's own Origin (the CSRF check wants it).
 */
export class CookieClient {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}

  /** `body` is sent as JSON, or as multipart when FormData; `headers` adds to the ones a browser would send, e.g. the Idempotency-Key a card command needs. */
  async call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const form = body instanceof FormData;
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined && !form && { 'content-type': 'application/json' }),
        origin: this.baseUrl,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...headers,
      },
      // FormData: a multipart upload (fetch writes its content type with the boundary)
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(20_000),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      if (value) this.cookies.set(name!, value);
      else this.cookies.delete(name!);
    }
    return res;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }
}
