import { useSyncExternalStore } from 'react';
import { consentStore } from '../stores/consent-store-instance';
import type { ConsentState } from '../stores/consent-store';

/** The live consent state for components. */
export function useCookieConsent(): ConsentState {
  return useSyncExternalStore(consentStore.subscribe, consentStore.getState, consentStore.getState);
}
