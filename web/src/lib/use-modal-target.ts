import { useState } from 'react';

/**
 * A modal about one item, or about none (a new one): `open(item)` shows it, `close()` hides it but keeps the
 * item, so the modal's title and form do not flip during the closing transition.
 */
export function useModalTarget<T>() {
  const [state, setState] = useState<{ opened: boolean; target: T | null }>({ opened: false, target: null });
  return {
    opened: state.opened,
    target: state.target,
    open: (target: T | null) => setState({ opened: true, target }),
    close: () => setState((current) => ({ ...current, opened: false })),
  };
}
