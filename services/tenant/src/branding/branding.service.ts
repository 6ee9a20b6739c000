import type { TenantImage, TenantResponse } from '@punkto/contracts/tenant';
import { isValidBlobKey } from '@punkto/platform/blobs/blob-key';
import type { Blob, BlobStore } from '@punkto/platform/blobs/blob-store.port';
import type { TenantService } from '../tenants/tenant.service';
import {
  contentHashOf,
  DefaultRendition,
  inspectUpload,
  logoSource,
  renderHero,
  renderLogo,
  sha256,
  type ImageKind,
  type Rendition,
} from './images';

/**
 * Branding images: uploads become renditions in the blob store under CONTENT-HASHED names
 * (`tenants/<tenantId>/images/<rendition>-<sha256 prefix>.png`), so their public URLs never change meaning
 * and can be cached forever (`immutable`). The Tenant aggregate records the TenantImage (URLs + hash) in
 * TenantLogoChanged / TenantHeroImageChanged.
 *
 * Blobs are written BEFORE the event: a crash in between leaves unreferenced files, never an event that
 * points at missing ones. Replaced images stay stored (wallet passes already issued may still reference
 * their URLs); a deleted tenant's images are removed.
 */
export interface BrandingServiceDeps {
  blobs: BlobStore;
  tenants: TenantService;
  /** base of the public image URLs, e.g. https://app.punkto.pl */
  publicUrl: string;
  clock: () => Date;
}

const FILE = /^[a-z0-9][a-z0-9._-]{0,119}$/;

/** `logo@2x` + bytes → `logo-2x-<16 hex>.png` (no `@`: blob keys do not allow it) */
export const imageFileName = (rendition: string, body: Buffer) =>
  `${rendition.replace(/@/g, '-')}-${sha256(body).slice(0, 16)}.png`;

export const imageKey = (tenantId: string, file: string) => `tenants/${tenantId}/images/${file}`;

/** The file name at the end of one of our image URLs. */
const fileOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

const imageUrl = (publicUrl: string, tenantId: string, file: string) =>
  `${publicUrl}/api/v1/tenants/${encodeURIComponent(tenantId)}/images/${file}`;

/** the renditions stored content-addressed in the blob store; the image with their URLs */
async function storeRenditions(
  deps: Pick<BrandingServiceDeps, 'blobs' | 'publicUrl' | 'clock'>,
  tenantId: string,
  kind: ImageKind,
  renditions: Rendition[],
): Promise<TenantImage> {
  const urls: Record<string, string> = {};
  for (const rendition of renditions) {
    const file = imageFileName(rendition.name, rendition.body);
    const key = imageKey(tenantId, file);
    // content-addressed: an existing key already holds exactly these bytes
    if (!(await deps.blobs.head(key)))
      await deps.blobs.put(key, rendition.body, {
        contentType: 'image/png',
        metadata: { tenantId, kind, rendition: rendition.name },
      });
    urls[rendition.name] = imageUrl(deps.publicUrl, tenantId, file);
  }
  return {
    url: urls[DefaultRendition[kind]]!,
    renditions: urls,
    contentHash: contentHashOf(renditions),
    uploadedAt: deps.clock().toISOString(),
  };
}

export function createBrandingService(deps: BrandingServiceDeps) {
  const { blobs, tenants } = deps;

  const store = (tenantId: string, kind: ImageKind, renditions: Rendition[]) =>
    storeRenditions(deps, tenantId, kind, renditions);

  /** The bytes of one of the tenant's stored images, by the rendition name in its TenantImage. */
  async function renditionBytes(tenantId: string, image: TenantImage, rendition: string) {
    const url = image.renditions[rendition];
    if (!url) return null;
    return (await blobs.get(imageKey(tenantId, fileOf(url))))?.body ?? null;
  }

  return {
    renditionBytes,

    async uploadLogo(tenantId: string, actorId: string, bytes: Buffer): Promise<TenantResponse> {
      const tenant = await tenants.writableTenant(tenantId);
      await inspectUpload('logo', bytes);
      const source = await logoSource(bytes);
      const logo = await store(tenantId, 'logo', await renderLogo(source, tenant.branding.backgroundColor));
      return tenants.changeLogo(tenantId, actorId, logo);
    },

    async uploadHeroImage(tenantId: string, actorId: string, bytes: Buffer): Promise<TenantResponse> {
      await tenants.writableTenant(tenantId);
      await inspectUpload('hero', bytes);
      const heroImage = await store(tenantId, 'hero', await renderHero(bytes));
      return tenants.changeHeroImage(tenantId, actorId, heroImage);
    },

    async deleteHeroImage(tenantId: string, actorId: string): Promise<TenantResponse> {
      return tenants.changeHeroImage(tenantId, actorId, null);
    },

    /**
     * After a colour change: the icon and the Google logo sit on the card background, so they are rendered
     * again from the stored source (same colours ⇒ same hash ⇒ no event).
     */
    async rerenderLogo(tenantId: string, actorId: string): Promise<TenantResponse | null> {
      const tenant = await tenants.writableTenant(tenantId);
      if (!tenant.logo) return null;
      const source = await renditionBytes(tenantId, tenant.logo, 'source');
      if (!source) return null;
      const logo = await store(tenantId, 'logo', await renderLogo(source, tenant.branding.backgroundColor));
      return tenants.changeLogo(tenantId, actorId, logo);
    },

    /** A public image file, or null (unknown name, unknown or deleted tenant). */
    async image(tenantId: string, file: string): Promise<Blob | null> {
      const key = imageKey(tenantId, file);
      if (!FILE.test(file) || !isValidBlobKey(key)) return null;
      const tenant = await tenants.findTenant(tenantId);
      if (!tenant || tenant.status === 'deleted') return null;
      return blobs.get(key);
    },

    /** Removes every image of a (deleted) tenant; best effort, repeatable. */
    async removeImages(tenantId: string): Promise<number> {
      const prefix = `tenants/${tenantId}/images/`;
      if (!isValidBlobKey(`${prefix}x`)) return 0;
      const infos = await blobs.list(prefix);
      for (const info of infos) await blobs.delete(info.key);
      return infos.length;
    },
  };
}

export type BrandingService = ReturnType<typeof createBrandingService>;
