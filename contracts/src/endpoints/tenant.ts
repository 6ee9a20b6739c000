import { z } from 'zod';
import {
  AddClientRequest,
  ClientIdParams,
  EditClientRequest,
  Client,
  ClientPerson,
  ClientErrors,
  ClientCreatedResponse,
  CreateClientRequest,
  JoinProgramRequest,
} from '../clients';
import {
  Employee,
  EmployeeErrors,
  EmployeeIdParams,
  EmployeePermissionsRequest,
  InviteEmployeeRequest,
  ResendActivationRequest,
  UpdateEmployeeRequest,
} from '../employees';
import { ImportClientsRequest, ImportClientsResponse } from '../client-import';
import { defineEndpoint } from '../endpoint';
import { EnrolmentLink, EnrolmentLinkErrors, EnrolmentLinkParams } from '../enrolment-links';
import { AcceptedResponse } from '../identity';
import { LocationsResponse, ReplaceLocationsRequest } from '../locations';
import { pageResponse, PaginationQuery } from '../pagination';
import { inOwnTenant, inTenant } from './tenant-scope';
import { PermissionCatalogueResponse } from '../permissions';
import {
  Program,
  ProgramErrors,
  ProgramIdParams,
  ProgramInput,
  ProgramList,
  ProgramPublicInfo,
} from '../programs';
import {
  CreateTenantRequest,
  CreateTenantResponse,
  DeleteTenantRequest,
  TenantErrors,
  TenantIdParams,
  TenantResponse,
  UpdateTenantRequest,
} from '../tenant';

export const getPermissions = defineEndpoint({
  method: 'get',
  path: '/api/v1/permissions',
  owner: 'tenant',
  summary: 'Katalog uprawnień pracowników z polskimi etykietami',
  tags: ['employees'],
  auth: 'authenticated',
  response: PermissionCatalogueResponse,
});

export const createTenant = defineEndpoint({
  method: 'post',
  path: '/api/v1/tenants/create',
  owner: 'tenant',
  summary: 'Rejestracja firmy przez właściciela (jedna firma na konto; następny token niesie `tid`)',
  tags: ['tenants'],
  auth: 'business_owner',
  body: CreateTenantRequest,
  response: CreateTenantResponse,
  successStatus: 201,
  errors: [
    {
      status: 409,
      codes: [
        TenantErrors.ownerAlreadyHasTenant.code,
        TenantErrors.alreadyExists.code,
        TenantErrors.nipTaken.code,
      ],
    },
  ],
});

export { getTenant, tenantConfigured, validateTenant } from './tenant-setup';

// ─── tenant settings and branding ────────────────────────────────────────────────────────────────

export const updateTenant = defineEndpoint({
  ...inOwnTenant('tenant'),
  method: 'patch',
  path: '/api/v1/tenants/{id}/update-tenant',
  summary: 'Zmiana danych firmy: nazwa, NIP (z sumą kontrolną), adres, kontakt, kolory karty',
  tags: ['tenants'],
  auth: 'tenant.settings',
  body: UpdateTenantRequest,
  response: TenantResponse,
  errors: [
    { status: 409, codes: [TenantErrors.nipTaken.code] },
    { status: 410, codes: [TenantErrors.deleted.code] },
  ],
});

export const deleteTenant = defineEndpoint({
  method: 'delete',
  path: '/api/v1/tenants/delete-tenant',
  owner: 'tenant',
  summary: 'Usunięcie firmy właściciela (potwierdzone nazwą firmy); pracownicy tracą dostęp',
  tags: ['tenants'],
  auth: 'business_owner',
  body: DeleteTenantRequest,
});

/** multipart/form-data with the file in field `Logo`; documented here, parsed by @fastify/multipart */
export const uploadLogo = defineEndpoint({
  ...inOwnTenant('tenant'),
  method: 'post',
  path: '/api/v1/tenants/{id}/upload-logo',
  summary: 'Wgranie logo (multipart, pole Logo; PNG/JPEG/WebP do 5 MB, min. 160×50 px)',
  tags: ['tenants'],
  auth: 'tenant.settings',
  response: TenantResponse,
});

/** multipart/form-data with the file in field `HeroImage` */
export const uploadHeroImage = defineEndpoint({
  ...inOwnTenant('tenant'),
  method: 'post',
  path: '/api/v1/tenants/{id}/upload-hero-image',
  summary: 'Wgranie zdjęcia w tle karty (multipart, pole HeroImage; PNG/JPEG/WebP do 5 MB, min. 750×246 px)',
  tags: ['tenants'],
  auth: 'tenant.settings',
  response: TenantResponse,
});

