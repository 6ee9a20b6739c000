import { defineEndpoint } from '../endpoint';
import { ExpirySettings } from '../expiry';
import { Permissions } from '../permissions';
import { ProgramIdParams } from '../programs';
import { inTenant } from './tenant-scope';

/**
 * Points and stamps expiry per loyalty program (issue 34, ADR 0062), owned by the card ledger: the company's
 * setting (off by default). The nightly sweep applies it.
 */

export const getExpirySettings = defineEndpoint({
  ...inTenant('card-ledger'),
  method: 'get',
  path: '/api/v1/tenants/{id}/loyalty-programs/{programId}/expiry-settings',
  summary: 'Wygasanie punktów lub pieczątek programu: sposób i liczba miesięcy',
  tags: ['expiry'],
  auth: Permissions.programsManage,
  params: ProgramIdParams,
  response: ExpirySettings,
  errors: [{ status: 404, codes: [] }],
});

export const putExpirySettings = defineEndpoint({
  ...inTenant('card-ledger'),
  method: 'put',
  path: '/api/v1/tenants/{id}/loyalty-programs/{programId}/expiry-settings',
  summary: 'Zapis wygasania punktów lub pieczątek programu',
  tags: ['expiry'],
  auth: Permissions.programsManage,
  params: ProgramIdParams,
  body: ExpirySettings,
  response: ExpirySettings,
  errors: [{ status: 404, codes: [] }],
});
