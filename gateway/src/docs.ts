import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { buildOpenApiDocument } from '@punkto/contracts/openapi';
import type { FastifyInstance } from 'fastify';

/**
 * The OpenAPI 3.1 document generated from contracts, as JSON (`/api/docs/json`, `/api/openapi.json`) and as
 * a browsable Swagger UI (`/api/docs`), whose assets are bundled in the package: nothing loads from a CDN.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  const document = buildOpenApiDocument();
  await app.register(fastifySwagger, { mode: 'static', specification: { document: document as never } });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    staticCSP: true,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => document);
}
