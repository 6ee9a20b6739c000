import { LRUCache } from 'lru-cache';
import type { TenantImage } from '@punkto/contracts/tenant';
import { isValidBlobKey } from '@punkto/platform/blobs/blob-key';
import type { BlobStore } from '@punkto/platform/blobs/blob-store.port';
import type { Logger } from '@punkto/platform/observability/logger';
import sharp from 'sharp';

/** Wallet file names of the renditions the tenant service publishes (tenant `branding/images.ts`). */
const LOGO_FILES: Record<string, string> = {
  logo: 'logo.png',
  'logo@2x': 'logo@2x.png',
  'logo@3x': 'logo@3x.png',
  icon: 'icon.png',
  'icon@2x': 'icon@2x.png',
  'icon@3x': 'icon@3x.png',
};
const HERO_FILES: Record<string, string> = {
  strip: 'strip.png',
  'strip@2x': 'strip@2x.png',
  'strip@3x': 'strip@3x.png',
};
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const STRIP = { width: 375, height: 123 };

export interface BrandingImages {
  /** Wallet files of the company's logo and strip; `complete` false when one could not be had this time */
  files: Record<string, Buffer>;
  complete: boolean;
}

/**
 * The company's own images in its Apple passes: the logo (logo and icon, @1x–@3x) and the hero image as the
 * strip, in the sizes the tenant service already rendered; a stamp card's strip instead shows its stamps
 * (drawn here, in the company's colours, one per stamp of the program).
 *
 * The tenant service publishes each rendition at a public, content-addressed URL (a new image is a new URL), so
 * a rendition is fetched once, from the product's own address only, and kept in this service's blob store;
 * a rendition that cannot be fetched leaves the pass with the default icon for now (`complete: false`: the
 * caller does not keep that pass).
 */
