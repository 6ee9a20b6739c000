// The entry of a worker thread that runs a TypeScript module from the sources (dev, tests; the bundle's
// workers start from their `.js` chunk instead). Node 20 resolves a worker's own entry before the hooks of
// `--import tsx` apply in that thread ("Unknown file extension .ts"), so this plain module registers tsx's
// loader in the thread first, then imports the `.ts` entry (`workerData.source`). See worker-thread.ts.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.source);
