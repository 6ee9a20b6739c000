import { Permissions, Roles } from '@punkto/contracts/permissions';
import { describe, expect, it } from 'vitest';
import { canAccess, permissionsOf, sectionsFor } from './permissions';

const labels = (user: Parameters<typeof sectionsFor>[0]) => sectionsFor(user).map((s) => s.label);

describe('panel sections by role and permissions', () => {
  it('an owner sees every section (owners hold every permission)', () => {
    expect(labels({ role: Roles.owner, tenantId: 't1' })).toEqual([
      'Start',
      'Skaner',
      'Klienci',
      'Analityka',
      'Programy',
      'Usługi',
      'Pracownicy',
      'Ankiety NPS',
      'Wiadomości',
      'Ustawienia',
      'Plakat i link zapisu',
      'Subskrypcja',
    ]);
  });

  it('an employee with only cards.scan sees Start, Skaner and the poster', () => {
    const employee = { role: Roles.employee, tenantId: 't1', permissions: [Permissions.cardsScan] };
    expect(labels(employee)).toEqual(['Start', 'Skaner', 'Plakat i link zapisu']);
    expect(canAccess(employee, Permissions.clientsView)).toBe(false);
    expect(canAccess(employee, undefined)).toBe(true);
  });

  it('an employee with analytics.view sees Analityka, not the clients', () => {
    const employee = { role: Roles.employee, tenantId: 't1', permissions: [Permissions.analyticsView] };
    expect(labels(employee)).toEqual(['Start', 'Analityka', 'Plakat i link zapisu']);
  });

  it('an employee with messages.send sees Wiadomości; one without it does not', () => {
    const sender = { role: Roles.employee, tenantId: 't1', permissions: [Permissions.messagesSend] };
    expect(labels(sender)).toEqual(['Start', 'Wiadomości', 'Plakat i link zapisu']);
    const scanner = { role: Roles.employee, tenantId: 't1', permissions: [Permissions.cardsScan] };
    expect(canAccess(scanner, Permissions.messagesSend)).toBe(false);
  });

  it('an employee with clients.view and tenant.settings sees those sections', () => {
    const employee = {
      role: Roles.employee,
      tenantId: 't1',
      permissions: [Permissions.clientsView, Permissions.tenantSettings],
    };
    expect(labels(employee)).toEqual(['Start', 'Klienci', 'Ustawienia', 'Plakat i link zapisu']);
  });

  it('an employee whose profile has no permissions yet sees only what every staff member sees', () => {
    expect(labels({ role: Roles.employee, tenantId: 't1' })).toEqual(['Start', 'Plakat i link zapisu']);
  });

  it('a customer (or nobody) has no panel sections and no permissions, whatever the profile says', () => {
    const customer = { role: Roles.customer, tenantId: null, permissions: [Permissions.clientsView] };
    expect(labels(customer)).toEqual([]);
    expect(permissionsOf(customer).size).toBe(0);
    expect(labels(null)).toEqual([]);
  });
});
