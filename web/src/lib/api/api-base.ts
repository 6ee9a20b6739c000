/**
 * The app's API, on the gateway's origin (Vite proxies `/api` in development). A module of its own: the landing
 * page calls the API before the app's client has loaded (start-when-needed.ts).
 */
export const API_BASE_URL = '/api/v1';
