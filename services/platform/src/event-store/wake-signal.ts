/**
 * Lets a polling loop sleep until either its poll interval passes or something in this process signals
 * new data (an append / publish), whichever comes first. Polling covers writes by other processes that
 * share the SQLite file; the signal makes in-process delivery immediate.
 *
 * A notify() while nobody waits (the loop is busy in a handler) is remembered, so the next wait() returns
 * at once instead of sleeping through data that arrived meanwhile.
 */
export class WakeSignal {
  private readonly waiters = new Set<() => void>();
  private pending = false;

  /** Resolves after `ms` or on the next `notify()` (immediately if one came while nobody waited). */
  wait(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }

  notify(): void {
    if (this.waiters.size === 0) this.pending = true;
    for (const wake of [...this.waiters]) wake();
  }
}
