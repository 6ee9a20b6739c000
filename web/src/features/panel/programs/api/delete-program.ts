import * as endpoints from '@punkto/contracts/endpoints/tenant';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';
import { tenantSetupChanged } from '../../shell/api/tenant-configured';
import { programsQueryKey } from './list-programs';

/** DELETE /tenants/{id}/loyalty-programs/{programId} (programs.manage). */
export async function deleteProgram(tenantId: string, programId: string): Promise<void> {
  await api.call(endpoints.deleteProgram, { params: { id: tenantId, programId } });
}

export function useDeleteProgram(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (programId: string) => deleteProgram(tenantId, programId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: programsQueryKey(tenantId) });
      await tenantSetupChanged(queryClient, tenantId);
    },
  });
}
