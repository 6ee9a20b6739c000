import { toFastifyPath, type Endpoint } from '@punkto/contracts/endpoint';
import { ValidationError } from '@punkto/platform/errors/errors';
import { zodIssuesToErrors } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { z } from 'zod';

type Params<E extends Endpoint> = [NonNullable<E['params']>] extends [z.ZodType]
  ? z.infer<NonNullable<E['params']>>
  : undefined;

export interface BinaryBody {
  contentType: string;
  body: Buffer | Uint8Array;
  headers?: Record<string, string>;
}

/**
 * `registerEndpoint` for contracts endpoints whose success body is not JSON (images, PDFs): params are
 * parsed with the endpoint's schema (400 errors map as usual), errors go through the ONE error handler,
 * and the handler returns the bytes with their content type and headers.
 */
export function registerBinaryEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: { params: Params<E>; request: FastifyRequest }) => Promise<BinaryBody>,
  options: { preHandler?: preHandlerHookHandler | preHandlerHookHandler[] } = {},
): void {
  app.route({
    method: endpoint.method.toUpperCase() as 'GET',
    url: toFastifyPath(endpoint.path),
    ...(options.preHandler && { preHandler: options.preHandler }),
    handler: async (request, reply) => {
      let params: unknown = undefined;
      if (endpoint.params) {
        const parsed = endpoint.params.safeParse(request.params ?? {});
        if (!parsed.success) throw new ValidationError(zodIssuesToErrors(parsed.error.issues, 'params'));
        params = parsed.data;
      }
      const result = await handler({ params: params as Params<E>, request });
      reply.status(endpoint.successStatus ?? 200).type(result.contentType);
      for (const [name, value] of Object.entries(result.headers ?? {})) reply.header(name, value);
      return reply.send(Buffer.from(result.body.buffer, result.body.byteOffset, result.body.byteLength));
    },
  });
}
