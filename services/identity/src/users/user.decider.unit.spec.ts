import { Permissions, Roles, type Permission } from '@punkto/contracts/permissions';
import { deciderSpecification } from '@punkto/platform/es/decider-specification';
import { describe, it } from 'vitest';
import { userDecider, type UserCommand } from './user.decider';
import {
  EmailUnchangedError,
  InvalidTokenError,
  NoPendingEmailChangeError,
  NotACustomerError,
  PhoneOnlyForCustomersError,
  TenantAlreadyAssignedError,
  UserAlreadyExistsError,
  UserNotFoundError,
} from './user.errors';
import type { UserEvent } from './user';

const spec = deciderSpecification(userDecider);
const now = new Date('2025-03-01T10:00:00.000Z');
const at = now.toISOString();
const earlier = '2025-02-01T10:00:00.000Z';
const userId = 'u1';

// test-data mothers
const cmd = <C extends UserCommand>(type: C['type'], data: C['data']) =>
  ({ type, data, metadata: { now } }) as C;
const registered = (
  overrides: Partial<Extract<UserEvent, { type: 'UserRegistered' }>['data']> = {},
): UserEvent => ({
  type: 'UserRegistered',
  data: {
    userId,
    email: 'ania@example.pl',
    username: 'Ania Nowak',
    passwordHash: 'hash-1',
    role: Roles.owner,
    tenantId: null,
    consents: { terms: { accepted: true, at: earlier }, marketing: { granted: false, at: earlier } },
    preferences: { emailNotifications: true, marketingConsent: false, companyMessages: true, surveys: true },
    registeredAt: earlier,
    ...overrides,
  },
});
const activated: UserEvent = { type: 'UserActivated', data: { userId, activatedAt: earlier } };
const deleted: UserEvent = { type: 'UserDeleted', data: { userId, reason: 'self', deletedAt: earlier } };

describe('when no user exists', () => {
  it('registering records the user with consents and default preferences', () =>
    spec
      .given([])
      .when(
        cmd('RegisterUser', {
          userId,
          email: 'ania@example.pl',
          username: 'Ania Nowak',
          passwordHash: 'hash-1',
          role: Roles.customer,
          marketingConsent: true,
          phone: null,
        }),
      )
      .then([
        {
          type: 'UserRegistered',
          data: {
            userId,
            email: 'ania@example.pl',
            username: 'Ania Nowak',
            passwordHash: 'hash-1',
            role: Roles.customer,
            tenantId: null,
            consents: { terms: { accepted: true, at }, marketing: { granted: true, at } },
            preferences: {
              emailNotifications: true,
              marketingConsent: true,
              companyMessages: true,
              surveys: true,
            },
            registeredAt: at,
          },
        },
      ]));

  it('activation fails as an invalid token', () =>
    spec.given([]).when(cmd('ActivateUser', {})).thenThrows(InvalidTokenError));

  it('changing the name fails: no such user', () =>
    spec
      .given([])
      .when(cmd('ChangeUsername', { username: 'X' }))
      .thenThrows(UserNotFoundError));
});

describe('when the user registered but did not activate', () => {
  it('activation activates', () =>
    spec
      .given([registered()])
      .when(cmd('ActivateUser', {}))
      .then([{ type: 'UserActivated', data: { userId, activatedAt: at } }]));

  it('registering again on the same stream is refused', () =>
    spec
      .given([registered()])
      .when(
        cmd('RegisterUser', {
          userId,
          email: 'x@example.pl',
          username: 'X X',
          passwordHash: 'h',
          role: Roles.owner,
          marketingConsent: false,
          phone: null,
        }),
      )
      .thenThrows(UserAlreadyExistsError));

  it('a password reset sets the password and activates (the link proved the address)', () =>
    spec
      .given([registered()])
      .when(cmd('ResetPassword', { passwordHash: 'hash-2' }))
      .then([
        { type: 'PasswordChanged', data: { userId, passwordHash: 'hash-2', reason: 'reset', changedAt: at } },
        { type: 'UserActivated', data: { userId, activatedAt: at } },
      ]));
});

