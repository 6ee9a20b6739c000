import { Permissions } from '@punkto/contracts/permissions';
import { deciderSpecification } from '@punkto/platform/es/decider-specification';
import { describe, expect, it } from 'vitest';
import type { EmployeeEvent } from './employee';
import { employeeDecider, type EmployeeCommand } from './employee.decider';
import {
  EmployeeAlreadyActiveError,
  EmployeeAlreadyExistsError,
  EmployeeNotActiveError,
  EmployeeNotFoundError,
} from './employee.errors';

const spec = deciderSpecification(employeeDecider);
const now = new Date('2026-03-01T10:00:00.000Z');
const at = now.toISOString();
const earlier = '2026-02-01T10:00:00.000Z';
const employeeId = 'e1';
const tenantId = 't1';

// test-data mothers
const cmd = <C extends EmployeeCommand>(type: C['type'], data: C['data']) =>
  ({ type, data, metadata: { now } }) as C;
const invited: EmployeeEvent = {
  type: 'EmployeeInvited',
  data: {
    employeeId,
    tenantId,
    email: 'jan@example.pl',
    name: 'Jan Kowalski',
    permissions: [Permissions.cardsScan],
    companyName: 'Kawiarnia Pod Lipą',
    invitedAt: earlier,
  },
};
const activated: EmployeeEvent = {
  type: 'EmployeeActivated',
  data: { employeeId, tenantId, activatedAt: earlier },
};
const removed: EmployeeEvent = {
  type: 'EmployeeRemoved',
  data: { employeeId, tenantId, removedAt: earlier },
};

describe('when no employee exists', () => {
  it('inviting records EmployeeInvited with the permissions as a sorted set', () =>
    spec
      .given([])
      .when(
        cmd('InviteEmployee', {
          tenantId,
          employeeId,
          email: 'jan@example.pl',
          name: 'Jan Kowalski',
          permissions: [Permissions.cardsScan, Permissions.cardsAward, Permissions.cardsScan],
          companyName: 'Kawiarnia Pod Lipą',
        }),
      )
      .then([
        {
          type: 'EmployeeInvited',
          data: {
            employeeId,
            tenantId,
            email: 'jan@example.pl',
            name: 'Jan Kowalski',
            permissions: [Permissions.cardsAward, Permissions.cardsScan],
            companyName: 'Kawiarnia Pod Lipą',
            invitedAt: at,
          },
        },
      ]));

  it('every other command finds no employee', () => {
    for (const command of [
      cmd('UpdateEmployee', { tenantId, name: 'X Y' }),
      cmd('ChangeEmployeePermissions', { tenantId, permissions: [] }),
      cmd('RequestEmployeePasswordReset', { tenantId }),
      cmd('ResendEmployeeInvitation', { tenantId, companyName: 'K' }),
      cmd('ActivateEmployee', { tenantId }),
      cmd('RemoveEmployee', { tenantId }),
    ])
      spec.given([]).when(command).thenThrows(EmployeeNotFoundError);
  });
});

describe('when the employee is invited (no password yet)', () => {
  it('inviting again on the same stream is refused', () =>
    spec
      .given([invited])
      .when(
        cmd('InviteEmployee', {
          tenantId,
          employeeId,
          email: 'jan@example.pl',
          name: 'Jan',
          permissions: [],
          companyName: 'K',
        }),
      )
      .thenThrows(EmployeeAlreadyExistsError));

  it('the invitation can be resent, with the current company name', () =>
    spec
      .given([invited])
      .when(cmd('ResendEmployeeInvitation', { tenantId, companyName: 'Kawiarnia Nowa' }))
      .then([
        {
          type: 'EmployeeInvitationResent',
          data: { employeeId, tenantId, companyName: 'Kawiarnia Nowa', resentAt: at },
        },
      ]));

  it('a password reset is refused: not active yet', () =>
    spec
      .given([invited])
      .when(cmd('RequestEmployeePasswordReset', { tenantId }))
      .thenThrows(EmployeeNotActiveError, (e) => expect(e.code).toBe('EMPLOYEE.NOT_ACTIVE')));

  it("identity's report activates the employee once", () => {
    spec
      .given([invited])
      .when(cmd('ActivateEmployee', { tenantId }))
      .then([{ type: 'EmployeeActivated', data: { employeeId, tenantId, activatedAt: at } }]);
    spec.given([invited, activated]).when(cmd('ActivateEmployee', { tenantId })).thenNothingHappens();
  });

  it('another tenant cannot see or change the employee', () => {
    for (const command of [
      cmd('UpdateEmployee', { tenantId: 't2', name: 'X Y' }),
      cmd('ChangeEmployeePermissions', { tenantId: 't2', permissions: [] }),
      cmd('ResendEmployeeInvitation', { tenantId: 't2', companyName: 'K' }),
      cmd('RemoveEmployee', { tenantId: 't2' }),
    ])
      spec.given([invited]).when(command).thenThrows(EmployeeNotFoundError);
  });
});

