import { createServer, type Server } from 'node:http';
import type { Metrics } from './metrics';

export interface MetricsServer {
  /** the port it listens on (useful with port 0) */
  port: number;
  close(): Promise<void>;
}

/**
 * `GET /metrics` on a listener of its own (ADR 0019): never on the application port the gateway forwards
 * to, and bound to loopback unless METRICS_HOST says otherwise (Kubernetes: the pod IP, admitted to
 * Prometheus only by a NetworkPolicy). Anything else is 404; a failing collection is 500 without details.
 */
export async function startMetricsServer(
  metrics: Metrics,
  options: { host: string; port: number },
): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    metrics.exposition().then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('error\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
