import type { Logger } from '../observability/logger';

/**
 * Clean stop on SIGINT/SIGTERM: runs `close` once (stop accepting work, finish in-flight handlers, close
 * stores so SQLite checkpoints its WAL), then exits. A second signal or a hung close forces the exit —
 * acknowledged writes are already durable, so a forced exit loses nothing.
 */
export function onShutdown(logger: Logger, close: () => Promise<void>, timeoutMs = 10_000): void {
  let closing = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (closing) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown timed out: exiting');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    try {
      await close();
      logger.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', (s) => void stop(s));
  process.once('SIGTERM', (s) => void stop(s));
}
