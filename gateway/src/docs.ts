import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { buildOpenApiDocument } from '@punkto/contracts/openapi';
import type { FastifyInstance } from 'fastify';
import { API_DOCS_CSP } from './security-headers';

/**
 * The OpenAPI 3.1 document generated from contracts, as JSON (`/api/docs/json`, `/api/openapi.json`) and as
 * a browsable Swagger UI (`/api/docs`), whose assets are bundled in the package: nothing loads from a CDN.
 * The page and its assets carry API_DOCS_CSP (security-headers.ts), set as the request arrives like every
 * other security header, so the gateway's HTTPS-only additions (`upgrade-insecure-requests`) apply to it too;
 * the plugin's own CSP (`staticCSP`) is not used: it always upgrades, even over plain HTTP.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  const document = buildOpenApiDocument();
  await app.register(fastifySwagger, { mode: 'static', specification: { document: document as never } });
  // its own context: the hook below applies to the docs routes only
  await app.register(async (docs) => {
    docs.addHook('onRequest', (_request, reply, done) => {
      reply.raw.setHeader('Content-Security-Policy', API_DOCS_CSP);
      done();
    });
    await docs.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true },
      validatorUrl: false, // no badge from validator.swagger.io
    });
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => document);
}
