// The worker side of the fixture: serves `edge` in its thread (as server/gateway-thread.ts serves the gateway).
import { serveInWorker } from '../../runtime/worker-thread';
import { threadedModule } from './modules';

await serveInWorker(threadedModule);
