import { NotFoundError, UnauthenticatedError, ValidationError } from '@punkto/platform/errors/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ApplePasses } from '../../apple-passes';
import { PUSH_TOKEN } from '../../providers/apns/apns.port';
import {
  changedSince,
  decodeUpdateTag,
  encodeUpdateTag,
  PASSKIT_PATH,
  type PassTokens,
} from './pass-serials';
import type { PassRegistrations } from './pass-registrations';

/** Apple's device library identifiers and serials are opaque; bounded so a path is never a payload. */
const Opaque = z.string().regex(/^[A-Za-z0-9._-]{1,128}$/);
const PushToken = z
  .string()
  .regex(PUSH_TOKEN, 'pushToken musi być tokenem urządzenia APNs (znaki szesnastkowe).');
const RegisterBody = z.object({ pushToken: PushToken });
const LogBody = z.object({ logs: z.array(z.string().max(2000)).max(100) });

const unauthorised = () => new UnauthenticatedError('Nieprawidłowy token karty.', 'PASS.UNAUTHORIZED');
const unknownPass = () => new NotFoundError('Nie znaleziono karty w portfelu.', 'PASS.NOT_FOUND');

function parsed<T>(schema: z.ZodType<T>, value: unknown, field: string): T {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new ValidationError({ [field]: result.error.issues.map((issue) => issue.message) });
  return result.data;
}

export interface PasskitDeps {
  passes: ApplePasses;
  registrations: PassRegistrations;
  tokens: PassTokens;
  clock: () => Date;
  /** a device registered or removed a pass (pass health) */
  onRegistration?: (change: { tenantId: string; change: 'added' | 'removed' }) => Promise<void>;
}

type PassRoute = { Params: { passType: string; serial: string } };
type RegistrationRoute = { Params: { device: string; passType: string; serial: string } };
type DevicePassesRoute = {
  Params: { device: string; passType: string };
  Querystring: { passesUpdatedSince?: string };
};

/**
 * The PassKit web service (WALLET.md): what Apple Wallet calls under the pass's `webServiceURL`, here
 * `<PUBLIC_URL>/api/v1/passkit`, through the gateway. The device list is authenticated by the device's
 * library identifier, every other call by `Authorization: ApplePass <token>` of the serial in the path.
 */
export function passkitRoutes(app: FastifyInstance, deps: PasskitDeps) {
  const base = `${PASSKIT_PATH}/v1`;
  app.post<RegistrationRoute>(`${base}/devices/:device/registrations/:passType/:serial`, (request, reply) =>
    registerPass(deps, request, reply),
  );
  app.delete<RegistrationRoute>(`${base}/devices/:device/registrations/:passType/:serial`, (request, reply) =>
    unregisterPass(deps, request, reply),
  );
  app.get<DevicePassesRoute>(`${base}/devices/:device/registrations/:passType`, (request, reply) =>
    updatedPasses(deps, request, reply),
  );
  app.get<PassRoute>(`${base}/passes/:passType/:serial`, (request, reply) =>
    latestPass(deps, request, reply),
  );
  app.post(`${base}/log`, deviceLog);
}

/** the path's pass type is ours and the token is the serial's, else 404 / 401 */
function authorised({ passes, tokens }: PasskitDeps, request: FastifyRequest<PassRoute>) {
  const { passType, serial } = request.params;
  if (passType !== passes.passTypeIdentifier || !Opaque.safeParse(serial).success) throw unknownPass();
  if (!tokens.verifies(serial, request.headers.authorization)) throw unauthorised();
  return serial;
}

const deviceOf = (request: FastifyRequest<{ Params: { device: string } }>) =>
  parsed(Opaque, request.params.device, 'deviceLibraryIdentifier');

/** a registration's path: the pass (authorised as in `authorised`) and the device, else 404 / 401 / 400 */
const registrationOf = (deps: PasskitDeps, request: FastifyRequest<RegistrationRoute>) => ({
  serial: authorised(deps, request),
  device: deviceOf(request),
});

/** a device registers a pass for pushes: 201 the first time, 200 after */
async function registerPass(
  deps: PasskitDeps,
  request: FastifyRequest<RegistrationRoute>,
  reply: FastifyReply,
) {
  const { serial, device } = registrationOf(deps, request);
  const { pushToken } = parsed(RegisterBody, request.body, 'pushToken');
  const pass = await deps.passes.ofSerial(serial);
  if (!pass) throw unknownPass();
  const outcome = await deps.registrations.register({
    device,
    serial,
    cardId: pass.card.cardId,
    tenantId: pass.card.tenantId,
    programId: pass.card.programId,
    pushToken: pushToken.toLowerCase(),
    at: deps.clock(),
  });
  if (outcome === 'created') await deps.onRegistration?.({ tenantId: pass.card.tenantId, change: 'added' });
  return reply.code(outcome === 'created' ? 201 : 200).send();
}

/** a device no longer wants pushes for a pass (it was removed from the wallet) */
async function unregisterPass(
  deps: PasskitDeps,
  request: FastifyRequest<RegistrationRoute>,
  reply: FastifyReply,
) {
  const { serial, device } = registrationOf(deps, request);
  const pass = await deps.passes.ofSerial(serial);
  if ((await deps.registrations.unregister(device, serial)) && pass)
    await deps.onRegistration?.({ tenantId: pass.card.tenantId, change: 'removed' });
  return reply.code(200).send();
}

/** the serials of the device's passes changed since its last update tag; 204 when none */
async function updatedPasses(
  { passes, registrations }: PasskitDeps,
  request: FastifyRequest<DevicePassesRoute>,
  reply: FastifyReply,
) {
  const device = deviceOf(request);
  if (request.params.passType !== passes.passTypeIdentifier) return reply.code(204).send();
  const since = decodeUpdateTag(request.query.passesUpdatedSince);
  const current: { serial: string; version: number }[] = [];
  for (const registration of await registrations.ofDevice(device)) {
    const pass = await passes.ofSerial(registration.serial);
    if (pass) current.push({ serial: registration.serial, version: pass.version });
  }
  const serialNumbers = current
    .filter(({ serial, version }) => changedSince(since, serial, version))
    .map(({ serial }) => serial);
  if (serialNumbers.length === 0) return reply.code(204).send();
  return reply.code(200).send({ serialNumbers, lastUpdated: encodeUpdateTag(current) });
}

/** the signed pass as it is now; 304 when it has not changed since `If-Modified-Since` */
async function latestPass(deps: PasskitDeps, request: FastifyRequest<PassRoute>, reply: FastifyReply) {
  const serial = authorised(deps, request);
  const pass = await deps.passes.ofSerial(serial);
  if (!pass) throw unknownPass();
  // whole seconds, one per version (pass-copies.ts: servedVersions)
  const lastModified = await pass.lastModified();
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  reply.header('last-modified', lastModified.toUTCString()).header('cache-control', 'no-cache');
  if (!Number.isNaN(since) && lastModified.getTime() <= since) return reply.code(304).send();
  return reply
    .code(200)
    .type('application/vnd.apple.pkpass')
    .send(await pass.pkpass());
}

/** what Apple Wallet reports of its errors, into the service's log */
async function deviceLog(request: FastifyRequest, reply: FastifyReply) {
  const { logs } = parsed(LogBody, request.body, 'logs');
  for (const line of logs) request.log.warn({ passkitLog: line }, 'Apple Wallet device log');
  return reply.code(200).send();
}
