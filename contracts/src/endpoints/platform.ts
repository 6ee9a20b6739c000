import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { HealthResponse, MaintenanceStatusResponse } from '../maintenance';

export const getMaintenanceStatus = defineEndpoint({
  method: 'get',
  path: '/api/v1/maintenance/status',
  owner: 'gateway',
  summary: 'Czy platforma jest w trybie konserwacji (odpytywane co 30 s przez aplikację)',
  tags: ['platform'],
  auth: 'public',
  response: MaintenanceStatusResponse,
});

export const getGatewayHealth = defineEndpoint({
  method: 'get',
  path: '/healthz',
  owner: 'gateway',
  summary: 'Liveness: the process answers',
  tags: ['platform'],
  auth: 'public',
  response: HealthResponse,
});

export const getGatewayReadiness = defineEndpoint({
  method: 'get',
  path: '/readyz',
  owner: 'gateway',
  summary: 'Readiness: the gateway and every upstream service are ready',
  tags: ['platform'],
  auth: 'public',
  response: HealthResponse.extend({
    services: z.record(z.string(), z.enum(['ok', 'unavailable'])),
  }),
});
