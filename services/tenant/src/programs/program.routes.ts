import * as api from '@punkto/contracts/endpoints/tenant';
import { normaliseShortCode } from '@punkto/contracts/enrolment-links';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { ProgramService } from './program.service';

/** The cookie naming the device that looks short codes up (ADR 0014, amendment of issue 36). */
export const DEVICE_COOKIE = 'punkto_device';
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * The device of a short-code lookup: its `punkto_device` cookie, or a new random id set as that cookie (a year,
 * httpOnly, only sent to /api/v1/enrolment-links). It names a device for the miss counter and nothing else: a
 * client that drops or invents it is held by the per-IP budget alone.
 */
function deviceOf(request: FastifyRequest, reply: FastifyReply): string {
  const presented = request.cookies[DEVICE_COOKIE];
  if (presented && DEVICE_ID.test(presented)) return presented;
  const device = randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, device, {
    path: '/api/v1/enrolment-links',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: 365 * 24 * 3600,
  });
  return device;
}

export function programRoutes(app: FastifyInstance, programs: ProgramService) {
  registerEndpoint(app, api.listPrograms, async ({ params, request }) => ({
    items: await programs.listPrograms(params.id, request.user!.id),
  }));

  registerEndpoint(app, api.createProgram, async ({ params, body, request }) =>
    programs.createProgram(params.id, request.user!.id, body),
  );

  registerEndpoint(app, api.updateProgram, async ({ params, body, request }) =>
    programs.updateProgram(params.id, params.programId, request.user!.id, body),
  );

  registerEndpoint(app, api.deleteProgram, async ({ params, request }) => {
    await programs.deleteProgram(params.id, params.programId, request.user!.id);
    return undefined;
  });

  // public: the enrolment page behind the poster's QR code
  registerEndpoint(app, api.getProgramPublicInfo, async ({ params }) =>
    programs.publicInfo(params.id, params.programId),
  );

  // public: the short enrolment link /k/<code> (ADR 0014); the contract accepted the code, any case
  registerEndpoint(app, api.resolveEnrolmentLink, async ({ params, request, reply }) =>
    programs.resolveShortCode(normaliseShortCode(params.code)!, {
      ip: request.ip,
      device: deviceOf(request, reply),
    }),
  );
}
