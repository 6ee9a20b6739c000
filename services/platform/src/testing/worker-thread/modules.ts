// Fixture modules for worker-thread.int.spec.ts: a tiny HTTP module that answers with the thread it runs on
// (`GET /thread`) and, on `GET /crash`, throws outside any request handler as a bug would.
import http from 'node:http';
import { threadId } from 'node:worker_threads';
import { ConfigError } from '../../config/config';
import type { HostedModule } from '../../runtime/host';

export function httpModule(name: string, portVariable: string): HostedModule {
  return {
    name,
    configure: (env) => {
      const port = Number(env[portVariable]);
      if (!Number.isInteger(port) || port <= 0)
        throw new ConfigError([`${portVariable}: a port, got ${env[portVariable]}`]);
      return {
        settings: { NODE_ENV: 'test', LOG_LEVEL: 'info', TRACING_EXPORTER: 'none', TRACING_SAMPLE_RATIO: 1 },
        start: async () => {
          if (env.FAIL_START === name) throw new Error(`${name} could not start`);
          const server = http.createServer((req, res) => {
            if (req.url === '/crash')
              setImmediate(() => {
                throw new Error(`${name} crashed`);
              });
            res.end(JSON.stringify({ name, threadId }));
          });
          await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
          process.stdout.write(`${name} started on thread ${threadId}\n`);
          return {
            name,
            stop: async () => {
              await new Promise((r) => server.close(r));
              process.stdout.write(`${name} stopped on thread ${threadId}\n`);
            },
          };
        },
      };
    },
  };
}

export const threadedModule = httpModule('edge', 'EDGE_PORT');
