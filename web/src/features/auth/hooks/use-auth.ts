import { useSyncExternalStore } from 'react';
import { authStore } from '../stores/auth-store-instance';
import type { AuthState } from '../types';

/** The live auth state (SPEC §3/§4) for components. */
export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
}
