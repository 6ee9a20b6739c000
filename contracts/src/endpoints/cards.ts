import { BirthdayErrors } from '../birthdays';
import {
  AddStampsRequest,
  AdjustBalanceRequest,
  CardCommandResponse,
  CardIdParams,
  CardLookupQuery,
  CardSearchQuery,
  CardSearchResponse,
  CardErrors,
  CardHistoryPage,
  CardHistoryQuery,
  CardView,
  IdempotencyKeyHeaders,
  PointsFromAmountRequest,
  RedeemRewardRequest,
  RegenerateCardResponse,
  VoidEntryRequest,
} from '../cards';
import { defineEndpoint, type ErrorAnswer } from '../endpoint';

const codes = (...errors: Array<{ code: string }>) => errors.map((e) => e.code);
const notFound: ErrorAnswer = { status: 404, codes: codes(CardErrors.notFound) };
/** what every card command may answer besides its domain rules: the key, a closed card, a retired program */
const command = (rules: Array<{ code: string }>, notFoundCodes: Array<{ code: string }> = []) =>
  [
    { status: 400, codes: codes(CardErrors.idempotencyKeyRequired, ...rules) },
    { status: 404, codes: codes(CardErrors.notFound, ...notFoundCodes) },
    {
      status: 409,
      codes: codes(CardErrors.closed, CardErrors.programUnavailable, CardErrors.idempotencyInProgress),
    },
    { status: 422, codes: codes(CardErrors.idempotencyKeyReused) },
  ] as const satisfies readonly ErrorAnswer[];

/**
 * Card commands (POST) require the `Idempotency-Key` header: a retry with the same key and body is answered
 * with the first response (header `Idempotent-Replayed: true`); the same key with another body is a 422
 * IDEMPOTENCY.KEY_REUSED; a retry while the first is still running waits for it (409 IDEMPOTENCY.IN_PROGRESS
 * after a few seconds). Keys are kept 24 h per user.
 */

export const getCard = defineEndpoint({
  method: 'get',
  path: '/api/v1/cards',
  owner: 'card-ledger',
  summary:
    'Karta po identyfikatorze, numerze (1234 5678 90) albo kodzie QR: saldo, pieczątki, poziom i nagrody z informacją, czy można je teraz odebrać',
  tags: ['cards'],
  auth: 'cards.scan',
  tenant: 'caller',
  query: CardLookupQuery,
  response: CardView,
  errors: [
    { status: 400, codes: codes(CardErrors.numberInvalid, CardErrors.qrInvalid) },
    // by clientId: a card the plan limit refused says so
    { status: 404, codes: ['CARD.NOT_FOUND', 'CARD.WAITING_FOR_SEAT'] },
  ],
});

export const searchCards = defineEndpoint({
  method: 'get',
  path: '/api/v1/cards/search',
  owner: 'card-ledger',
  summary: 'Karty klientów firmy po numerze telefonu, adresie e-mail albo imieniu i nazwisku (najwyżej 20)',
  tags: ['cards'],
  auth: 'cards.scan',
  tenant: 'caller',
  query: CardSearchQuery,
  response: CardSearchResponse,
});

export const pointsFromAmount = defineEndpoint({
  method: 'post',
  path: '/api/v1/cards/{id}/points-from-amount',
  owner: 'card-ledger',
  summary:
    'Punkty za zakup: kwota × punkty za 1 zł × mnożnik poziomu, zaokrąglone w dół (wymaga Idempotency-Key)',
  tags: ['cards'],
  auth: 'cards.award',
  tenant: 'caller',
  params: CardIdParams,
  headers: IdempotencyKeyHeaders,
  body: PointsFromAmountRequest,
  response: CardCommandResponse,
  errors: [
    ...command([
      CardErrors.programInactive,
      CardErrors.notPointsProgram,
      CardErrors.scanTimeInvalid,
      { code: 'CARD.AMOUNT_TOO_SMALL' },
      { code: 'CARD.AWARD_TOO_LARGE' },
      { code: 'CARD.BALANCE_LIMIT' },
    ]),
    { status: 429, codes: ['CARD.SCAN_COOLDOWN'] },
  ],
});

export const addStamps = defineEndpoint({
  method: 'post',
  path: '/api/v1/cards/{id}/stamps',
  owner: 'card-ledger',
  summary: 'Pieczątki na karcie (wymaga Idempotency-Key)',
  tags: ['cards'],
  auth: 'cards.award',
  tenant: 'caller',
  params: CardIdParams,
  headers: IdempotencyKeyHeaders,
  body: AddStampsRequest,
  response: CardCommandResponse,
  errors: [
    ...command([
      CardErrors.programInactive,
      CardErrors.notStampsProgram,
      CardErrors.scanTimeInvalid,
      { code: 'CARD.BALANCE_LIMIT' },
    ]),
    { status: 429, codes: ['CARD.SCAN_COOLDOWN'] },
  ],
});

