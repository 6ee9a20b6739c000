// A process hosting `core` on the main thread and `edge` in a worker thread through the real host, as
// server/main.ts hosts the services and the gateway. Run with `node --import tsx`.
import { hostModules } from '../../runtime/host';
import { inWorkerThread } from '../../runtime/worker-thread';
import { httpModule, threadedModule } from './modules';

await hostModules({
  processName: 'fixture',
  modules: [
    { module: httpModule('core', 'CORE_PORT'), env: process.env },
    {
      module: inWorkerThread(threadedModule, {
        entry: new URL('./thread.ts', import.meta.url),
        processName: 'fixture',
      }),
      env: process.env,
    },
  ],
});