describe('when the user is active', () => {
  const active = [registered(), activated];

  it('activating again changes nothing (a second click on the link)', () =>
    spec.given(active).when(cmd('ActivateUser', {})).thenNothingHappens());

  it('changing the password records the new hash', () =>
    spec
      .given(active)
      .when(cmd('ChangePassword', { passwordHash: 'hash-2' }))
      .then([
        {
          type: 'PasswordChanged',
          data: { userId, passwordHash: 'hash-2', reason: 'change', changedAt: at },
        },
      ]));

  it('requesting a reset is recorded (audit trail)', () =>
    spec
      .given(active)
      .when(cmd('RequestPasswordReset', {}))
      .then([{ type: 'PasswordResetRequested', data: { userId, requestedAt: at } }]));

  it('requesting an e-mail change keeps the old address until confirmed', () =>
    spec
      .given(active)
      .when(cmd('RequestEmailChange', { newEmail: 'nowy@example.pl' }))
      .then([
        { type: 'EmailChangeRequested', data: { userId, newEmail: 'nowy@example.pl', requestedAt: at } },
      ]));

  it('requesting the current address is refused', () =>
    spec
      .given(active)
      .when(cmd('RequestEmailChange', { newEmail: 'ania@example.pl' }))
      .thenThrows(EmailUnchangedError));

  it('confirming without a pending change is refused', () =>
    spec
      .given(active)
      .when(cmd('ConfirmEmailChange', { email: 'nowy@example.pl' }))
      .thenThrows(NoPendingEmailChangeError));

  it('the same name changes nothing, another one is recorded', () => {
    spec
      .given(active)
      .when(cmd('ChangeUsername', { username: 'Ania Nowak' }))
      .thenNothingHappens();
    spec
      .given(active)
      .when(cmd('ChangeUsername', { username: 'Anna Nowak' }))
      .then([{ type: 'UsernameChanged', data: { userId, username: 'Anna Nowak', changedAt: at } }]);
  });

  it('preferences merge; unchanged preferences produce no event', () => {
    spec
      .given(active)
      .when(cmd('ChangePreferences', { preferences: { emailNotifications: true } }))
      .thenNothingHappens();
    spec
      .given(active)
      .when(cmd('ChangePreferences', { preferences: { marketingConsent: true } }))
      .then([
        {
          type: 'PreferencesChanged',
          data: {
            userId,
            preferences: {
              emailNotifications: true,
              marketingConsent: true,
              companyMessages: true,
              surveys: true,
            },
            changedAt: at,
          },
        },
      ]);
  });

  it('an owner gets their tenant once; the same tenant again is a no-op; another one is refused', () => {
    spec
      .given(active)
      .when(cmd('AssignTenant', { tenantId: 't1' }))
      .then([{ type: 'UserTenantAssigned', data: { userId, tenantId: 't1', assignedAt: at } }]);
    const assigned: UserEvent = {
      type: 'UserTenantAssigned',
      data: { userId, tenantId: 't1', assignedAt: earlier },
    };
    spec
      .given([...active, assigned])
      .when(cmd('AssignTenant', { tenantId: 't1' }))
      .thenNothingHappens();
    spec
      .given([...active, assigned])
      .when(cmd('AssignTenant', { tenantId: 't2' }))
      .thenThrows(TenantAlreadyAssignedError);
  });

  it('a customer is never assigned a tenant', () =>
    spec
      .given([registered({ role: Roles.customer }), activated])
      .when(cmd('AssignTenant', { tenantId: 't1' }))
      .thenNothingHappens());

  it('deleting records UserDeleted', () =>
    spec
      .given(active)
      .when(cmd('DeleteUser', { reason: 'self' }))
      .then([{ type: 'UserDeleted', data: { userId, reason: 'self', deletedAt: at } }]));
});

