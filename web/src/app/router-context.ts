import type { QueryClient } from '@tanstack/react-query';
import type { AuthState } from '../features/auth/types';

export type RouterContext = {
  queryClient: QueryClient;
  /** Filled by the identity issue; `undefined` until then. Guards read it in `beforeLoad`. */
  auth: AuthState | undefined;
};
