import * as api from '@punkto/contracts/endpoints/expiry';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance } from 'fastify';
import { expirySettings, saveExpirySettings, type ExpirySettingsDeps } from './expiry-settings';

export function expiryRoutes(app: FastifyInstance, deps: ExpirySettingsDeps) {
  registerEndpoint(app, api.getExpirySettings, async ({ params }) =>
    expirySettings(deps, params.id, params.programId),
  );
  registerEndpoint(app, api.putExpirySettings, async ({ params, body }) =>
    saveExpirySettings(deps, params.id, params.programId, body),
  );
}
