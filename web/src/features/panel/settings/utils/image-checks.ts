import { TenantErrors, UploadLimits, type TenantImage } from '@punkto/contracts/tenant';

/** The two tenant images and their multipart fields (SPEC §3: Logo / HeroImage). */
export type TenantImageKind = 'logo' | 'hero';
export const imageField: Record<TenantImageKind, 'Logo' | 'HeroImage'> = { logo: 'Logo', hero: 'HeroImage' };

/**
 * The client-side pre-check of a chosen file with the server's limits (UploadLimits) and messages: a type other
 * than PNG/JPEG/WebP, or more than 5 MB, is refused before uploading. The server still checks the content
 * (a text file named .png passes here and is refused there with the same message).
 */
export function checkImageFile(file: { type: string; size: number }): string | null {
  if (!(UploadLimits.acceptedTypes as readonly string[]).includes(file.type.toLowerCase())) {
    return TenantErrors.uploadType.message;
  }
  if (file.size > UploadLimits.maxBytes) return TenantErrors.uploadTooLarge.message;
  if (file.size === 0) return TenantErrors.uploadMissing.message;
  return null;
}

/**
 * An image URL the SPA can show whatever PUBLIC_URL says: the tenant service answers absolute public URLs (wallets
 * fetch them); in the browser the same path on our own origin is used (the CSP allows images from 'self').
 */
export function sameOriginImageUrl(url: string): string {
  try {
    const parsed = new URL(url, 'http://same-origin.invalid');
    if (parsed.pathname.startsWith('/api/')) return `${parsed.pathname}${parsed.search}`;
  } catch {
    // not a URL: use it as it is
  }
  return url;
}

/** The first rendition of `names` the image has (e.g. `logo@2x`), else its default URL; same-origin. */
export function imageUrl(
  image: TenantImage | null | undefined,
  names: readonly string[] = [],
): string | null {
  if (!image) return null;
  const name = names.find((n) => image.renditions[n]);
  return sameOriginImageUrl(name ? image.renditions[name]! : image.url);
}
