import { createConsentStore } from './consent-store';

/**
 * The browser's consent store, bound to `document.cookie`. Without a document (a page rendered at build time)
 * there is no cookie: no preference is stored yet.
 */
export const consentStore = createConsentStore({
  read: () => (typeof document === 'undefined' ? '' : document.cookie),
  write: (assignment) => {
    document.cookie = assignment;
  },
  secure: typeof window !== 'undefined' && window.location.protocol === 'https:',
});