export const deleteHeroImage = defineEndpoint({
  ...inOwnTenant('tenant'),
  method: 'delete',
  path: '/api/v1/tenants/{id}/hero-image',
  summary: 'Usunięcie zdjęcia w tle karty',
  tags: ['tenants'],
  auth: 'tenant.settings',
  response: TenantResponse,
});

// ─── locations (lock-screen reminders near the shop, ADR 0057) ───────────────────────────────────

export const getLocations = defineEndpoint({
  ...inOwnTenant('tenant'),
  method: 'get',
  path: '/api/v1/tenants/{id}/locations',
  summary: 'Lokalizacje firmy (do 10), przy których karta w portfelu pojawia się na ekranie blokady',
  tags: ['tenants'],
  auth: 'tenant.settings',
  response: LocationsResponse,
});

export const replaceLocations = defineEndpoint({
  ...inOwnTenant('tenant'),
  method: 'put',
  path: '/api/v1/tenants/{id}/locations',
  summary: 'Zapis całej listy lokalizacji (do 10; współrzędne wpisane przez właściciela, bez geokodowania)',
  tags: ['tenants'],
  auth: 'tenant.settings',
  body: ReplaceLocationsRequest,
  response: LocationsResponse,
  errors: [{ status: 410, codes: [TenantErrors.deleted.code] }],
});

/** Public: wallets and the enrolment page fetch these (immutable, content-hashed file names). */
export const getTenantImage = defineEndpoint({
  method: 'get',
  path: '/api/v1/tenants/{id}/images/{file}',
  owner: 'tenant',
  summary: 'Obraz firmy w rozmiarze dla portfela (publiczny, niezmienny adres z hashem treści)',
  tags: ['tenants'],
  auth: 'public',
  params: z.object({ id: z.string().min(1).max(64), file: z.string().regex(/^[a-z0-9@._-]{1,120}$/) }),
  produces: 'image/png',
});

// ─── loyalty programs and rewards ────────────────────────────────────────────────────────────────

export const listPrograms = defineEndpoint({
  ...inOwnTenant('tenant'),
  method: 'get',
  path: '/api/v1/tenants/{id}/loyalty-programs',
  summary: 'Programy lojalnościowe firmy z nagrodami',
  tags: ['programs'],
  auth: 'authenticated',
  response: ProgramList,
});

export const createProgram = defineEndpoint({
  ...inOwnTenant('tenant'),
  method: 'post',
  path: '/api/v1/tenants/{id}/loyalty-programs',
  summary: 'Nowy program: punkty, pieczątki lub poziomy, z nagrodami i ich ograniczeniami',
  tags: ['programs'],
  auth: 'programs.manage',
  body: ProgramInput,
  response: Program,
  successStatus: 201,
  errors: [{ status: 409, codes: [ProgramErrors.tooMany.code] }],
});

export const updateProgram = defineEndpoint({
  ...inTenant('tenant'),
  method: 'put',
  path: '/api/v1/tenants/{id}/loyalty-programs/{programId}',
  summary: 'Zmiana programu i jego nagród (rodzaju programu nie można zmienić)',
  tags: ['programs'],
  auth: 'programs.manage',
  params: ProgramIdParams,
  body: ProgramInput,
  response: Program,
  errors: [
    { status: 400, codes: [ProgramErrors.unknownReward.code] },
    { status: 404, codes: [ProgramErrors.notFound.code] },
    { status: 409, codes: [ProgramErrors.kindChange.code] },
    { status: 410, codes: [ProgramErrors.deleted.code] },
  ],
});

export const deleteProgram = defineEndpoint({
  ...inTenant('tenant'),
  method: 'delete',
  path: '/api/v1/tenants/{id}/loyalty-programs/{programId}',
  summary: 'Usunięcie programu (karty klientów zostają zamknięte przez księgę kart)',
  tags: ['programs'],
  auth: 'programs.manage',
  params: ProgramIdParams,
});

export const getProgramPublicInfo = defineEndpoint({
  method: 'get',
  path: '/api/v1/tenants/{id}/loyalty-programs/{programId}/public',
  owner: 'tenant',
  summary: 'Publiczne informacje o programie dla strony zapisu (link i kod QR z plakatu)',
  tags: ['programs'],
  auth: 'public',
  params: ProgramIdParams,
  response: ProgramPublicInfo,
});

/** Public: where a short enrolment link `/k/<code>` leads (the code as printed on the poster, any case). */
export const resolveEnrolmentLink = defineEndpoint({
  method: 'get',
  path: '/api/v1/enrolment-links/{code}',
  owner: 'tenant',
  summary:
    'Publiczne: program i firma krótkiego linku do zapisu `/k/<kod>` (kod z plakatu, wielkość liter bez znaczenia)',
  tags: ['programs'],
  auth: 'public',
  params: EnrolmentLinkParams,
  response: EnrolmentLink,
  errors: [
    { status: 404, codes: [EnrolmentLinkErrors.notFound.code] },
    { status: 429, codes: [] },
  ],
});