describe('when an e-mail change is pending', () => {
  const pending: UserEvent[] = [
    registered(),
    activated,
    { type: 'EmailChangeRequested', data: { userId, newEmail: 'nowy@example.pl', requestedAt: earlier } },
  ];

  it('confirming the pending address changes the e-mail', () =>
    spec
      .given(pending)
      .when(cmd('ConfirmEmailChange', { email: 'nowy@example.pl' }))
      .then([
        {
          type: 'EmailChanged',
          data: { userId, email: 'nowy@example.pl', previousEmail: 'ania@example.pl', changedAt: at },
        },
      ]));

  it("a staff account's confirmed address is also recorded as StaffEmailChanged, for its company (ADR 0053)", () => {
    const requested: UserEvent = {
      type: 'EmailChangeRequested',
      data: { userId, newEmail: 'nowy@example.pl', requestedAt: earlier },
    };
    const emailChanged: UserEvent = {
      type: 'EmailChanged',
      data: { userId, email: 'nowy@example.pl', previousEmail: 'ania@example.pl', changedAt: at },
    };
    const staffEmailChanged = (tenantId: string): UserEvent => ({
      type: 'StaffEmailChanged',
      data: { userId, tenantId, staffEmail: 'nowy@example.pl', changedAt: at },
    });
    for (const role of [Roles.employee, Roles.owner])
      spec
        .given([registered({ role, tenantId: 't1' }), activated, requested])
        .when(cmd('ConfirmEmailChange', { email: 'nowy@example.pl' }))
        .then([emailChanged, staffEmailChanged('t1')]);
  });

  it("a customer's address, or an owner's without a company, stays sealed: EmailChanged only", () => {
    const requested: UserEvent = {
      type: 'EmailChangeRequested',
      data: { userId, newEmail: 'nowy@example.pl', requestedAt: earlier },
    };
    const emailChanged: UserEvent = {
      type: 'EmailChanged',
      data: { userId, email: 'nowy@example.pl', previousEmail: 'ania@example.pl', changedAt: at },
    };
    for (const account of [
      { role: Roles.customer, tenantId: null },
      { role: Roles.owner, tenantId: null },
    ])
      spec
        .given([registered(account), activated, requested])
        .when(cmd('ConfirmEmailChange', { email: 'nowy@example.pl' }))
        .then([emailChanged]);
  });

  it('a link for an older requested address no longer applies', () =>
    spec
      .given(pending)
      .when(cmd('ConfirmEmailChange', { email: 'starszy@example.pl' }))
      .thenThrows(InvalidTokenError));
});

describe('when the user was deleted', () => {
  const gone = [registered(), activated, deleted];

  it('deleting again changes nothing', () =>
    spec
      .given(gone)
      .when(cmd('DeleteUser', { reason: 'self' }))
      .thenNothingHappens());

  it('nothing else is possible', () => {
    spec
      .given(gone)
      .when(cmd('ChangePassword', { passwordHash: 'h' }))
      .thenThrows(UserNotFoundError);
    spec.given(gone).when(cmd('ActivateUser', {})).thenThrows(InvalidTokenError);
    spec
      .given(gone)
      .when(cmd('ResetPassword', { passwordHash: 'h' }))
      .thenThrows(InvalidTokenError);
  });
});

