import * as endpoints from '@punkto/contracts/endpoints/tenant';
import type { Program, ProgramInput } from '@punkto/contracts/programs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';
import { tenantSetupChanged } from '../../shell/api/tenant-configured';
import { programsQueryKey } from './list-programs';

/** POST /tenants/{id}/loyalty-programs (programs.manage). */
export function createProgram(tenantId: string, body: ProgramInput): Promise<Program> {
  return api.call(endpoints.createProgram, { params: { id: tenantId }, body });
}

/** PUT /tenants/{id}/loyalty-programs/{programId} (programs.manage; the kind cannot change). */
export function updateProgram(tenantId: string, programId: string, body: ProgramInput): Promise<Program> {
  return api.call(endpoints.updateProgram, { params: { id: tenantId, programId }, body });
}

/**
 * Create (no programId) or update; the list and the "configured" check are asked again afterwards, and the
 * cached analytics are marked stale: their liability values rewards by their cost to the business (the key
 * prefix of features/panel/analytics/api/get-analytics.ts, written out: that feature imports this one).
 */
export function useSaveProgram(tenantId: string, programId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProgramInput) =>
      programId ? updateProgram(tenantId, programId, body) : createProgram(tenantId, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: programsQueryKey(tenantId) });
      await tenantSetupChanged(queryClient, tenantId);
      await queryClient.invalidateQueries({
        queryKey: ['tenants', tenantId, 'analytics'],
        refetchType: 'none',
      });
    },
  });
}