/** A4 poster with the join QR code and short Polish instructions */
export const getProgramPoster = defineEndpoint({
  ...inTenant('tenant'),
  method: 'get',
  path: '/api/v1/tenants/{id}/loyalty-programs/{programId}/poster',
  summary: 'Plakat A4 (PDF) z kodem QR do zapisu i krótką instrukcją',
  tags: ['programs'],
  auth: 'authenticated',
  params: ProgramIdParams,
  produces: 'application/pdf',
});

// ─── services catalogue (endpoints/catalogue.ts) ────────────────────────────────────────────────────

export { createService, deleteService, listServices, updateService } from './catalogue';

// ─── employees ───────────────────────────────────────────────────────────────────────────────────

export const inviteEmployee = defineEndpoint({
  ...inOwnTenant('tenant'),
  method: 'post',
  path: '/api/v1/tenants/{id}/employees',
  summary: 'Zaproszenie pracownika: konto powstaje przez zdarzenia, e-mail z linkiem do ustawienia hasła',
  tags: ['employees'],
  auth: 'employees.manage',
  body: InviteEmployeeRequest,
  response: Employee,
  successStatus: 201,
  errors: [
    {
      status: 409,
      codes: [EmployeeErrors.emailTaken.code, EmployeeErrors.isOwner.code, 'EMPLOYEE.ALREADY_EXISTS'],
    },
    // the daily caps on invitation e-mails, per company and per address (ADR 0040), with Retry-After
    { status: 429, codes: ['RATE_LIMITED'] },
  ],
});

export const listEmployees = defineEndpoint({
  ...inOwnTenant('tenant'),
  method: 'get',
  path: '/api/v1/tenants/{id}/employees',
  summary: 'Pracownicy firmy (stronicowane; sortBy: name, email, invitedAt, status)',
  tags: ['employees'],
  auth: 'employees.manage',
  query: PaginationQuery,
  response: pageResponse(Employee).meta({ id: 'EmployeePage' }),
});

export const updateEmployee = defineEndpoint({
  ...inTenant('tenant'),
  method: 'patch',
  path: '/api/v1/tenants/{id}/employees/{employeeId}',
  summary: 'Zmiana danych pracownika',
  tags: ['employees'],
  auth: 'employees.manage',
  params: EmployeeIdParams,
  body: UpdateEmployeeRequest,
  response: Employee,
});

export const deleteEmployee = defineEndpoint({
  ...inTenant('tenant'),
  method: 'delete',
  path: '/api/v1/tenants/{id}/employees/{employeeId}',
  summary: 'Usunięcie pracownika: konto zostaje zamknięte, sesje unieważnione',
  tags: ['employees'],
  auth: 'employees.manage',
  params: EmployeeIdParams,
});

export const resetEmployeePassword = defineEndpoint({
  ...inTenant('tenant'),
  method: 'post',
  path: '/api/v1/tenants/{id}/employees/{employeeId}/reset-password',
  summary: 'Wysłanie pracownikowi e-maila z linkiem do ustawienia nowego hasła',
  tags: ['employees'],
  auth: 'employees.manage',
  params: EmployeeIdParams,
  response: AcceptedResponse,
  successStatus: 202,
  errors: [
    { status: 404, codes: [EmployeeErrors.notFound.code] },
    { status: 409, codes: [EmployeeErrors.notActive.code] },
  ],
});

export const updateEmployeePermissions = defineEndpoint({
  ...inTenant('tenant'),
  method: 'patch',
  path: '/api/v1/tenants/{id}/employees/{employeeId}/permissions',
  summary: 'Uprawnienia pracownika (działają od jego następnego tokenu)',
  tags: ['employees'],
  auth: 'employees.manage',
  params: EmployeeIdParams,
  body: EmployeePermissionsRequest,
  response: Employee,
});

export const resendEmployeeActivation = defineEndpoint({
  ...inOwnTenant('tenant'),
  method: 'post',
  path: '/api/v1/tenants/{id}/employees/resend-activation',
  summary: 'Ponowne wysłanie zaproszenia pracownikowi, który nie aktywował konta',
  tags: ['employees'],
  auth: 'employees.manage',
  body: ResendActivationRequest,
  response: AcceptedResponse,
  successStatus: 202,
  errors: [
    { status: 404, codes: [EmployeeErrors.notFound.code] },
    { status: 409, codes: [EmployeeErrors.alreadyActive.code] },
    { status: 429, codes: ['RATE_LIMITED'] },
  ],
});

