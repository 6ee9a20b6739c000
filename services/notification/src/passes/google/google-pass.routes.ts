import * as api from '@punkto/contracts/endpoints/notification';
import { PassErrors } from '@punkto/contracts/passes';
import type { DevConvenienceMode } from '@punkto/platform/config/config';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { ConflictError, DuplicateKeyError, ValidationError } from '@punkto/platform/errors/errors';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import { isLoopbackRequest } from '@punkto/platform/http/loopback-only';
import {
  CallbackRefusedError,
  fetchGoogleRootKeys,
  GoogleCallbackVerifier,
} from '../providers/google/callback-verifier';
import type { FastifyInstance } from 'fastify';
import type { GooglePasses } from './google-passes';

/** where Google posts its signed save/delete callbacks (the class's `callbackOptions.url`) */
export const GOOGLE_CALLBACK_PATH = '/api/v1/google-wallet/callbacks';

/** Google's root keys are fetched on the first callback and again after this long (Google rotates rarely) */
const ROOT_KEYS_TTL_MS = 12 * 60 * 60 * 1000;

export function googlePassRoutes(
  app: FastifyInstance,
  passes: GooglePasses,
  options: {
    /** the embedded adapter: its save links are signed by a development key that Google refuses */
    development: boolean;
    developmentMode: DevConvenienceMode;
  },
) {
  registerEndpoint(app, api.createGooglePass, async ({ params, request }) => {
    const { development, developmentMode } = options;
    if (
      development &&
      (developmentMode === 'off' || (developmentMode === 'loopback' && !isLoopbackRequest(request)))
    )
      throw new ConflictError(PassErrors.googleUnavailable.message, PassErrors.googleUnavailable.code);
    return { saveUrl: await passes.saveLinkFor(params.id, request.user!.id) };
  });
}

/**
 * `POST /api/v1/google-wallet/callbacks`: Google tells that a pass was saved or removed, signed with
 * ECv2SigningOnly (verified by the platform's GoogleCallbackVerifier against Google's published root keys);
 * a nonce is taken once, so a replayed callback is refused. Only with the real Google Wallet configured.
 */
export function googleCallbackRoutes(
  app: FastifyInstance,
  deps: {
    passes: GooglePasses;
    documents: DocumentStore;
    issuerId: string;
    rootKeysUrl: string;
    clock: () => Date;
    onCallback?: (event: { tenantId: string; eventType: 'save' | 'del' }) => Promise<void>;
  },
) {
  const nonces = deps.documents.collection<{ _id: string; at: string }>('google_callback_nonces');
  let verifier: { instance: GoogleCallbackVerifier; until: number } | null = null;

  async function currentVerifier(): Promise<GoogleCallbackVerifier> {
    const now = deps.clock().getTime();
    if (verifier && verifier.until > now) return verifier.instance;
    const rootKeys = await fetchGoogleRootKeys(deps.rootKeysUrl, deps.clock);
    const instance = new GoogleCallbackVerifier({
      issuerId: deps.issuerId,
      rootKeys,
      now: deps.clock,
      seen: async (nonce) => {
        try {
          await nonces.insert({ _id: nonce, at: deps.clock().toISOString() });
          return true;
        } catch (error) {
          if (error instanceof DuplicateKeyError) return false;
          throw error;
        }
      },
    });
    verifier = { instance, until: now + ROOT_KEYS_TTL_MS };
    return instance;
  }

  app.post(GOOGLE_CALLBACK_PATH, async (request, reply) => {
    let message;
    try {
      message = await (await currentVerifier()).verify(request.body);
    } catch (error) {
      if (!(error instanceof CallbackRefusedError)) throw error;
      request.log.warn({ refused: error.code }, 'Google Wallet callback refused');
      throw new ValidationError({ callback: [error.message] }, 'Odrzucono wywołanie Google Wallet.');
    }
    const tenantId = await deps.passes.saved(message.objectId, message.eventType === 'save');
    if (tenantId) await deps.onCallback?.({ tenantId, eventType: message.eventType });
    return reply.code(200).send({});
  });
}
