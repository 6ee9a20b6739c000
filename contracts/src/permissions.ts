import { z } from 'zod';

/**
 * The permission catalogue. Owners hold every permission; an employee holds only what the owner granted.
 * Every service checks these on its own routes.
 */
export const Permissions = {
  cardsScan: 'cards.scan',
  cardsAward: 'cards.award',
  cardsRedeem: 'cards.redeem',
  cardsRegenerate: 'cards.regenerate',
  cardsCorrect: 'cards.correct',
  cardsAdjust: 'cards.adjust',
  clientsView: 'clients.view',
  clientsManage: 'clients.manage',
  programsManage: 'programs.manage',
  servicesManage: 'services.manage',
  employeesManage: 'employees.manage',
  tenantSettings: 'tenant.settings',
  analyticsView: 'analytics.view',
  surveysView: 'surveys.view',
  messagesSend: 'messages.send',
  billingManage: 'billing.manage',
} as const;
export type Permission = (typeof Permissions)[keyof typeof Permissions];
export const PermissionSchema = z.enum(Object.values(Permissions) as [Permission, ...Permission[]]);

export const permissionCatalogue: ReadonlyArray<{ key: Permission; label: string; group: string }> = [
  { key: Permissions.cardsScan, label: 'Skanowanie kart klientów', group: 'Karty' },
  { key: Permissions.cardsAward, label: 'Przyznawanie punktów i pieczątek', group: 'Karty' },
  { key: Permissions.cardsRedeem, label: 'Wydawanie nagród', group: 'Karty' },
  { key: Permissions.cardsRegenerate, label: 'Wymiana karty klienta', group: 'Karty' },
  {
    key: Permissions.cardsCorrect,
    label: 'Anulowanie błędnie przyznanych punktów i wydanych nagród',
    group: 'Karty',
  },
  {
    key: Permissions.cardsAdjust,
    label: 'Ręczna korekta salda (dodanie lub odjęcie punktów i pieczątek)',
    group: 'Karty',
  },
  { key: Permissions.clientsView, label: 'Przeglądanie klientów', group: 'Klienci' },
  { key: Permissions.clientsManage, label: 'Dodawanie i edycja klientów', group: 'Klienci' },
  {
    key: Permissions.programsManage,
    label: 'Zarządzanie programami i nagrodami',
    group: 'Program lojalnościowy',
  },
  { key: Permissions.servicesManage, label: 'Zarządzanie usługami', group: 'Program lojalnościowy' },
  { key: Permissions.employeesManage, label: 'Zarządzanie pracownikami', group: 'Firma' },
  { key: Permissions.tenantSettings, label: 'Ustawienia firmy i wygląd karty', group: 'Firma' },
  { key: Permissions.analyticsView, label: 'Analityka', group: 'Raporty' },
  { key: Permissions.surveysView, label: 'Wyniki ankiet NPS', group: 'Raporty' },
  { key: Permissions.messagesSend, label: 'Wysyłanie wiadomości do klientów', group: 'Komunikacja' },
  { key: Permissions.billingManage, label: 'Subskrypcja i płatności', group: 'Firma' },
];

export const PermissionCatalogueResponse = z
  .object({ permissions: z.array(z.object({ key: PermissionSchema, label: z.string(), group: z.string() })) })
  .meta({ id: 'PermissionCatalogue' });

/** Roles carried in the access token. */
export const Roles = {
  owner: 'business_owner',
  employee: 'employee',
  customer: 'customer',
  operator: 'platform_operator',
} as const;
export type Role = (typeof Roles)[keyof typeof Roles];
export const RoleSchema = z.enum(Object.values(Roles) as [Role, ...Role[]]);
