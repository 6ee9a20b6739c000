import { TenantErrors, UploadLimits } from '@punkto/contracts/tenant';
import { ValidationError } from '@punkto/platform/errors/errors';
import { createHash } from 'node:crypto';
import sharp from 'sharp';

/**
 * Image processing for the tenant's branding (sharp). Uploads are judged by their CONTENT — the decoded
 * format must be PNG, JPEG or WebP whatever the file name or declared type says — and re-encoded as PNG
 * (metadata such as EXIF/GPS is never copied: sharp drops it unless asked to keep it) in the sizes wallet
 * passes need (shared/WALLET.md):
 *
 * logo (field `Logo`)       Apple `logo` 160×50, @2x 320×100, @3x 480×150 (contain, transparent);
 *                           Apple `icon` 29, @2x 58, @3x 87 (square, contain on the card background);
 *                           Google `google-logo` 660×660 (contain on the card background, inside the
 *                           circle Google masks it with); `source` (≤1024 px, to re-render on a colour change)
 * hero  (field `HeroImage`) Apple `strip` 375×123, @2x 750×246, @3x 1125×369 (cover);
 *                           Google `google-hero` 1032×336 (cover)
 */

export type ImageKind = 'logo' | 'hero';

/** multipart field name per image kind (SPEC §3) — also the key of the 400 errors map */
export const UploadField: Record<ImageKind, 'Logo' | 'HeroImage'> = { logo: 'Logo', hero: 'HeroImage' };

/** the rendition whose URL is the image's `url` */
export const DefaultRendition: Record<ImageKind, string> = { logo: 'logo@2x', hero: 'strip@2x' };

const MinSize: Record<ImageKind, { width: number; height: number }> = {
  logo: UploadLimits.minLogo,
  hero: UploadLimits.minHero,
};

/** decompression-bomb guard: more pixels than a 48 MP photo is refused before decoding */
const MAX_INPUT_PIXELS = 50_000_000;
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

export interface Rendition {
  name: string;
  body: Buffer;
  width: number;
  height: number;
}

type UploadErrorKey = 'uploadMissing' | 'uploadTooLarge' | 'uploadType' | 'uploadTooSmall';

/** 400 with the SPEC §8 errors map on the upload's field, e.g. `{ Logo: ['Nieobsługiwany format…'] }`. */
export class UploadRejectedError extends ValidationError {
  constructor(
    kind: ImageKind,
    readonly reason: UploadErrorKey,
  ) {
    super({ [UploadField[kind]]: [TenantErrors[reason].message] }, TenantErrors[reason].message);
  }
}

/** Checks what the bytes really are; throws UploadRejectedError (type, size, dimensions). */
export async function inspectUpload(
  kind: ImageKind,
  bytes: Buffer,
): Promise<{ width: number; height: number }> {
  if (bytes.length === 0) throw new UploadRejectedError(kind, 'uploadMissing');
  if (bytes.length > UploadLimits.maxBytes) throw new UploadRejectedError(kind, 'uploadTooLarge');
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { autoOrient: true }).metadata();
  } catch {
    throw new UploadRejectedError(kind, 'uploadType');
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format))
    throw new UploadRejectedError(kind, 'uploadType');
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) throw new UploadRejectedError(kind, 'uploadType');
  if (width * height > MAX_INPUT_PIXELS) throw new UploadRejectedError(kind, 'uploadTooLarge');
  const min = MinSize[kind];
  if (width < min.width || height < min.height) throw new UploadRejectedError(kind, 'uploadTooSmall');
  return { width, height };
}

const load = (bytes: Buffer) =>
  sharp(bytes, { autoOrient: true, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });

const png = (image: sharp.Sharp) => image.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();

/** A decode failure after a valid header (truncated or corrupt file) is the person's file, not our fault. */
async function decoding<T>(kind: ImageKind, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UploadRejectedError) throw error;
    throw new UploadRejectedError(kind, 'uploadType');
  }
}

/** The logo as uploaded, upright, at most 1024 px, re-encoded as PNG with its transparency. */
export function logoSource(bytes: Buffer): Promise<Buffer> {
  return decoding('logo', () =>
    png(load(bytes).resize(1024, 1024, { fit: 'inside', withoutEnlargement: true }).ensureAlpha()),
  );
}

/** Every logo rendition from the stored source; colour-dependent ones use `background` (#rrggbb). */
export async function renderLogo(source: Buffer, background: string): Promise<Rendition[]> {
  return decoding('logo', async () => {
    const renditions: Rendition[] = [{ name: 'source', body: source, ...(await size(source)) }];
    for (const [name, width, height] of [
      ['logo', 160, 50],
      ['logo@2x', 320, 100],
      ['logo@3x', 480, 150],
    ] as const) {
      const body = await png(
        sharp(source).ensureAlpha().resize(width, height, { fit: 'contain', background: TRANSPARENT }),
      );
      renditions.push({ name, body, width, height });
    }
    for (const [name, side] of [
      ['icon', 29],
      ['icon@2x', 58],
      ['icon@3x', 87],
    ] as const) {
      const body = await png(
        sharp(source).flatten({ background }).resize(side, side, { fit: 'contain', background }),
      );
      renditions.push({ name, body, width: side, height: side });
    }
    // Google shows the program logo in a circle: keep the logo inside the inscribed square (660/√2 ≈ 462)
    const inner = 462;
    const pad = (660 - inner) / 2;
    const google = await png(
      sharp(
        await sharp(source)
          .flatten({ background })
          .resize(inner, inner, { fit: 'contain', background })
          .png()
          .toBuffer(),
      ).extend({ top: pad, bottom: pad, left: pad, right: pad, background }),
    );
    renditions.push({ name: 'google-logo', body: google, width: 660, height: 660 });
    return renditions;
  });
}

/** Every hero rendition, cropped to fill (cover, centred). */
export async function renderHero(bytes: Buffer): Promise<Rendition[]> {
  return decoding('hero', async () => {
    const renditions: Rendition[] = [];
    for (const [name, width, height] of [
      ['strip', 375, 123],
      ['strip@2x', 750, 246],
      ['strip@3x', 1125, 369],
      ['google-hero', 1032, 336],
    ] as const) {
      const body = await png(
        load(bytes).flatten({ background: '#ffffff' }).resize(width, height, { fit: 'cover' }),
      );
      renditions.push({ name, body, width, height });
    }
    return renditions;
  });
}

async function size(body: Buffer) {
  const { width, height } = await sharp(body).metadata();
  return { width: width ?? 0, height: height ?? 0 };
}

export const sha256 = (body: Buffer | string) => createHash('sha256').update(body).digest('hex');

/** One hash over every rendition: the same pictures in the same sizes ⇒ the same hash (no new event). */
export const contentHashOf = (renditions: Rendition[]) =>
  sha256(
    renditions
      .map((r) => `${r.name}:${sha256(r.body)}`)
      .sort()
      .join('\n'),
  );