export interface BrandingImagesDeps {
  blobs: BlobStore;
  /** the product's public address: renditions are fetched from it and nowhere else */
  publicUrl: string;
  logger: Logger;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

/** What the functions below share: the deps, the allowed origin, fetches under way, drawn stamp strips. */
interface BrandingContext extends BrandingImagesDeps {
  origin: string;
  fetchImpl: typeof fetch;
  inFlight: Map<string, Promise<Buffer | null>>;
  strips: LRUCache<string, Promise<Record<string, Buffer>>>;
}

type StampStrip = { stamps: number; required: number; colors: StampColors };

export function passBrandingImages(deps: BrandingImagesDeps) {
  const ctx: BrandingContext = {
    ...deps,
    origin: new URL(deps.publicUrl).origin,
    fetchImpl: deps.fetchImpl ?? fetch,
    inFlight: new Map(),
    strips: new LRUCache({ max: 2000 }),
  };
  return {
    of: (
      tenantId: string,
      company: { logo: TenantImage | null; heroImage: TenantImage | null },
      stamps: StampStrip | null,
    ) => brandingImagesOf(ctx, tenantId, company, stamps),
  };
}

export type PassBrandingImages = ReturnType<typeof passBrandingImages>;

/** the logo's renditions, and the hero image's as the strip or a stamp card's stamps drawn instead */
async function brandingImagesOf(
  ctx: BrandingContext,
  tenantId: string,
  company: { logo: TenantImage | null; heroImage: TenantImage | null },
  stamps: StampStrip | null,
): Promise<BrandingImages> {
  const images: BrandingImages = { files: {}, complete: true };
  await renditions(ctx, tenantId, company.logo, LOGO_FILES, images);
  if (stamps) Object.assign(images.files, await stampStrip(ctx.strips, stamps));
  else await renditions(ctx, tenantId, company.heroImage, HERO_FILES, images);
  return images;
}

/** adds the image's renditions named in `files` to `into`; one that cannot be had makes it incomplete */
async function renditions(
  ctx: BrandingContext,
  tenantId: string,
  image: TenantImage | null,
  files: Record<string, string>,
  into: BrandingImages,
) {
  if (!image) return;
  await Promise.all(
    Object.entries(files).map(async ([rendition, file]) => {
      const url = image.renditions[rendition];
      if (!url) return;
      const key = keyOf(ctx.origin, tenantId, url);
      if (!key) {
        // not the product's own address (never fetched: the pass must not make this service fetch anywhere)
        ctx.logger.warn({ url }, 'a branding image is not under PUBLIC_URL: left out of Apple passes');
        return;
      }
      const bytes = await bytesOf(ctx, key, url);
      if (bytes) into.files[file] = bytes;
      else into.complete = false;
    }),
  );
}

/** `${PUBLIC_URL}/api/v1/tenants/<tenantId>/images/<file>` of this tenant, or null */
function keyOf(origin: string, tenantId: string, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const prefix = `/api/v1/tenants/${encodeURIComponent(tenantId)}/images/`;
  if (parsed.origin !== origin || !parsed.pathname.startsWith(prefix)) return null;
  const file = parsed.pathname.slice(prefix.length);
  const key = `pass-images/${tenantId}/${file}`;
  return /^[A-Za-z0-9._-]+$/.test(file) && isValidBlobKey(key) ? key : null;
}

/** one fetch of a rendition at a time, however many passes ask for it */
function bytesOf(ctx: BrandingContext, key: string, url: string): Promise<Buffer | null> {
  let pending = ctx.inFlight.get(key);
  if (!pending) {
    pending = fetched(ctx, url, key).finally(() => ctx.inFlight.delete(key));
    ctx.inFlight.set(key, pending);
  }
  return pending;
}

/** the rendition from the blob store, else fetched, checked (size, PNG) and kept there; null when it failed */
async function fetched(ctx: BrandingContext, url: string, key: string): Promise<Buffer | null> {
  const kept = await ctx.blobs.get(key);
  if (kept) return kept.body;
  try {
    const res = await ctx.fetchImpl(url, { signal: AbortSignal.timeout(ctx.timeoutMs ?? 5000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    if (body.length > MAX_IMAGE_BYTES) throw new Error('larger than 2 MiB');
    const { format } = await sharp(body).metadata();
    if (format !== 'png') throw new Error(`not a PNG (${format ?? 'unknown'})`);
    await ctx.blobs.put(key, body, { contentType: 'image/png' });
    return body;
  } catch (error) {
    ctx.logger.warn({ url, err: error }, 'a branding image for Apple passes could not be fetched');
    return null;
  }
}

export interface StampColors {
  background: string;
  foreground: string;
  label: string;
}

/** The stamps of a stamp card as Wallet's strip (375×123 pt, @1x–@3x): filled ones in the label colour. */
function stampStrip(
  cache: LRUCache<string, Promise<Record<string, Buffer>>>,
  { stamps, required, colors }: StampStrip,
): Promise<Record<string, Buffer>> {
  const filled = Math.max(0, Math.min(stamps, required));
  const key = `${filled}/${required}/${colors.background}/${colors.label}/${colors.foreground}`;
  let strip = cache.get(key);
  if (!strip) {
    strip = Promise.all(
      [1, 2, 3].map((scale) =>
        sharp(Buffer.from(stampSvg(filled, required, colors, scale)))
          .png()
          .toBuffer(),
      ),
    ).then(([x1, x2, x3]) => ({ 'strip.png': x1!, 'strip@2x.png': x2!, 'strip@3x.png': x3! }));
    strip.catch(() => cache.delete(key));
    cache.set(key, strip);
  }
  return strip;
}

export function stampSvg(filled: number, required: number, colors: StampColors, scale: number): string {
  const width = STRIP.width * scale;
  const height = STRIP.height * scale;
  const rows = required > 10 ? 2 : 1;
  const perRow = Math.ceil(required / rows);
  const cell = Math.min((width - 24 * scale) / perRow, (height - 16 * scale) / rows);
  const radius = cell * 0.38;
  const left = (width - cell * perRow) / 2;
  const top = (height - cell * rows) / 2;
  const circles: string[] = [];
  for (let i = 0; i < required; i++) {
    const row = Math.floor(i / perRow);
    const column = i % perRow;
    const cx = left + cell * (column + 0.5);
    const cy = top + cell * (row + 0.5);
    circles.push(
      i < filled
        ? `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="${colors.label}"/>`
        : `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="none" stroke="${colors.label}" stroke-opacity="0.55" stroke-width="${2 * scale}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${colors.background}"/>${circles.join('')}</svg>`;
}
