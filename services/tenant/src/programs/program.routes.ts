import * as api from '@punkto/contracts/endpoints/tenant';
import { normaliseShortCode } from '@punkto/contracts/enrolment-links';
import { Permissions } from '@punkto/contracts/permissions';
import { requireTenantAccess } from '@punkto/platform/http/auth-plugin';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance } from 'fastify';
import type { ProgramService } from './program.service';

export function programRoutes(app: FastifyInstance, programs: ProgramService) {
  const manage = requireTenantAccess(Permissions.programsManage);

  registerEndpoint(
    app,
    api.listPrograms,
    async ({ params, request }) => ({ items: await programs.listPrograms(params.id, request.user!.id) }),
    { preHandler: requireTenantAccess() },
  );

  registerEndpoint(
    app,
    api.createProgram,
    async ({ params, body, request }) => programs.createProgram(params.id, request.user!.id, body),
    { preHandler: manage },
  );

  registerEndpoint(
    app,
    api.updateProgram,
    async ({ params, body, request }) =>
      programs.updateProgram(params.id, params.programId, request.user!.id, body),
    { preHandler: manage },
  );

  registerEndpoint(
    app,
    api.deleteProgram,
    async ({ params, request }) => {
      await programs.deleteProgram(params.id, params.programId, request.user!.id);
      return undefined;
    },
    { preHandler: manage },
  );

  // public: the enrolment page behind the poster's QR code
  registerEndpoint(app, api.getProgramPublicInfo, async ({ params }) =>
    programs.publicInfo(params.id, params.programId),
  );

  // public: the short enrolment link /k/<code> (ADR 0014); the contract accepted the code, any case
  registerEndpoint(app, api.resolveEnrolmentLink, async ({ params, request }) =>
    programs.resolveShortCode(normaliseShortCode(params.code)!, request.ip),
  );
}
