/**
 * The origin of a request `app.inject` makes (Host `localhost:80`, plain HTTP): what a page of ours sends as
 * `Origin`. A state-changing call that carries a session cookie needs it (http/csrf-plugin.ts), so every test
 * helper that calls with cookies sends these headers, as the browser does.
 */
export const INJECT_ORIGIN = 'http://localhost';
export const SAME_ORIGIN: Readonly<Record<string, string>> = { origin: INJECT_ORIGIN };