describe('accounts a company creates for a person', () => {
  const invitedEmployee = (): UserEvent => ({
    type: 'UserRegistered',
    data: {
      userId,
      email: 'jan@example.pl',
      username: 'Jan Kowalski',
      role: Roles.employee,
      tenantId: 't1',
      passwordHash: '',
      permissions: [Permissions.cardsAward, Permissions.cardsScan],
      consents: { terms: null, marketing: { granted: false, at: earlier } },
      preferences: {
        emailNotifications: true,
        marketingConsent: false,
        companyMessages: true,
        surveys: true,
      },
      registeredAt: earlier,
    },
  });

  it('an invited employee is registered with the tenant and permissions, no password, no terms yet', () =>
    spec
      .given([])
      .when(
        cmd('RegisterInvitedUser', {
          userId,
          email: 'jan@example.pl',
          username: 'Jan Kowalski',
          role: Roles.employee,
          tenantId: 't1',
          permissions: [Permissions.cardsScan, Permissions.cardsAward, Permissions.cardsScan],
          marketingConsent: false,
        }),
      )
      .then([
        {
          type: 'UserRegistered',
          data: {
            userId,
            email: 'jan@example.pl',
            username: 'Jan Kowalski',
            role: Roles.employee,
            tenantId: 't1',
            passwordHash: '',
            permissions: [Permissions.cardsAward, Permissions.cardsScan],
            consents: { terms: null, marketing: { granted: false, at } },
            preferences: {
              emailNotifications: true,
              marketingConsent: false,
              companyMessages: true,
              surveys: true,
            },
            registeredAt: at,
          },
        },
      ]));

  it('a customer created by a company carries no permissions and the consent the company recorded', () =>
    spec
      .given([])
      .when(
        cmd('RegisterInvitedUser', {
          userId,
          email: 'ola@example.pl',
          username: 'Ola Żak',
          role: Roles.customer,
          tenantId: null,
          permissions: [],
          marketingConsent: true,
        }),
      )
      .then([
        {
          type: 'UserRegistered',
          data: {
            userId,
            email: 'ola@example.pl',
            username: 'Ola Żak',
            role: Roles.customer,
            tenantId: null,
            passwordHash: '',
            consents: { terms: null, marketing: { granted: true, at } },
            preferences: {
              emailNotifications: true,
              marketingConsent: true,
              companyMessages: true,
              surveys: true,
            },
            registeredAt: at,
          },
        },
      ]));

  it("setting the first password from the invitation activates the employee's account", () =>
    spec
      .given([invitedEmployee()])
      .when(cmd('ResetPassword', { passwordHash: 'hash-2' }))
      .then([
        { type: 'PasswordChanged', data: { userId, passwordHash: 'hash-2', reason: 'reset', changedAt: at } },
        { type: 'UserActivated', data: { userId, activatedAt: at } },
      ]));

  it("an employee's permissions change as a set; the same set changes nothing", () => {
    spec
      .given([invitedEmployee(), activated])
      .when(cmd('ChangePermissions', { permissions: [Permissions.clientsView] }))
      .then([
        {
          type: 'UserPermissionsChanged',
          data: { userId, permissions: [Permissions.clientsView], changedAt: at, accessVersion: 1 },
        },
      ]);
    spec
      .given([invitedEmployee(), activated])
      .when(cmd('ChangePermissions', { permissions: [Permissions.cardsScan, Permissions.cardsAward] }))
      .thenNothingHappens();
  });

  it('every change of permissions raises the access version, so older tokens stop counting (ADR 0038)', () => {
    const changed = (permissions: Permission[], accessVersion?: number): UserEvent => ({
      type: 'UserPermissionsChanged',
      data: { userId, permissions, changedAt: earlier, ...(accessVersion && { accessVersion }) },
    });
    // taken away, then granted back: 2, then 3
    spec
      .given([invitedEmployee(), activated, changed([Permissions.cardsScan], 1)])
      .when(cmd('ChangePermissions', { permissions: [Permissions.cardsScan, Permissions.cardsAward] }))
      .then([
        {
          type: 'UserPermissionsChanged',
          data: {
            userId,
            permissions: [Permissions.cardsAward, Permissions.cardsScan],
            changedAt: at,
            accessVersion: 2,
          },
        },
      ]);
    // changes recorded before access versions existed count one each
    spec
      .given([invitedEmployee(), activated, changed([Permissions.cardsScan]), changed([])])
      .when(cmd('ChangePermissions', { permissions: [Permissions.clientsView] }))
      .then([
        {
          type: 'UserPermissionsChanged',
          data: { userId, permissions: [Permissions.clientsView], changedAt: at, accessVersion: 3 },
        },
      ]);
  });

  it('owners and customers never get permissions recorded (owners hold all by role)', () =>
    spec
      .given([registered(), activated])
      .when(cmd('ChangePermissions', { permissions: [Permissions.clientsView] }))
      .thenNothingHappens());

  it('the removed employee is deleted with its reason', () =>
    spec
      .given([invitedEmployee(), activated])
      .when(cmd('DeleteUser', { reason: 'employee-removed' }))
      .then([{ type: 'UserDeleted', data: { userId, reason: 'employee-removed', deletedAt: at } }]));
});

describe('when a company links a customer account to a client', () => {
  const customer = registered({ role: Roles.customer });
  const link = { clientId: 'c1', tenantId: 't1', programId: 'p1' };

  it('the link is recorded once; a redelivery changes nothing', () => {
    spec
      .given([customer])
      .when(cmd('LinkToClient', link))
      .then([{ type: 'UserLinkedToClient', data: { userId, ...link, linkedAt: at } }]);
    spec
      .given([customer, { type: 'UserLinkedToClient', data: { userId, ...link, linkedAt: earlier } }])
      .when(cmd('LinkToClient', link))
      .thenNothingHappens();
  });

  it('an owner or employee account is not a customer', () =>
    spec.given([registered(), activated]).when(cmd('LinkToClient', link)).thenThrows(NotACustomerError));
});

