import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** Who may reach a development convenience served in `loopback` mode (see config's `envDevConvenience`). */

function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.trim().replace(/^\[|\]$/g, '');
  const v4 = plain.startsWith('::ffff:') ? plain.slice('::ffff:'.length) : plain;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return isIP(plain) === 6 && plain === '::1';
}

/** `localhost`, `*.localhost`, 127.x or [::1], with or without a port. */
function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(name);
  if (bracketed) return isLoopbackAddress(bracketed[1]);
  const hostname = name.replace(/:\d+$/, '');
  return hostname === 'localhost' || hostname.endsWith('.localhost') || isLoopbackAddress(hostname);
}

const headerValues = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);

/** `for=` addresses of RFC 7239 `Forwarded` headers (quotes and ports removed). */
function forwardedFor(value: string | string[] | undefined): string[] {
  return headerValues(value)
    .flatMap((element) => element.split(';'))
    .map((pair) => pair.trim())
    .filter((pair) => pair.toLowerCase().startsWith('for='))
    .map((pair) =>
      pair
        .slice(4)
        .replace(/^"|"$/g, '')
        .replace(/^(\[[^\]]+\]).*$/, '$1')
        .replace(/^([\d.]+):\d+$/, '$1'),
    );
}

/**
 * True only when the person asking is on this machine:
 * - the TCP peer is a loopback address (the socket's, never `request.ip`, which may come from headers);
 * - every address a proxy says it forwarded for (`X-Forwarded-For`, `X-Real-IP`, `Forwarded: for=`) is
 *   loopback too — a reverse proxy on the same host adds the real client there (the gateway does so for the
 *   services behind it);
 * - the `Host` (and `X-Forwarded-Host`) is a loopback name, which also defeats DNS rebinding.
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  const { headers } = request;
  if (!isLoopbackAddress(request.raw.socket.remoteAddress)) return false;
  const forwarded = [
    ...headerValues(headers['x-forwarded-for']),
    ...headerValues(headers['x-real-ip']),
    ...forwardedFor(headers.forwarded),
  ];
  if (!forwarded.every(isLoopbackAddress)) return false;
  if (!isLoopbackHost(headers.host)) return false;
  return headerValues(headers['x-forwarded-host']).every(isLoopbackHost);
}
