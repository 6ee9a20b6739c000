import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';

/** DELETE /tenants/delete-tenant: the owner's own company, confirmed with its name (owners only). */
export async function deleteTenant(body: { confirmCompanyName: string }): Promise<void> {
  await api.delete('/tenants/delete-tenant', { body });
}

export function useDeleteTenant() {
  return useMutation({ mutationFn: deleteTenant });
}
