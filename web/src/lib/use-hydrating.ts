import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * `true` on the server and while React adopts markup rendered at build time (hydration), `false` when the
 * browser renders by itself. Read it at the first render to render what the build rendered.
 */
export const useHydrating = (): boolean =>
  useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  );
