import { Box, type BoxProps } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';

type Overflow = { before: boolean; after: boolean };

/** Whether a sideways-scrolling element has more to show on its left and on its right (1 px of slack). */
export function overflowOf(el: Pick<HTMLElement, 'scrollLeft' | 'scrollWidth' | 'clientWidth'>): Overflow {
  return {
    before: el.scrollLeft > 1,
    after: el.scrollLeft + el.clientWidth < el.scrollWidth - 1,
  };
}

const edge = (side: 'left' | 'right'): React.CSSProperties => ({
  position: 'absolute',
  top: 0,
  bottom: 0,
  [side]: 0,
  width: 40,
  display: 'flex',
  alignItems: 'center',
  justifyContent: side === 'left' ? 'flex-start' : 'flex-end',
  pointerEvents: 'none',
  color: 'var(--mantine-color-gray-7)',
  fontSize: 22,
  fontWeight: 700,
  background: `linear-gradient(to ${side}, transparent, var(--mantine-color-body) 70%)`,
});

/**
 * A navigation row that scrolls sideways on a narrow screen (the portal's and the panel's tabs) with a visible hint that
 * more lies beyond its edge (issue 33): a fade and an arrow on each side that has more, gone once scrolled to
 * that end. The active tab (`aria-current="page"`) is scrolled into view at start.
 */
export function ScrollHintNav({
  label,
  children,
  ...box
}: BoxProps & { label: string; children: ReactNode }) {
  const row = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ before: false, after: false });

  useEffect(() => {
    const el = row.current;
    if (!el) return undefined;
    const update = () =>
      setOverflow((current) => {
        const next = overflowOf(el);
        return next.before === current.before && next.after === current.after ? current : next;
      });
    el.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, []);

  return (
    <Box component="nav" aria-label={label} pos="relative" {...box}>
      <div ref={row} style={{ overflowX: 'auto', scrollbarWidth: 'none' }}>
        {children}
      </div>
      {overflow.before ? (
        <span aria-hidden data-testid="scroll-hint-before" style={edge('left')}>
          ‹
        </span>
      ) : null}
      {overflow.after ? (
        <span aria-hidden data-testid="scroll-hint-after" style={edge('right')}>
          ›
        </span>
      ) : null}
    </Box>
  );
}
