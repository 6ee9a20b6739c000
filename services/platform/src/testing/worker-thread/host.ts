// A process hosting `core` on the main thread and `edge` in a worker thread through the real host, as
// server/main.ts hosts the services and the gateway. Run with `node --import tsx`.
import { hostModules } from '../../runtime/host';
import { inWorkerThread, spawnThread, type ThreadOptions } from '../../runtime/worker-thread';
import { httpModule, threadedModule } from './modules';

const options: ThreadOptions = { entry: new URL('./thread.ts', import.meta.url), processName: 'fixture' };
// SPAWN_EARLY=1: the worker is spawned before anything else, as server/main.ts spawns the gateway's
const thread = process.env.SPAWN_EARLY ? spawnThread('edge', process.env, options) : undefined;
// …and has loaded its module while this thread was busy (server/main.ts loads the services' modules meanwhile)
if (thread) await new Promise((r) => setTimeout(r, 1500));

await hostModules({
  processName: 'fixture',
  modules: [
    { module: httpModule('core', 'CORE_PORT'), env: process.env },
    {
      module: inWorkerThread(threadedModule, { ...options, ...(thread && { thread }) }),
      env: process.env,
    },
  ],
});
