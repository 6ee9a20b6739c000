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
export function passBrandingImages(deps: {
  blobs: BlobStore;
  /** the product's public address: renditions are fetched from it and nowhere else */
  publicUrl: string;
  logger: Logger;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}) {
  const origin = new URL(deps.publicUrl).origin;
  const fetchImpl = deps.fetchImpl ?? fetch;
  const inFlight = new Map<string, Promise<Buffer | null>>();
  const strips = new LRUCache<string, Promise<Record<string, Buffer>>>({ max: 2000 });

  /** `${PUBLIC_URL}/api/v1/tenants/<tenantId>/images/<file>` of this tenant, or null */
  function keyOf(tenantId: string, url: string): string | null {
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

  async function fetched(url: string, key: string): Promise<Buffer | null> {
    const kept = await deps.blobs.get(key);
    if (kept) return kept.body;
    try {
      const res = await fetchImpl(url, { signal: AbortSignal.timeout(deps.timeoutMs ?? 5000) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = Buffer.from(await res.arrayBuffer());
      if (body.length > MAX_IMAGE_BYTES) throw new Error('larger than 2 MiB');
      const { format } = await sharp(body).metadata();
      if (format !== 'png') throw new Error(`not a PNG (${format ?? 'unknown'})`);
      await deps.blobs.put(key, body, { contentType: 'image/png' });
      return body;
    } catch (error) {
      deps.logger.warn({ url, err: error }, 'a branding image for Apple passes could not be fetched');
      return null;
    }
  }

  function bytesOf(key: string, url: string): Promise<Buffer | null> {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = fetched(url, key).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  async function renditions(
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
        const key = keyOf(tenantId, url);
        if (!key) {
          // not the product's own address (never fetched: the pass must not make this service fetch anywhere)
          deps.logger.warn({ url }, 'a branding image is not under PUBLIC_URL: left out of Apple passes');
          return;
        }
        const bytes = await bytesOf(key, url);
        if (bytes) into.files[file] = bytes;
        else into.complete = false;
      }),
    );
  }

  return {
    async of(
      tenantId: string,
      company: { logo: TenantImage | null; heroImage: TenantImage | null },
      stamps: { stamps: number; required: number; colors: StampColors } | null,
    ): Promise<BrandingImages> {
      const images: BrandingImages = { files: {}, complete: true };
      await renditions(tenantId, company.logo, LOGO_FILES, images);
      if (stamps) Object.assign(images.files, await stampStrip(strips, stamps));
      else await renditions(tenantId, company.heroImage, HERO_FILES, images);
      return images;
    },
  };
}

export type PassBrandingImages = ReturnType<typeof passBrandingImages>;

export interface StampColors {
  background: string;
  foreground: string;
  label: string;
}

/** The stamps of a stamp card as Wallet's strip (375×123 pt, @1x–@3x): filled ones in the label colour. */
function stampStrip(
  cache: LRUCache<string, Promise<Record<string, Buffer>>>,
  { stamps, required, colors }: { stamps: number; required: number; colors: StampColors },
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
