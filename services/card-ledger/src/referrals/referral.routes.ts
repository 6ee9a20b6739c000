import * as api from '@punkto/contracts/endpoints/referrals';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import {
  claimReferral,
  myInvite,
  referralSettings,
  resolveReferral,
  saveReferralSettings,
  type ReferralDeps,
} from './referrals';

/**
 * The device cookie of the same-device rule (ADR 0061): the name the enrolment links use (`punkto_device`,
 * ADR 0014), sent only to `/api/v1/referrals` — the referrer's invite and the friend's claim. It names a device
 * and nothing else; a browser that drops it is left to the person and phone rules.
 */
export const REFERRAL_DEVICE_COOKIE = 'punkto_device';
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

function deviceOf(request: FastifyRequest, reply: FastifyReply): string {
  const presented = request.cookies[REFERRAL_DEVICE_COOKIE];
  if (presented && DEVICE_ID.test(presented)) return presented;
  const device = randomBytes(16).toString('base64url');
  reply.setCookie(REFERRAL_DEVICE_COOKIE, device, {
    path: '/api/v1/referrals',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: 365 * 24 * 3600,
  });
  return device;
}

export function referralRoutes(app: FastifyInstance, deps: ReferralDeps) {
  registerEndpoint(app, api.getReferralSettings, async ({ params }) =>
    referralSettings(deps, params.id, params.programId),
  );
  registerEndpoint(app, api.putReferralSettings, async ({ params, body }) =>
    saveReferralSettings(deps, params.id, params.programId, body),
  );
  registerEndpoint(app, api.getMyInvite, async ({ params, request, reply }) =>
    myInvite(deps, { userId: request.user!.id, cardId: params.cardId, device: deviceOf(request, reply) }),
  );
  registerEndpoint(app, api.resolveReferral, async ({ params, request, reply }) => {
    deviceOf(request, reply); // the friend's device gets its cookie before the claim
    return resolveReferral(deps, params.code);
  });
  registerEndpoint(app, api.claimReferral, async ({ params, body, request, reply }) =>
    claimReferral(deps, {
      userId: request.user!.id,
      code: params.code,
      cardId: body.cardId,
      device: deviceOf(request, reply),
    }),
  );
}
