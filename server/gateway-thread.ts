// The gateway's worker thread (ADR 0028): when the gateway is hosted with services in one process, the main
// thread (server/main.ts) validates its environment and starts this file in a Worker, so the gateway has an
// event loop of its own while the services share the main one. Bundled as `server/dist/gateway-thread.js`.
import { serveInWorker } from '@punkto/platform/runtime/worker-thread';
import { gatewayModule } from '@punkto/gateway/module';

await serveInWorker(gatewayModule);
