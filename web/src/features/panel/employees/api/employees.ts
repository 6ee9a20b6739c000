import * as endpoints from '@punkto/contracts/endpoints/tenant';
import type { InviteEmployeeRequest } from '@punkto/contracts/employees';
import type { z } from 'zod';
import type { Permission } from '@punkto/contracts/permissions';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';
import { withEmployeePermissions } from '../utils/permission-matrix';

export type EmployeePage = z.output<NonNullable<typeof endpoints.listEmployees.response>>;

export type EmployeesQuery = {
  pageNumber: number;
  pageSize: number;
  searchTerm: string;
  sortBy: 'name' | 'email' | 'invitedAt' | 'status';
  sortDescending: boolean;
};

export const employeesQueryKey = (tenantId: string) => ['tenants', tenantId, 'employees'] as const;

/** GET /tenants/{id}/employees (paged, searchable, sortable); the previous page stays visible while loading. */
export function employeesQueryOptions(tenantId: string, query: EmployeesQuery) {
  return queryOptions({
    queryKey: [...employeesQueryKey(tenantId), query] as const,
    queryFn: ({ signal }) =>
      api.call(endpoints.listEmployees, {
        params: { id: tenantId },
        query: { ...query, searchTerm: query.searchTerm.trim() || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /permissions: the catalogue with Polish labels and groups (changes only with a deployment). */
export function permissionCatalogueQueryOptions() {
  return queryOptions({
    queryKey: ['permissions'] as const,
    queryFn: ({ signal }) => api.call(endpoints.getPermissions, { signal }),
    select: (catalogue) => catalogue.permissions,
    staleTime: Infinity,
  });
}

function useEmployeesMutation<TVariables, TResult>(
  tenantId: string,
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: employeesQueryKey(tenantId) }),
  });
}

/** POST /tenants/{id}/employees: the account is created and an invitation e-mail goes out. */
export function useInviteEmployee(tenantId: string) {
  return useEmployeesMutation(tenantId, (body: InviteEmployeeRequest) =>
    api.call(endpoints.inviteEmployee, { params: { id: tenantId }, body }),
  );
}

/** PATCH /tenants/{id}/employees/{employeeId}: the name. */
export function useRenameEmployee(tenantId: string) {
  return useEmployeesMutation(tenantId, ({ employeeId, name }: { employeeId: string; name: string }) =>
    api.call(endpoints.updateEmployee, { params: { id: tenantId, employeeId }, body: { name } }),
  );
}

/** DELETE /tenants/{id}/employees/{employeeId}: the account is closed and its sessions end. */
export function useRemoveEmployee(tenantId: string) {
  return useEmployeesMutation(tenantId, (employeeId: string) =>
    api.call(endpoints.deleteEmployee, { params: { id: tenantId, employeeId } }),
  );
}

/** POST …/{employeeId}/reset-password: e-mails a link to set a new password (active employees). */
export function useResetEmployeePassword(tenantId: string) {
  return useEmployeesMutation(tenantId, (employeeId: string) =>
    api.call(endpoints.resetEmployeePassword, { params: { id: tenantId, employeeId } }),
  );
}

/** POST /tenants/{id}/employees/resend-activation: a new invitation (invited employees). */
export function useResendInvitation(tenantId: string) {
  return useEmployeesMutation(tenantId, (employeeId: string) =>
    api.call(endpoints.resendEmployeeActivation, { params: { id: tenantId }, body: { employeeId } }),
  );
}

const permissionsMutationKey = (tenantId: string) =>
  ['tenants', tenantId, 'employees', 'permissions'] as const;

/**
 * PATCH …/{employeeId}/permissions with the whole new set, OPTIMISTIC: every cached page shows the new
 * set at once; on an error the pages roll back to their snapshot (the caller shows the server's message).
 * Only the last of several quick toggles refetches, so an earlier answer cannot undo a later click.
 */
export function useUpdateEmployeePermissions(tenantId: string) {
  const queryClient = useQueryClient();
  const listKey = employeesQueryKey(tenantId);
  return useMutation({
    mutationKey: permissionsMutationKey(tenantId),
    mutationFn: ({ employeeId, permissions }: { employeeId: string; permissions: Permission[] }) =>
      api.call(endpoints.updateEmployeePermissions, {
        params: { id: tenantId, employeeId },
        body: { permissions },
      }),
    onMutate: async ({ employeeId, permissions }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const snapshot = queryClient.getQueriesData<EmployeePage>({ queryKey: listKey });
      queryClient.setQueriesData<EmployeePage>({ queryKey: listKey }, (page) =>
        withEmployeePermissions(page, employeeId, permissions),
      );
      return { snapshot };
    },
    onError: (_error, _variables, context) => {
      for (const [key, page] of context?.snapshot ?? []) queryClient.setQueryData(key, page);
    },
    onSuccess: (employee) => {
      queryClient.setQueriesData<EmployeePage>({ queryKey: listKey }, (page) =>
        withEmployeePermissions(page, employee.id, employee.permissions),
      );
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: permissionsMutationKey(tenantId) }) === 1) {
        return queryClient.invalidateQueries({ queryKey: listKey });
      }
      return undefined;
    },
  });
}
