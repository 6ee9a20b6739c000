// A hosted module on an event loop of its own, in the same process (ADR 0028, "The gateway's thread").
// The main thread validates the module's environment as for every module (`configure`), then starts a
// `node:worker_threads` Worker whose entry file runs the same module through `serveInWorker` below. The
// Worker is a separate V8 isolate: nothing is shared with the main thread but the process, so the module
// reaches the others exactly as between processes (the gateway over loopback HTTP).
import { isMainThread, parentPort, Worker, workerData, type ResourceLimits } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../config/config';
import { flushErrorReporting, initErrorReporting, reportError } from '../observability/error-reporting';
import { createLogger } from '../observability/logger';
import { initTracing, shutdownTracing } from '../observability/tracing';
import type { HostedModule } from './host';
import type { RunningService } from './run-service';

/** What the main thread hands the worker (`workerData`). */
interface ThreadData {
  module: string;
  processName: string;
  /** from the sources: the `.ts` entry tsx-worker.mjs imports once tsx is registered in the thread */
  source?: string;
}

/** Main thread → worker: go (after every module was validated), then stop. */
type ToWorker = { type: 'start' } | { type: 'stop' };

/** Worker → main thread. */
type FromWorker =
  | { type: 'ready' }
  | { type: 'failed'; configError?: string[]; message: string; stack?: string }
  | { type: 'stopped' };

export interface ThreadOptions {
  /**
   * The worker's entry file: in the bundle a `.js` chunk; from the sources (tsx) the `.ts` file, which the
   * worker imports through tsx-worker.mjs (tsx registered in the thread first).
   */
  entry: URL;
  /** the process's name in traces and error reports, as the host uses */
  processName: string;
  resourceLimits?: ResourceLimits;
  /**
   * called once when the worker dies on its own after it started (an uncaught error, an OOM, an exit);
   * by default `exitOnCrash`: the process ends with exit code 1
   */
  onCrash?: (error: Error) => void;
  /**
   * A thread spawned ahead (`spawnThread`): it has been loading the module's code while this thread loaded
   * its own; `start()` tells it to go. Without it, `start()` spawns the worker then.
   */
  thread?: ModuleThread;
}

/** A worker that loads a module's code at once and starts the module only when told (`start`). */
export interface ModuleThread {
  start(): Promise<RunningService>;
}

/**
 * What a crash on the main thread does, for a module's thread: log it (fatal), report it when error
 * reporting is on, and end the process with exit code 1 — the launcher or orchestrator restarts the whole
 * product, and SQLite's WAL keeps every acknowledged write. The services are not stopped first: a crash is
 * not a shutdown, and a product without its gateway must not keep running.
 */
export function exitOnCrash(processName: string, module: string): (error: Error) => void {
  return (error) => {
    createLogger(processName, 'fatal').fatal({ err: error, module }, 'module thread crashed');
    reportError(error);
    void flushErrorReporting().finally(() => process.exit(1));
  };
}

/**
 * `module`, validated here and run in a Worker. `start()` resolves when the module in the worker has
 * started (the gateway listens) and rejects with its error (a ConfigError stays one) if it could not;
 * `stop()` asks the worker to stop the module, flush its traces and error reports, and waits for it to exit.
 * Once started, a worker that dies without being asked (uncaught exception, out of memory, `process.exit`
 * inside it) calls `onCrash`: the caller ends the process, so the product never runs half.
 */
export function inWorkerThread(module: HostedModule, options: ThreadOptions): HostedModule {
  return {
    name: module.name,
    configure: (env) => {
      const configured = module.configure(env); // the host's up-front validation, on the main thread
      return {
        settings: configured.settings,
        start: () => (options.thread ?? spawnThread(module.name, env, options)).start(),
      };
    },
  };
}

/**
 * Spawns the worker of module `name` with its environment now: the worker loads the module's code (its
 * bundle chunk) right away, in parallel with whatever this thread does meanwhile — the one process spawns the
 * gateway's thread before loading the services' modules (server/main.ts) — and waits. Nothing starts before
 * `start()`, which the host calls only after validating every module, so "validated before anything starts"
 * still holds; a process that exits before (a bad environment) ends the waiting worker with it. A worker that
 * fails while loading makes `start()` reject with its error.
 */
