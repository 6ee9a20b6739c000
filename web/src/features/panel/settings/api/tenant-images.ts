import * as endpoints from '@punkto/contracts/endpoints/tenant';
import type { TenantResponse } from '@punkto/contracts/tenant';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';
import { tenantQueryKey } from '../../../../lib/queries/tenant';
import { imageField, type TenantImageKind } from '../utils/image-checks';

const upload = { logo: endpoints.uploadLogo, hero: endpoints.uploadHeroImage } as const;

/**
 * POST /tenants/{id}/upload-logo (multipart field `Logo`) or upload-hero-image (`HeroImage`), tenant.settings.
 * The server checks the content, resizes for the wallets and answers the company with the new image URLs.
 */
export function uploadTenantImage(
  tenantId: string,
  kind: TenantImageKind,
  file: File,
): Promise<TenantResponse> {
  const form = new FormData();
  form.append(imageField[kind], file, file.name);
  return api.call(upload[kind], { params: { id: tenantId }, body: form });
}

/** DELETE /tenants/{id}/hero-image. */
export function deleteHeroImage(tenantId: string): Promise<TenantResponse> {
  return api.call(endpoints.deleteHeroImage, { params: { id: tenantId } });
}

export function useUploadTenantImage(tenantId: string, kind: TenantImageKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadTenantImage(tenantId, kind, file),
    onSuccess: (tenant) => queryClient.setQueryData(tenantQueryKey(tenantId), tenant),
  });
}

export function useDeleteHeroImage(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteHeroImage(tenantId),
    onSuccess: (tenant) => queryClient.setQueryData(tenantQueryKey(tenantId), tenant),
  });
}