describe('when the employee is active', () => {
  const given = [invited, activated];

  it('resending the invitation is refused: already active', () =>
    spec
      .given(given)
      .when(cmd('ResendEmployeeInvitation', { tenantId, companyName: 'K' }))
      .thenThrows(EmployeeAlreadyActiveError, (e) => expect(e.code).toBe('EMPLOYEE.ALREADY_ACTIVE')));

  it('a password reset is requested', () =>
    spec
      .given(given)
      .when(cmd('RequestEmployeePasswordReset', { tenantId }))
      .then([{ type: 'EmployeePasswordResetRequested', data: { employeeId, tenantId, requestedAt: at } }]));

  it('a new name is recorded; the same name or no name changes nothing', () => {
    spec
      .given(given)
      .when(cmd('UpdateEmployee', { tenantId, name: 'Jan Nowak' }))
      .then([{ type: 'EmployeeUpdated', data: { employeeId, tenantId, name: 'Jan Nowak', updatedAt: at } }]);
    spec
      .given(given)
      .when(cmd('UpdateEmployee', { tenantId, name: 'Jan Kowalski' }))
      .thenNothingHappens();
    spec.given(given).when(cmd('UpdateEmployee', { tenantId })).thenNothingHappens();
  });

  it('permissions change as a set: another order of the same set changes nothing', () => {
    spec
      .given(given)
      .when(
        cmd('ChangeEmployeePermissions', {
          tenantId,
          permissions: [Permissions.clientsView, Permissions.cardsScan],
        }),
      )
      .then([
        {
          type: 'EmployeePermissionsChanged',
          data: {
            employeeId,
            tenantId,
            permissions: [Permissions.cardsScan, Permissions.clientsView],
            changedAt: at,
          },
        },
      ]);
    spec
      .given(given)
      .when(cmd('ChangeEmployeePermissions', { tenantId, permissions: [Permissions.cardsScan] }))
      .thenNothingHappens();
  });

  it('removing records EmployeeRemoved', () =>
    spec
      .given(given)
      .when(cmd('RemoveEmployee', { tenantId }))
      .then([{ type: 'EmployeeRemoved', data: { employeeId, tenantId, removedAt: at } }]));
});

describe("when identity reports the employee's confirmed new address (ADR 0053)", () => {
  const changed: EmployeeEvent = {
    type: 'EmployeeEmailChanged',
    data: { employeeId, tenantId, email: 'jan.nowy@example.pl', changedAt: at },
  };

  it('the company records the new address', () =>
    spec
      .given([invited, activated])
      .when(cmd('ChangeEmployeeEmail', { tenantId, email: 'jan.nowy@example.pl' }))
      .then([changed]));

  it('a redelivered report (the address is already the employee’s) changes nothing', () =>
    spec
      .given([invited, activated, changed])
      .when(cmd('ChangeEmployeeEmail', { tenantId, email: 'jan.nowy@example.pl' }))
      .thenNothingHappens());

  it('a later change after the first one is recorded again, and the state holds the newest address', () => {
    spec
      .given([invited, activated, changed])
      .when(cmd('ChangeEmployeeEmail', { tenantId, email: 'jan@example.pl' }))
      .then([
        {
          type: 'EmployeeEmailChanged',
          data: { employeeId, tenantId, email: 'jan@example.pl', changedAt: at },
        },
      ]);
    const state = [invited, activated, changed].reduce(
      employeeDecider.evolve,
      employeeDecider.initialState(),
    );
    expect(state).toMatchObject({ status: 'active', email: 'jan.nowy@example.pl' });
  });

  it('a report about a removed employee changes nothing', () =>
    spec
      .given([invited, activated, removed])
      .when(cmd('ChangeEmployeeEmail', { tenantId, email: 'jan.nowy@example.pl' }))
      .thenNothingHappens());

  it('a report naming another tenant, or no employee, finds nobody', () => {
    spec
      .given([invited, activated])
      .when(cmd('ChangeEmployeeEmail', { tenantId: 't2', email: 'jan.nowy@example.pl' }))
      .thenThrows(EmployeeNotFoundError);
    spec
      .given([])
      .when(cmd('ChangeEmployeeEmail', { tenantId, email: 'jan.nowy@example.pl' }))
      .thenThrows(EmployeeNotFoundError);
  });
});

describe('when the employee was removed', () => {
  const given = [invited, activated, removed];

  it('removing again and a late activation report change nothing', () => {
    spec.given(given).when(cmd('RemoveEmployee', { tenantId })).thenNothingHappens();
    spec.given([invited, removed]).when(cmd('ActivateEmployee', { tenantId })).thenNothingHappens();
  });

  it('nothing else is possible', () => {
    for (const command of [
      cmd('UpdateEmployee', { tenantId, name: 'X Y' }),
      cmd('ChangeEmployeePermissions', { tenantId, permissions: [] }),
      cmd('RequestEmployeePasswordReset', { tenantId }),
      cmd('ResendEmployeeInvitation', { tenantId, companyName: 'K' }),
    ])
      spec.given(given).when(command).thenThrows(EmployeeNotFoundError);
  });
});
