import * as endpoints from '@punkto/contracts/endpoints/tenant';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';

/** DELETE /tenants/delete-tenant: the owner's own company, confirmed with its name (owners only). */
export async function deleteTenant(body: { confirmCompanyName: string }): Promise<void> {
  await api.call(endpoints.deleteTenant, { body });
}

export function useDeleteTenant() {
  return useMutation({ mutationFn: deleteTenant });
}
