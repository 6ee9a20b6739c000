import { defineEndpoint } from '../endpoint';
import {
  ErrorReportingConfigResponse,
  HealthResponse,
  MaintenanceStatusResponse,
  PublicStatusResponse,
} from '../maintenance';

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
  summary:
    'Readiness of the gateway itself (load balancers): one unready service must not take every gateway out',
  tags: ['platform'],
  auth: 'public',
  response: HealthResponse,
});

export const getUpstreamReadiness = defineEndpoint({
  method: 'get',
  path: '/readyz/upstreams',
  owner: 'gateway',
  summary: 'Deep readiness: every upstream service answers its /readyz (start scripts, dashboards)',
  tags: ['platform'],
  auth: 'public',
  response: HealthResponse,
});

export const getPublicStatus = defineEndpoint({
  method: 'get',
  path: '/api/v1/status',
  owner: 'gateway',
  summary: 'Stan bramy i każdej usługi dla publicznej strony /status (działa też w trybie konserwacji)',
  tags: ['platform'],
  auth: 'public',
  response: PublicStatusResponse,
});

export const getErrorReportingConfig = defineEndpoint({
  method: 'get',
  path: '/api/v1/monitoring/error-reporting',
  owner: 'gateway',
  summary:
    'Konfiguracja raportowania błędów aplikacji (pobierana dopiero po zgodzie na analityczne pliki cookie)',
  tags: ['platform'],
  auth: 'public',
  response: ErrorReportingConfigResponse,
});
