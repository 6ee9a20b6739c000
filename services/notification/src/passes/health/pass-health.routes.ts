import * as api from '@punkto/contracts/endpoints/notification';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance } from 'fastify';
import type { PassHealth } from './pass-health';

export function passHealthRoutes(app: FastifyInstance, health: PassHealth) {
  registerEndpoint(app, api.getPassHealth, async ({ params }) => health.of(params.id));
}
