import { Permissions, Roles, type Permission } from '@punkto/contracts/permissions';
import type { UserProfile } from '@punkto/contracts/identity';

/**
 * Who may see which part of the business panel. Owners hold every permission by role; an employee holds what
 * the owner granted (the profile's `permissions`, the same list as the httpOnly token's `perms`).
 */

const ALL_PERMISSIONS = Object.values(Permissions) as Permission[];

export type PanelUser = Pick<UserProfile, 'role' | 'tenantId'> & {
  permissions?: readonly Permission[] | undefined;
};

export const isOwner = (user: PanelUser | null | undefined) => user?.role === Roles.owner;
export const isStaff = (user: PanelUser | null | undefined) =>
  user?.role === Roles.owner || user?.role === Roles.employee;

/** Every permission of an owner, the granted ones of an employee, none for anyone else. */
export function permissionsOf(user: PanelUser | null | undefined): ReadonlySet<Permission> {
  if (!user) return new Set();
  if (user.role === Roles.owner) return new Set(ALL_PERMISSIONS);
  if (user.role === Roles.employee) return new Set(user.permissions ?? []);
  return new Set();
}

/** `undefined` = anyone on the tenant's staff. */
export function canAccess(user: PanelUser | null | undefined, permission: Permission | undefined): boolean {
  if (!isStaff(user)) return false;
  return permission === undefined || permissionsOf(user).has(permission);
}

export type PanelSection = {
  /** route of the section */
  to:
    | '/panel'
    | '/panel/skaner'
    | '/panel/klienci'
    | '/panel/analityka'
    | '/panel/programy'
    | '/panel/uslugi'
    | '/panel/pracownicy'
    | '/panel/ankiety'
    | '/panel/wiadomosci'
    | '/panel/ustawienia'
    | '/panel/plakat'
    | '/subskrypcja/zarzadzaj';
  label: string;
  /** what the section is for (quick links on the start page) */
  description: string;
  /** needed to see it; undefined = every staff member */
  permission?: Permission;
  /** active only on the exact path (the start page) */
  exact?: boolean;
};

/** The panel's sections in navigation order. */
export const PANEL_SECTIONS: readonly PanelSection[] = [
  { to: '/panel', label: 'Start', description: 'Podsumowanie i konfiguracja konta', exact: true },
  {
    to: '/panel/skaner',
    label: 'Skaner',
    description: 'Skanuj karty klientów i przyznawaj punkty',
    permission: Permissions.cardsScan,
  },
  {
    to: '/panel/klienci',
    label: 'Klienci',
    description: 'Lista klientów i ich karty',
    permission: Permissions.clientsView,
  },
  {
    to: '/panel/analityka',
    label: 'Analityka',
    description: 'Klienci, wizyty, nagrody, NPS i punkty na kartach',
    permission: Permissions.analyticsView,
  },
  {
    to: '/panel/programy',
    label: 'Programy',
    description: 'Programy lojalnościowe i nagrody',
    permission: Permissions.programsManage,
  },
  {
    to: '/panel/uslugi',
    label: 'Usługi',
    description: 'Katalog usług i ich ceny',
    permission: Permissions.servicesManage,
  },
  {
    to: '/panel/pracownicy',
    label: 'Pracownicy',
    description: 'Zaproszenia i uprawnienia pracowników',
    permission: Permissions.employeesManage,
  },
  {
    to: '/panel/ankiety',
    label: 'Ankiety NPS',
    description: 'Anonimowe oceny klientów po wizycie',
    permission: Permissions.surveysView,
  },
  {
    to: '/panel/wiadomosci',
    label: 'Wiadomości',
    description: 'Wiadomości do klientów na kartę w portfelu i e-mailem',
    permission: Permissions.messagesSend,
  },
  {
    to: '/panel/ustawienia',
    label: 'Ustawienia',
    description: 'Dane firmy, logo i wygląd karty',
    permission: Permissions.tenantSettings,
  },
  {
    to: '/panel/plakat',
    label: 'Plakat i link zapisu',
    description: 'Link do zapisu i plakat A4 z kodem QR',
  },
  {
    to: '/subskrypcja/zarzadzaj',
    label: 'Subskrypcja',
    description: 'Plan, płatności i faktury',
    permission: Permissions.billingManage,
  },
];

/** The sections this person may open, in navigation order. */
export function sectionsFor(user: PanelUser | null | undefined): PanelSection[] {
  return PANEL_SECTIONS.filter((section) => canAccess(user, section.permission));
}