// ─── clients ─────────────────────────────────────────────────────────────────────────────────────

/** What enrolling a client can refuse, the same rules whether staff create one, add one or the client joins. */
const enrolmentErrors = [
  { status: 400, codes: [ClientErrors.programInactive.code] },
  { status: 404, codes: [ProgramErrors.notFound.code] },
  {
    status: 409,
    codes: [ClientErrors.alreadyEnrolled.code, 'CLIENT.ALREADY_EXISTS', ClientErrors.customerLimit.code],
  },
] as const;

export const createClient = defineEndpoint({
  ...inOwnTenant('tenant'),
  method: 'post',
  path: '/api/v1/tenants/{id}/create-client',
  summary: 'Nowy klient: konto klienta powstaje przez zdarzenia i zostaje zapisane do programu',
  tags: ['clients'],
  auth: 'clients.manage',
  body: CreateClientRequest,
  response: ClientCreatedResponse,
  successStatus: 201,
  errors: enrolmentErrors,
});

export const addClient = defineEndpoint({
  ...inOwnTenant('tenant'),
  method: 'patch',
  path: '/api/v1/tenants/{id}/add-client',
  summary: 'Dodanie istniejącego klienta po adresie e-mail (klient dostaje wiadomość)',
  tags: ['clients'],
  auth: 'clients.manage',
  body: AddClientRequest,
  response: ClientCreatedResponse,
  errors: enrolmentErrors,
});

/**
 * One batch of a "switch from paper" import (ADR 0059): every row re-validated and enrolled as create-client does
 * (same rules, the plan's customer limit), answered per row — created, already a client of the programme (a re-import
 * creates nothing twice), or its errors in Polish. A whole batch is refused only for a bad programme.
 */
export const importClients = defineEndpoint({
  ...inOwnTenant('tenant'),
  method: 'post',
  path: '/api/v1/tenants/{id}/import-clients',
  summary: 'Import klientów z pliku (partia do 500 wierszy; odpowiedź dla każdego wiersza)',
  tags: ['clients'],
  auth: 'clients.manage',
  body: ImportClientsRequest,
  response: ImportClientsResponse,
  errors: [
    { status: 400, codes: [ClientErrors.programInactive.code] },
    { status: 404, codes: [ProgramErrors.notFound.code] },
  ],
});

export const getClients = defineEndpoint({
  ...inOwnTenant('tenant'),
  method: 'get',
  path: '/api/v1/tenants/{id}/get-clients',
  summary:
    'Klienci firmy, jeden wiersz na osobę z jej programami (stronicowane, wyszukiwanie po imieniu, e-mailu, telefonie; sortBy: name, email, enrolledAt, status)',
  tags: ['clients'],
  auth: 'clients.view',
  query: PaginationQuery,
  response: pageResponse(ClientPerson).meta({ id: 'ClientPersonPage' }),
});

export const getClient = defineEndpoint({
  ...inTenant('tenant'),
  method: 'get',
  path: '/api/v1/tenants/{id}/clients/{clientId}',
  summary: 'Szczegóły klienta',
  tags: ['clients'],
  auth: 'clients.view',
  params: ClientIdParams,
  response: Client,
});

export const editClient = defineEndpoint({
  ...inTenant('tenant'),
  method: 'patch',
  path: '/api/v1/tenants/{id}/clients/{clientId}',
  summary:
    'Poprawienie imienia i nazwiska lub telefonu klienta (pusty telefon go usuwa); klient bez e-maila może go dostać',
  tags: ['clients'],
  auth: 'clients.manage',
  params: ClientIdParams,
  body: EditClientRequest,
  response: Client,
  errors: [
    { status: 400, codes: [ClientErrors.phoneRequired.code, ClientErrors.emailFixed.code] },
    { status: 409, codes: [ClientErrors.alreadyEnrolled.code] },
  ],
});

export const removeClient = defineEndpoint({
  ...inTenant('tenant'),
  method: 'delete',
  path: '/api/v1/tenants/{id}/clients/{clientId}',
  summary:
    'Usunięcie klienta z firmy: karta zostaje zamknięta, dane kontaktowe usunięte (konto klienta w Punkto zostaje)',
  tags: ['clients'],
  auth: 'clients.manage',
  params: ClientIdParams,
});

export const joinProgram = defineEndpoint({
  method: 'post',
  path: '/api/v1/tenants/{id}/join',
  owner: 'tenant',
  summary: 'Klient zapisuje się do programu z linku zapisu (zalogowany klient)',
  tags: ['clients'],
  auth: 'customer',
  params: TenantIdParams,
  body: JoinProgramRequest,
  response: ClientCreatedResponse,
  successStatus: 201,
  errors: enrolmentErrors,
});
