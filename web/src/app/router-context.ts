import type { QueryClient } from '@tanstack/react-query';
import type { AuthStore } from '../features/auth/stores/auth-store';

export type RouterContext = {
  queryClient: QueryClient;
  /** The live auth store (SPEC §4). Guards `await auth.ensureReady()` in `beforeLoad`, then decide. */
  auth: AuthStore;
};