export const redeemReward = defineEndpoint({
  method: 'post',
  path: '/api/v1/cards/{id}/redeem-reward',
  owner: 'card-ledger',
  summary:
    'Wydanie nagrody: koszt, godziny i dni, limity na kartę i pula nagród sprawdzane w agregacie karty (wymaga Idempotency-Key)',
  tags: ['cards'],
  auth: 'cards.redeem',
  tenant: 'caller',
  params: CardIdParams,
  headers: IdempotencyKeyHeaders,
  body: RedeemRewardRequest,
  response: CardCommandResponse,
  errors: command(
    [
      CardErrors.programInactive,
      CardErrors.rewardInactive,
      { code: 'CARD.INSUFFICIENT_POINTS' },
      { code: 'CARD.INSUFFICIENT_STAMPS' },
      { code: 'CARD.OUTSIDE_HOURS' },
      { code: 'CARD.WRONG_DAY' },
      { code: 'CARD.OUTSIDE_DATES' },
      CardErrors.dailyLimit,
      CardErrors.weeklyLimit,
      CardErrors.monthlyLimit,
      CardErrors.outOfStock,
    ],
    [CardErrors.rewardNotFound],
  ),
});

export const redeemBirthdayReward = defineEndpoint({
  method: 'post',
  path: '/api/v1/cards/{id}/redeem-birthday-reward',
  owner: 'card-ledger',
  summary:
    'Wydanie nagrody urodzinowej karty: bez punktów i pieczątek, raz, tylko w jej terminie (ADR 0058; wymaga Idempotency-Key)',
  tags: ['cards'],
  auth: 'cards.redeem',
  tenant: 'caller',
  params: CardIdParams,
  headers: IdempotencyKeyHeaders,
  response: CardCommandResponse,
  errors: command([BirthdayErrors.none, BirthdayErrors.alreadyRedeemed, BirthdayErrors.outsideWindow]),
});

export const regenerateCard = defineEndpoint({
  method: 'post',
  path: '/api/v1/cards/{id}/regenerate',
  owner: 'card-ledger',
  summary:
    'Wymiana karty: nowy numer i nowy kod QR, stary kod przestaje działać (posiadacz karty albo personel z uprawnieniem cards.regenerate; wymaga Idempotency-Key)',
  tags: ['cards'],
  auth: 'authenticated',
  params: CardIdParams,
  headers: IdempotencyKeyHeaders,
  response: RegenerateCardResponse,
  errors: command([]),
});

export const cardHistory = defineEndpoint({
  method: 'get',
  path: '/api/v1/cards/{id}/history',
  owner: 'card-ledger',
  summary:
    'Historia karty dla personelu: kto przyznał, wydał lub anulował, filtry rodzaju, pracownika i dat (stronicowana: pageNumber 1, pageSize 20)',
  tags: ['cards'],
  auth: 'clients.view',
  tenant: 'caller',
  params: CardIdParams,
  query: CardHistoryQuery,
  response: CardHistoryPage,
  errors: [notFound],
});

export const voidEntry = defineEndpoint({
  method: 'post',
  path: '/api/v1/cards/{id}/void',
  owner: 'card-ledger',
  summary:
    'Korekta: anulowanie przyznanych punktów lub pieczątek albo wydanej nagrody z podaniem powodu (wpis korygujący, oryginał zostaje w historii; wymaga Idempotency-Key)',
  tags: ['cards'],
  auth: 'cards.correct',
  tenant: 'caller',
  params: CardIdParams,
  headers: IdempotencyKeyHeaders,
  body: VoidEntryRequest,
  response: CardCommandResponse,
  errors: command(
    [
      CardErrors.notVoidable,
      CardErrors.correctionTooLate,
      CardErrors.alreadyVoided,
      { code: 'CARD.VOID_BELOW_ZERO' },
    ],
    [CardErrors.entryNotFound],
  ),
});

export const adjustBalance = defineEndpoint({
  method: 'post',
  path: '/api/v1/cards/{id}/adjust',
  owner: 'card-ledger',
  summary:
    'Ręczna korekta salda: dodanie (delta > 0) lub odjęcie (delta < 0) punktów albo pieczątek (jednostka programu) z podaniem powodu; widoczna w obu historiach i na karcie w portfelu (wymaga Idempotency-Key)',
  tags: ['cards'],
  auth: 'cards.adjust',
  tenant: 'caller',
  params: CardIdParams,
  headers: IdempotencyKeyHeaders,
  body: AdjustBalanceRequest,
  response: CardCommandResponse,
  errors: command([CardErrors.programInactive, { code: 'CARD.ADJUST_BELOW_ZERO' }]),
});
