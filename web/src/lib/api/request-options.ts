import type { z } from 'zod';

/** The shape of one request of the API client (create-api-client.ts), apart so endpoint-call.ts needs no cycle. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | Date | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export type RequestOptions<T = unknown> = {
  /** Appended as a query string; `undefined` and `null` values are left out. */
  query?: QueryParams | undefined;
  /** JSON-serialised, except FormData which is sent as multipart. */
  body?: unknown;
  headers?: Record<string, string> | undefined;
  /** Validates (and transforms) the parsed response. */
  schema?: z.ZodType<T> | undefined;
  signal?: AbortSignal | undefined;
  /**
   * When this call's 401 cannot be healed by a refresh, send the person to the login page (SPEC §8).
   * Default true; the auth store's automatic profile load on public pages turns it off.
   */
  redirectOnAuthFailure?: boolean | undefined;
  /** Answer the successful Response itself, its body unread (a streamed download read with progress). */
  raw?: boolean | undefined;
};