describe("when the owner's tenant is deleted", () => {
  const owner = [
    registered(),
    activated,
    { type: 'UserTenantAssigned', data: { userId, tenantId: 't1', assignedAt: earlier } } as UserEvent,
  ];

  it('the tenant id is cleared once, so the owner may create a new company', () => {
    spec
      .given(owner)
      .when(cmd('UnassignTenant', { tenantId: 't1' }))
      .then([
        // the owner's tokens naming the tenant stop counting (ADR 0038)
        {
          type: 'UserTenantUnassigned',
          data: { userId, tenantId: 't1', unassignedAt: at, accessVersion: 1 },
        },
      ]);
    spec
      .given([
        ...owner,
        { type: 'UserTenantUnassigned', data: { userId, tenantId: 't1', unassignedAt: earlier } },
      ])
      .when(cmd('UnassignTenant', { tenantId: 't1' }))
      .thenNothingHappens();
    spec
      .given([
        ...owner,
        { type: 'UserTenantUnassigned', data: { userId, tenantId: 't1', unassignedAt: earlier } },
      ])
      .when(cmd('AssignTenant', { tenantId: 't2' }))
      .then([{ type: 'UserTenantAssigned', data: { userId, tenantId: 't2', assignedAt: at } }]);
  });

  it("another tenant's deletion does not touch the owner", () =>
    spec
      .given(owner)
      .when(cmd('UnassignTenant', { tenantId: 't9' }))
      .thenNothingHappens());
});

describe("a customer's phone (unverified; the one value published plain, ADR 0017)", () => {
  const customer = registered({ role: Roles.customer });
  const phoneChanged = (phone: string | null, changedAt = at): UserEvent => ({
    type: 'UserPhoneChanged',
    data: { userId, phone, changedAt },
  });
  const registration = (role: typeof Roles.owner | typeof Roles.customer, phone: string | null) =>
    cmd('RegisterUser', {
      userId,
      email: 'ola@example.pl',
      username: 'Ola Żak',
      passwordHash: 'hash-1',
      role,
      marketingConsent: false,
      phone,
    });

  it('given at registration, it follows the registration in its own event', () =>
    spec
      .given([])
      .when(registration(Roles.customer, '+48600100200'))
      .then([
        {
          type: 'UserRegistered',
          data: {
            userId,
            email: 'ola@example.pl',
            username: 'Ola Żak',
            passwordHash: 'hash-1',
            role: Roles.customer,
            tenantId: null,
            consents: { terms: { accepted: true, at }, marketing: { granted: false, at } },
            preferences: {
              emailNotifications: true,
              marketingConsent: false,
              companyMessages: true,
              surveys: true,
            },
            registeredAt: at,
          },
        },
        phoneChanged('+48600100200'),
      ]));

  it('an owner registering with a phone is refused on the field', () =>
    spec.given([]).when(registration(Roles.owner, '+48600100200')).thenThrows(PhoneOnlyForCustomersError));

  it('when the customer has no phone, setting one records it', () =>
    spec
      .given([customer, activated])
      .when(cmd('ChangePhone', { phone: '+48600100200' }))
      .then([phoneChanged('+48600100200')]));

  it('when the customer has a phone, a new one replaces it, the same one changes nothing, null removes it', () => {
    const given = [customer, activated, phoneChanged('+48600100200', earlier)];
    spec
      .given(given)
      .when(cmd('ChangePhone', { phone: '+48600999888' }))
      .then([phoneChanged('+48600999888')]);
    spec
      .given(given)
      .when(cmd('ChangePhone', { phone: '+48600100200' }))
      .thenNothingHappens();
    spec
      .given(given)
      .when(cmd('ChangePhone', { phone: null }))
      .then([phoneChanged(null)]);
  });

  it('when the customer has no phone, removing it changes nothing', () =>
    spec
      .given([customer, activated])
      .when(cmd('ChangePhone', { phone: null }))
      .thenNothingHappens());

  it('an owner or employee account has no phone', () => {
    spec
      .given([registered(), activated])
      .when(cmd('ChangePhone', { phone: '+48600100200' }))
      .thenThrows(PhoneOnlyForCustomersError);
    spec
      .given([registered({ role: Roles.employee })])
      .when(cmd('ChangePhone', { phone: '+48600100200' }))
      .thenThrows(PhoneOnlyForCustomersError);
  });

  it('when the account was deleted, there is no phone to change', () =>
    spec
      .given([customer, deleted])
      .when(cmd('ChangePhone', { phone: '+48600100200' }))
      .thenThrows(UserNotFoundError));
});