export function spawnThread(
  name: string,
  env: NodeJS.ProcessEnv,
  options: Omit<ThreadOptions, 'thread'>,
): ModuleThread {
  const fromSources = options.entry.pathname.endsWith('.ts');
  const file = fromSources ? new URL('./tsx-worker.mjs', import.meta.url) : options.entry;
  const worker = new Worker(fileURLToPath(file), {
    env: { ...env },
    workerData: {
      module: name,
      processName: options.processName,
      ...(fromSources ? { source: options.entry.href } : {}),
    } satisfies ThreadData,
    ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
    name,
  });
  let state: 'loading' | 'starting' | 'running' | 'stopping' | 'ended' = 'loading';
  let failedEarly: Error | undefined;
  let started: { resolve: (running: RunningService) => void; reject: (error: Error) => void } | undefined;
  let stopped: (() => void) | undefined;
  const exited = new Promise<number>((r) => worker.once('exit', r));
  const fail = (error: Error) => {
    if (state === 'loading') failedEarly ??= error;
    else if (state === 'starting') started?.reject(error);
    else if (state === 'running') (options.onCrash ?? exitOnCrash(options.processName, name))(error);
    if (state !== 'loading') state = 'ended';
  };
  worker.on('message', (message: FromWorker) => {
    if (message.type === 'ready') {
      state = 'running';
      started?.resolve({
        name,
        threadId: worker.threadId,
        stop: async () => {
          if (state !== 'running') return;
          state = 'stopping';
          const done = new Promise<void>((r) => (stopped = r));
          worker.postMessage({ type: 'stop' } satisfies ToWorker);
          await Promise.race([done, exited]);
          await exited;
          state = 'ended';
        },
      });
    } else if (message.type === 'failed') {
      const error = message.configError
        ? new ConfigError(message.configError)
        : Object.assign(new Error(message.message), { stack: message.stack });
      fail(error);
    } else if (message.type === 'stopped') stopped?.();
  });
  worker.on('error', (error) => fail(error));
  void exited.then((code) => {
    if (state === 'loading' || state === 'starting' || state === 'running')
      fail(new Error(`${name} thread exited with code ${code}`));
  });
  return {
    start: () =>
      new Promise<RunningService>((resolveStart, rejectStart) => {
        if (state !== 'loading') return rejectStart(new Error(`${name} thread: start() called twice`));
        if (failedEarly) {
          state = 'ended';
          return rejectStart(failedEarly);
        }
        state = 'starting';
        started = { resolve: resolveStart, reject: rejectStart };
        worker.postMessage({ type: 'start' } satisfies ToWorker);
      }),
  };
}

/**
 * The worker side: runs one module of this worker's `workerData` with tracing and error reporting for
 * the thread (their SDKs are per isolate), reports readiness, and on `stop` stops it, flushes, and lets
 * the thread end. An error after readiness is not caught here: it ends the thread, and the main thread ends
 * the process (see `inWorkerThread`).
 */
export async function serveInWorker(module: HostedModule): Promise<void> {
  if (isMainThread || !parentPort) throw new Error('serveInWorker runs in a worker thread');
  const port = parentPort;
  const { processName } = workerData as ThreadData;
  // the module's code is loaded (this file imported it); nothing starts before the host says go
  await new Promise<void>((go) => port.once('message', () => go()));
  let running: RunningService;
  try {
    const configured = module.configure(process.env);
    const settings = configured.settings;
    initTracing(processName, settings.TRACING_EXPORTER, { sampleRatio: settings.TRACING_SAMPLE_RATIO });
    await initErrorReporting(processName, settings);
    running = await configured.start();
    const logger = createLogger(module.name, settings.LOG_LEVEL);
    port.once('message', () => {
      void (async () => {
        try {
          await running.stop();
        } catch (error) {
          logger.error({ err: error, module: module.name }, 'module failed to stop cleanly');
        }
        await flushErrorReporting();
        await shutdownTracing();
        port.postMessage({ type: 'stopped' } satisfies FromWorker);
        process.exit(0); // ends this thread only; a handle a library left open does not hold the stop
      })();
    });
  } catch (error) {
    port.postMessage({
      type: 'failed',
      ...(error instanceof ConfigError ? { configError: error.problems } : {}),
      message: error instanceof Error ? error.message : String(error),
      ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
    } satisfies FromWorker);
    return;
  }
  port.postMessage({ type: 'ready' } satisfies FromWorker);
}
