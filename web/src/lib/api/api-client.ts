import { createApiClient } from './create-api-client';

/** The app's client for the gateway (same origin; Vite proxies `/api` in development). */
export const api = createApiClient({ baseUrl: '/api/v1' });
