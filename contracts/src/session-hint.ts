/**
 * A cookie the browser's scripts can read (value `1`, no secret) that lives exactly as long as the httpOnly
 * refresh cookie: set with it, cleared with it. Without it the SPA knows there is no session to load and makes
 * no identity calls at start-up (a first-time visitor's page does not wait on two 401 answers).
 *
 * A module of its own, without zod: the landing page reads it before the app (and its schemas) has loaded.
 */
export const SESSION_HINT_COOKIE = 'punkto_session';
