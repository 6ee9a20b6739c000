import { TenantErrors, UploadLimits } from '@punkto/contracts/tenant';
import { describe, expect, it } from 'vitest';
import { checkImageFile, imageUrl, sameOriginImageUrl } from './image-checks';

describe('checkImageFile (same limits as the tenant service)', () => {
  it('accepts PNG, JPEG and WebP up to 5 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp'])
      expect(checkImageFile({ type, size: UploadLimits.maxBytes })).toBeNull();
  });

  it('refuses other types with the Polish message', () => {
    for (const type of ['text/plain', 'image/gif', 'image/svg+xml', 'application/pdf', ''])
      expect(checkImageFile({ type, size: 1000 })).toBe(TenantErrors.uploadType.message);
  });

  it('refuses a file over 5 MB and an empty one', () => {
    expect(checkImageFile({ type: 'image/png', size: UploadLimits.maxBytes + 1 })).toBe(
      'Plik jest za duży. Maksymalny rozmiar to 5 MB.',
    );
    expect(checkImageFile({ type: 'image/png', size: 0 })).toBe(TenantErrors.uploadMissing.message);
  });
});

describe('image URLs', () => {
  const image = {
    url: 'http://localhost:8080/api/v1/tenants/t1/images/logo-abc.png',
    renditions: { 'logo@2x': 'https://punkto.pl/api/v1/tenants/t1/images/logo-abc@2x.png' },
    contentHash: 'abc',
    uploadedAt: '2026-01-01T00:00:00.000Z',
  };

  it('uses the same origin for API paths', () => {
    expect(sameOriginImageUrl(image.url)).toBe('/api/v1/tenants/t1/images/logo-abc.png');
    expect(sameOriginImageUrl('/api/v1/tenants/t1/images/a.png')).toBe('/api/v1/tenants/t1/images/a.png');
    expect(sameOriginImageUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
  });

  it('prefers a named rendition and falls back to the default URL', () => {
    expect(imageUrl(image, ['logo@3x', 'logo@2x'])).toBe('/api/v1/tenants/t1/images/logo-abc@2x.png');
    expect(imageUrl(image, ['google-logo'])).toBe('/api/v1/tenants/t1/images/logo-abc.png');
    expect(imageUrl(null)).toBeNull();
  });
});
