const REFRESH = '/api/v1/users/refresh';
/** the calls whose 401 is their answer, not an access token that ran out */
const SESSION_CALLS = new Set(['/api/v1/users/login', '/api/v1/users/logout', REFRESH]);

/**
 * An HTTP client with a cookie jar over fetch, for tests that act as a browser would through the gateway:
 * it keeps identity's two httpOnly cookies and sends the page's own Origin (the CSRF check wants it). As the app
 * does, a call refused with 401 while the jar holds a session is repeated once after a session refresh: the
 * tests' product issues access tokens for 20 s, and a refresh that fails leaves the 401 as the answer.
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
    const res = await this.send(method, path, body, headers);
    if (res.status !== 401 || !this.cookies.has('punkto_refresh') || SESSION_CALLS.has(path.split('?')[0]!))
      return res;
    const refreshed = await this.send('GET', REFRESH);
    return refreshed.ok ? this.send(method, path, body, headers) : res;
  }

  private async send(
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
