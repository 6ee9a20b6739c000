import { useMemo } from 'react';

const SIZE = 25;

/** Finder pattern (7×7) at a corner: true where the module is dark. */
function inFinder(x: number, y: number): boolean | undefined {
  for (const [ox, oy] of [
    [0, 0],
    [SIZE - 7, 0],
    [0, SIZE - 7],
  ] as const) {
    const dx = x - ox;
    const dy = y - oy;
    if (dx >= -1 && dx <= 7 && dy >= -1 && dy <= 7) {
      if (dx < 0 || dy < 0 || dx > 6 || dy > 6) return false; // the quiet separator
      const ring = Math.max(Math.abs(dx - 3), Math.abs(dy - 3));
      return ring !== 2;
    }
  }
  return undefined;
}

/**
 * A QR-looking placeholder drawn as inline SVG (the real code is made by the wallet pass): three finder
 * patterns and deterministic pseudo-random modules, so the preview never loads anything from outside.
 */
export function QrPlaceholder({ size = 96, seed = 7 }: { size?: number; seed?: number }) {
  const path = useMemo(() => {
    let state = seed * 2654435761;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    let d = '';
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        const finder = inFinder(x, y);
        const dark = finder ?? random() > 0.52;
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }
    }
    return d;
  }, [seed]);
  return (
    <svg
      width={size}
      height={size}
      viewBox={`-2 -2 ${SIZE + 4} ${SIZE + 4}`}
      role="img"
      aria-label="Kod QR karty (podgląd)"
      shapeRendering="crispEdges"
      style={{ background: '#fff', display: 'block' }}
    >
      <path d={path} fill="#111" />
    </svg>
  );
}
