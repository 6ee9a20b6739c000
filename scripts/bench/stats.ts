import { readFileSync } from 'node:fs';

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

/**
 * CPU time (user + system) process `pid` has used so far, in ms, from /proc (Linux); NaN elsewhere. The
 * difference over a load, divided by its requests, is that server's own CPU per request, which the load
 * generator and other processes sharing the cores do not blur as they blur throughput.
 */
export function processCpuMs(pid: number | undefined): number {
  try {
    // the fields after the command's closing parenthesis: utime and stime are the 12th and 13th (clock ticks)
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticksPerSecond = 100; // USER_HZ: 100 on every Linux architecture Node runs on
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return NaN;
  }
}
