import { connect, type Socket } from 'node:net';

/**
 * Raw HTTP/1.1 over one socket, for tests about connections themselves (an early answer to an unread body,
 * keep-alive after an error, a parser error): what fetch hides.
 */
export interface RawAnswer {
  status: number;
  /** the head, lower case */
  headers: string;
  body: string;
  ms: number;
}

export function openSocket(port: number | string, host = '127.0.0.1'): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect(Number(port), host, () => resolve(socket));
    socket.on('error', () => undefined);
  });
}

/** Writes `head` (and `body`) and resolves with the first final answer (a `100 Continue` is skipped). */
export function exchange(socket: Socket, head: string, body?: Buffer): Promise<RawAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let data = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      // a `100 Continue` may arrive in the same chunk as the final answer: skip it and read on
      for (;;) {
        const end = data.indexOf('\r\n\r\n');
        if (end < 0) return;
        const headers = data.subarray(0, end).toString('latin1').toLowerCase();
        const status = Number(headers.slice(9, 12));
        if (status === 100) {
          data = data.subarray(end + 4);
          continue;
        }
        const length = Number(/content-length: (\d+)/.exec(headers)?.[1] ?? -1);
        const rest = data.subarray(end + 4);
        if (length >= 0 && rest.length < length) return;
        socket.off('data', onData);
        resolve({ status, headers, body: rest.toString('utf8'), ms: performance.now() - started });
        return;
      }
    };
    socket.on('data', onData);
    socket.once('close', () =>
      reject(new Error(`closed before an answer: ${data.toString('latin1').slice(0, 200)}`)),
    );
    socket.write(head);
    if (body) socket.write(body, () => undefined);
  });
}

/** True when the server closed the socket within `ms`. */
export function closedWithin(socket: Socket, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (socket.destroyed || socket.readableEnded) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
