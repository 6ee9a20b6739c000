import { useEffect, useState } from 'react';

/** how long the browser may stay busy before what waits for it loads anyway */
const IDLE_DEADLINE_MS = 2000;

/**
 * False until the page has painted and the browser has a moment to spare (an idle period, at most 2 s later); then
 * true. For what a page shows disabled first and whose code need not compete with the first screen's own code and
 * data on a slow line (the account menu's dropdown).
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        if (typeof requestIdleCallback === 'function')
          idle = requestIdleCallback(() => setPainted(true), { timeout: IDLE_DEADLINE_MS });
        else setPainted(true);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, []);
  return painted;
}
