import { createConsentStore } from './consent-store';

/** The browser's consent store, bound to `document.cookie`. */
export const consentStore = createConsentStore({
  read: () => document.cookie,
  write: (assignment) => {
    document.cookie = assignment;
  },
  secure: window.location.protocol === 'https:',
});
