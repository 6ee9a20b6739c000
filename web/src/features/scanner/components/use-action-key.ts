import { useCallback, useRef } from 'react';
import { isApiError } from '../../../lib/api/api-errors';
import { keyForAction, type ActionKey } from '../utils/scanner-input';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * One Idempotency-Key per intended action: `keyFor(fingerprint)` returns the same key while the action
 * (card, kind, amount…) stays the same, so a retry after a lost answer never awards twice. After a success,
 * or a refusal the server decided on (4xx other than "in progress"), the next attempt is a new action.
 */
export function useActionKey() {
  const current = useRef<ActionKey | null>(null);
  const keyFor = useCallback((fingerprint: string) => {
    current.current = keyForAction(current.current, fingerprint, newKey);
    return current.current.key;
  }, []);
  const settled = useCallback((error?: unknown) => {
    if (error === undefined) {
      current.current = null;
      return;
    }
    const decided = isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 409;
    if (decided) current.current = null;
  }, []);
  return { keyFor, settled };
}
