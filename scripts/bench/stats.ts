/** Percentile of a sample (nearest-rank), in the sample's unit. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
  };
}

export const fmt = (n: number, digits = 2) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Times `what` sequentially: `warmups` unmeasured runs, then `samples` measured; with the last run's result. */
export async function timed<T>(what: () => Promise<T>, samples: number, warmups = 1) {
  const times: number[] = [];
  let result!: T;
  for (let i = 0; i < warmups + samples; i++) {
    const started = performance.now();
    result = await what();
    if (i >= warmups) times.push(performance.now() - started);
  }
  return { ...summarize(times), result };
}
