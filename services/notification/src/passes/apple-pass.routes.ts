import { PassErrors, PKPASS_CONTENT_TYPE } from '@punkto/contracts/passes';
import type { DevConvenienceMode } from '@punkto/platform/config/config';
import { ConflictError } from '@punkto/platform/errors/errors';
import { isLoopbackRequest } from '@punkto/platform/http/loopback-only';
import * as api from '@punkto/contracts/endpoints/notification';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApplePasses } from './apple-passes';

/** RFC 6266: an ASCII fallback and the exact UTF-8 name (Polish letters) */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  return `attachment; filename="${ascii || 'karta.pkpass'}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function applePassRoutes(
  app: FastifyInstance,
  passes: ApplePasses,
  options: { developmentChain: DevConvenienceMode },
) {
  /** passes signed by the generated chain are a development convenience: by default for this machine only */
  const unavailable = (request: FastifyRequest) =>
    passes.development &&
    (options.developmentChain === 'off' ||
      (options.developmentChain === 'loopback' && !isLoopbackRequest(request)));

  registerEndpoint(app, api.createApplePass, async ({ params, request }) => {
    if (unavailable(request))
      throw new ConflictError(PassErrors.appleUnavailable.message, PassErrors.appleUnavailable.code);
    const { pkpass, lastModified } = await passes.forHolder(params.id, request.user!.id);
    // {x} is the name the file is saved under (ADR 0012); the SPA names it after the company
    return {
      contentType: PKPASS_CONTENT_TYPE,
      body: pkpass,
      headers: {
        'content-disposition': contentDisposition(params.x),
        'last-modified': lastModified.toUTCString(),
        'cache-control': 'private, no-store',
      },
    };
  });
}
