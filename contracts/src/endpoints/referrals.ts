import { defineEndpoint } from '../endpoint';
import { Permissions } from '../permissions';
import { ProgramIdParams } from '../programs';
import {
  ClaimReferralRequest,
  ClaimReferralResponse,
  ReferralCardParams,
  ReferralCodeParams,
  ReferralErrors,
  ReferralInvite,
  ReferralSettings,
  ReferralTarget,
} from '../referrals';
import { inTenant } from './tenant-scope';

/**
 * "Bring a friend" (issue 34, ADR 0061), owned by the card ledger. The customer's calls live under
 * `/api/v1/referrals/` so the device cookie of the fraud rules is sent to them and nowhere else.
 */

export const getReferralSettings = defineEndpoint({
  ...inTenant('card-ledger'),
  method: 'get',
  path: '/api/v1/tenants/{id}/loyalty-programs/{programId}/referral-settings',
  summary: 'Ustawienia poleceń programu („Poleć znajomemu”): premie i miesięczny limit',
  tags: ['referrals'],
  auth: Permissions.programsManage,
  params: ProgramIdParams,
  response: ReferralSettings,
  errors: [{ status: 404, codes: [] }],
});

export const putReferralSettings = defineEndpoint({
  ...inTenant('card-ledger'),
  method: 'put',
  path: '/api/v1/tenants/{id}/loyalty-programs/{programId}/referral-settings',
  summary: 'Zapis ustawień poleceń programu',
  tags: ['referrals'],
  auth: Permissions.programsManage,
  params: ProgramIdParams,
  body: ReferralSettings,
  response: ReferralSettings,
  errors: [{ status: 404, codes: [] }],
});

export const getMyInvite = defineEndpoint({
  method: 'get',
  path: '/api/v1/referrals/my-cards/{cardId}/invite',
  owner: 'card-ledger',
  summary: 'Osobisty kod zaproszenia klienta dla jego karty (link i kod QR w portalu)',
  tags: ['referrals'],
  auth: 'customer',
  params: ReferralCardParams,
  response: ReferralInvite,
  errors: [{ status: 404, codes: ['CARD.NOT_FOUND'] }],
});

export const resolveReferral = defineEndpoint({
  method: 'get',
  path: '/api/v1/referrals/{code}',
  owner: 'card-ledger',
  summary: 'Publiczne: program, do którego prowadzi zaproszenie (bez danych polecającego)',
  tags: ['referrals'],
  auth: 'public',
  params: ReferralCodeParams,
  response: ReferralTarget,
  errors: [{ status: 404, codes: [ReferralErrors.notFound.code] }],
});

export const claimReferral = defineEndpoint({
  method: 'post',
  path: '/api/v1/referrals/{code}/claim',
  owner: 'card-ledger',
  summary:
    'Nowa karta klienta zapisana z zaproszenia: polecenie przyjęte albo odrzucone z powodem (zasady przeciw nadużyciom)',
  tags: ['referrals'],
  auth: 'customer',
  params: ReferralCodeParams,
  body: ClaimReferralRequest,
  response: ClaimReferralResponse,
  errors: [
    { status: 404, codes: [ReferralErrors.notFound.code, 'CARD.NOT_FOUND'] },
    { status: 409, codes: [ReferralErrors.alreadyClaimed.code] },
  ],
});
