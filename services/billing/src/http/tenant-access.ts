import { Permissions, Roles } from '@punkto/contracts/permissions';
import { hasPermission, type AuthUser } from '@punkto/platform/http/auth-plugin';
import { PermissionDeniedError, UnauthenticatedError } from '@punkto/platform/errors/errors';
import type { FastifyRequest } from 'fastify';

/**
 * The caller may manage billing of `tenantId` (named in a query or body, where requireTenantAccess cannot
 * see it): the owner or an employee of THAT tenant holding "Subskrypcja i płatności"; anyone else 403.
 */
export function billingManager(request: FastifyRequest, tenantId: string | undefined): AuthUser {
  const user = request.user;
  if (!user) throw new UnauthenticatedError();
  const isStaff = user.role === Roles.owner || user.role === Roles.employee;
  if (!isStaff || !tenantId || user.tenantId !== tenantId) throw new PermissionDeniedError();
  if (!hasPermission(user, Permissions.billingManage)) throw new PermissionDeniedError();
  return user;
}
