import * as api from '@punkto/contracts/endpoints/tenant';
import { UploadLimits } from '@punkto/contracts/tenant';
import { NotFoundError } from '@punkto/platform/errors/errors';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BrandingService } from './branding.service';
import { UploadField, UploadRejectedError, type ImageKind } from './images';

/** Registers @fastify/multipart for the uploads: one file of at most UploadLimits.maxBytes. */
export async function registerUploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: UploadLimits.maxBytes, files: 1, fields: 10, parts: 12 },
    throwFileSizeLimit: true,
  });
}

/**
 * The uploaded file of the kind's field (`Logo` / `HeroImage`). Too large → uploadTooLarge (the multipart
 * limit truncates the stream: the truncation is detected and refused, never processed); not multipart,
 * no file or a file in another field → uploadMissing.
 */
export async function readUpload(request: FastifyRequest, kind: ImageKind): Promise<Buffer> {
  if (!request.isMultipart()) throw new UploadRejectedError(kind, 'uploadMissing');
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file();
  } catch (error) {
    if (isTooLarge(error)) throw new UploadRejectedError(kind, 'uploadTooLarge');
    throw new UploadRejectedError(kind, 'uploadMissing');
  }
  if (!part) throw new UploadRejectedError(kind, 'uploadMissing');
  if (part.fieldname !== UploadField[kind]) {
    part.file.resume(); // drain it, the request must still end
    throw new UploadRejectedError(kind, 'uploadMissing');
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if (isTooLarge(error)) throw new UploadRejectedError(kind, 'uploadTooLarge');
    throw new UploadRejectedError(kind, 'uploadMissing');
  }
  if (part.file.truncated || bytes.length > UploadLimits.maxBytes)
    throw new UploadRejectedError(kind, 'uploadTooLarge');
  if (bytes.length === 0) throw new UploadRejectedError(kind, 'uploadMissing');
  return bytes;
}

const isTooLarge = (error: unknown) => (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

export function brandingRoutes(app: FastifyInstance, branding: BrandingService) {
  registerEndpoint(app, api.uploadLogo, async ({ params, request }) =>
    branding.uploadLogo(params.id, request.user!.id, await readUpload(request, 'logo')),
  );

  registerEndpoint(app, api.uploadHeroImage, async ({ params, request }) =>
    branding.uploadHeroImage(params.id, request.user!.id, await readUpload(request, 'hero')),
  );

  registerEndpoint(app, api.deleteHeroImage, async ({ params, request }) =>
    branding.deleteHeroImage(params.id, request.user!.id),
  );

  // public: wallets (Google fetches the URLs) and the enrolment page load these without a session
  registerEndpoint(app, api.getTenantImage, async ({ params }) => {
    const blob = await branding.image(params.id, params.file);
    if (!blob) throw new NotFoundError('Nie znaleziono obrazu.');
    return {
      contentType: blob.contentType,
      body: blob.body,
      headers: {
        'cache-control': 'public, max-age=31536000, immutable',
        etag: `"${blob.sha256}"`,
        'x-content-type-options': 'nosniff',
      },
    };
  });
}
