import * as api from '@punkto/contracts/endpoints/tenant';
import { Roles, type Permission } from '@punkto/contracts/permissions';
import { hasPermission, type AuthUser } from '@punkto/platform/http/auth-plugin';
import { registerEndpoint } from '@punkto/platform/http/endpoint-route';
import type { FastifyInstance } from 'fastify';
import { EmployeeIsOwnerError, EmployeeSelfManagementError } from './employee.errors';
import type { EmployeeService } from './employee.service';

/**
 * /tenants/{id}/employees: every route needs `employees.manage` in the tenant of the path (owners hold every
 * permission; another tenant's user gets 403, SPEC §8). Two extra rules keep an employee who manages staff
 * from escalating: they may grant only permissions they hold themselves (keeping or removing others' is
 * fine), and they cannot change their own
 * permissions or remove themselves.
 */

const ACCEPTED = {
  reset: 'Wysłaliśmy pracownikowi e-mail z linkiem do ustawienia nowego hasła.',
  resend: 'Wysłaliśmy pracownikowi nowe zaproszenie.',
} as const;

/** `already`: what the employee holds now (keeping a permission is not granting it) */
function assertCanGrant(user: AuthUser, permissions: Permission[], already: Permission[] = []) {
  const beyond = permissions.filter((p) => !already.includes(p) && !hasPermission(user, p));
  if (beyond.length) throw new EmployeeSelfManagementError('beyondOwnPermissions');
}

function assertNotSelf(user: AuthUser, employeeId: string) {
  if (user.id === employeeId) throw new EmployeeSelfManagementError('selfChange');
}

export function employeeRoutes(app: FastifyInstance, service: EmployeeService) {
  registerEndpoint(app, api.inviteEmployee, async ({ params, body, request }) => {
    const user = request.user!;
    // owners are not employees: the owner's own address is refused here (identity also never turns an
    // existing account into an employee)
    if (user.role === Roles.owner && user.email === body.email) throw new EmployeeIsOwnerError();
    assertCanGrant(user, body.permissions);
    return service.invite(params.id, user, body);
  });

  registerEndpoint(app, api.listEmployees, async ({ params, query }) => service.list(params.id, query));

  registerEndpoint(app, api.updateEmployee, async ({ params, body, request }) =>
    service.update(params.id, request.user!, params.employeeId, body),
  );

  registerEndpoint(app, api.deleteEmployee, async ({ params, request }) => {
    assertNotSelf(request.user!, params.employeeId);
    await service.remove(params.id, request.user!, params.employeeId);
    return undefined;
  });

  registerEndpoint(app, api.resetEmployeePassword, async ({ params, request }) => {
    await service.requestPasswordReset(params.id, request.user!, params.employeeId);
    return { message: ACCEPTED.reset };
  });

  registerEndpoint(app, api.updateEmployeePermissions, async ({ params, body, request }) => {
    const user = request.user!;
    assertNotSelf(user, params.employeeId);
    const current = await service.get(params.id, params.employeeId);
    assertCanGrant(user, body.permissions, current.permissions);
    return service.changePermissions(params.id, user, params.employeeId, body.permissions);
  });

  registerEndpoint(app, api.resendEmployeeActivation, async ({ params, body, request }) => {
    await service.resendInvitation(params.id, request.user!, body.employeeId);
    return { message: ACCEPTED.resend };
  });
}
