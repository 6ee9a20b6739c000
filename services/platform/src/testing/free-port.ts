import { createServer, type AddressInfo } from 'node:net';

/**
 * A TCP port on 127.0.0.1 that nobody listens on now (the OS picks it; the defaults 8080–8086 stay free), for a
 * test server to listen on.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
