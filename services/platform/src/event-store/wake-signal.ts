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

/**
 * THE loop of an in-process SQLite reader (event store subscription, bus consumer): `poll()` takes what is there;
 * when it returns false (nothing more at once) the loop sleeps until the poll interval passes or `wake()`.
 * `start()` runs it, `stop()` ends it at the next step and waits for it; `onFinished` runs once it has ended.
 * An error out of `poll()` stops the loop and goes to `failed()`.
 */
export abstract class PollingLoop {
  protected readonly signal = new WakeSignal();
  protected stopped = false;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly pollIntervalMs: number,
    private readonly onFinished: () => void,
  ) {}

  /** one round: true when more may be waiting (a full batch), so the next round runs without sleeping */
  protected abstract poll(): Promise<boolean>;
  protected abstract failed(error: unknown): void;

  start(): void {
    this.running = this.run().finally(this.onFinished);
  }

  wake(): void {
    this.signal.notify();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.signal.notify();
    await this.running;
  }

  private async run(): Promise<void> {
    await null; // never call a handler synchronously from start()
    try {
      while (!this.stopped) {
        const more = await this.poll();
        if (!more && !this.stopped) await this.signal.wait(this.pollIntervalMs);
      }
    } catch (error) {
      this.stopped = true;
      this.failed(error);
    }
  }
}
