import { TenantResponse } from '@punkto/contracts/tenant';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';
import { tenantQueryKey } from '../../shell/api/get-tenant';
import { imageField, type TenantImageKind } from '../utils/image-checks';

const uploadPath: Record<TenantImageKind, string> = { logo: 'upload-logo', hero: 'upload-hero-image' };

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
  return api.upload(`/tenants/${encodeURIComponent(tenantId)}/${uploadPath[kind]}`, form, {
    schema: TenantResponse,
  });
}

/** DELETE /tenants/{id}/hero-image. */
export function deleteHeroImage(tenantId: string): Promise<TenantResponse> {
  return api.delete(`/tenants/${encodeURIComponent(tenantId)}/hero-image`, { schema: TenantResponse });
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
