import { useRouter } from '@tanstack/react-router';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { isPlainClick, opensInApp } from '../../lib/app-link';
import { useHydrating } from '../../lib/use-hydrating';

/** A constant object: React compares it by identity on later renders and so never rewrites the markup. */
const KEEP_MARKUP = { __html: '' };

/**
 * Static content of a page rendered at build time (the landing sections: text, pictures and links, no state).
 * When the browser adopts that page, React leaves the content's markup as it is instead of hydrating it (an
 * "island" the app does not own): a phone is spared building and committing thousands of components that
 * would only reproduce what is already on screen. The markup's links stay app navigations (no page reload):
 * a click on one goes through the router.
 *
 * Where there is nothing to adopt (the page reached from inside the app, or React rendering anew after a
 * mismatch) the content renders as usual.
 */
export function PrerenderedIsland({ children }: { children: ReactNode }) {
  const hydrating = useHydrating();
  // decided once, at the first render: on the server the content is what gets rendered
  const [adopted] = useState(() => hydrating && typeof document !== 'undefined');
  const router = useRouter();

  if (!adopted) return <div>{children}</div>;

  const followLink = (event: MouseEvent<HTMLDivElement>) => {
    if (!isPlainClick(event)) return;
    const anchor = event.target instanceof Element ? event.target.closest('a') : null;
    if (!anchor || !opensInApp(anchor)) return;
    event.preventDefault();
    void router.navigate({ href: anchor.pathname + anchor.search + anchor.hash });
  };

  // `suppressHydrationWarning`: the children on screen are intentionally not the (empty) inner HTML here
  return <div onClick={followLink} dangerouslySetInnerHTML={KEEP_MARKUP} suppressHydrationWarning />;
}
