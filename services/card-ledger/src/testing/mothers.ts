import { NO_ENTRY_DETAILS, type ActivityDoc } from '../cards/card-activity';
import type { CardIssuedData, ProgramDefinedData } from '@punkto/contracts/integration-events';
import type { ProgramRules, RuleReward } from '../programs/program-rules';
import type { CardIssued } from '../cards/card';

/** Test-data builders ("object mothers") shared by the card ledger's unit and integration tests. */

export const aReward = (overrides: Partial<RuleReward> = {}): RuleReward => ({
  id: 'r-coffee',
  name: 'Kawa gratis',
  description: 'Dowolna kawa',
  cost: 100,
  active: true,
  schedule: { weekdays: [], hours: null, dateRange: null },
  limits: { perCard: {}, stock: null },
  ...overrides,
});

export const aProgramDefinition = (overrides: Partial<ProgramDefinedData> = {}): ProgramDefinedData => ({
  programId: 'p1',
  tenantId: 't1',
  version: 1,
  kind: 'points',
  name: 'Kawowe punkty',
  description: '',
  active: true,
  pointsPerPln: 1,
  stampsRequired: null,
  levels: null,
  rewards: [aReward()],
  definedAt: '2026-01-01T10:00:00.000Z',
  ...overrides,
});

export const pointsRules = (overrides: Partial<ProgramDefinedData> = {}): ProgramRules => ({
  ...aProgramDefinition(overrides),
  deleted: false,
});

export const stampsRules = (overrides: Partial<ProgramDefinedData> = {}): ProgramRules =>
  pointsRules({
    kind: 'stamps',
    name: 'Co 10. kawa gratis',
    pointsPerPln: null,
    stampsRequired: 10,
    rewards: [aReward({ id: 'r-free', name: '11. kawa gratis', cost: 10 })],
    ...overrides,
  });

export const tiersRules = (overrides: Partial<ProgramDefinedData> = {}): ProgramRules =>
  pointsRules({
    kind: 'tiers',
    name: 'Klub Złoty',
    pointsPerPln: 1,
    levels: [
      { name: 'Brąz', minLifetimePoints: 0, multiplier: 1, benefits: '' },
      { name: 'Srebro', minLifetimePoints: 100, multiplier: 1.5, benefits: 'Kawa w cenie herbaty' },
      { name: 'Złoto', minLifetimePoints: 500, multiplier: 2, benefits: 'Pierwszeństwo' },
    ],
    ...overrides,
  });

export const cardIssued = (overrides: Partial<CardIssuedData> = {}): CardIssued => ({
  type: 'CardIssued',
  data: {
    cardId: 'c1',
    tenantId: 't1',
    programId: 'p1',
    clientId: 'cl1',
    userId: 'u1',
    humanReadableId: '1234567897',
    secretVersion: 1,
    qrPayload: 'P1.c1.1.signature-of-version-1xx',
    tier: null,
    issuedAt: '2026-01-05T09:00:00.000Z',
    ...overrides,
  },
});

/** A history entry as the card_activity projection stores it: an award-less points entry unless overridden. */
export const anActivity = (overrides: Partial<ActivityDoc> = {}): ActivityDoc => ({
  _id: 'c1:0000000001',
  cardId: 'c1',
  userId: 'u1',
  tenantId: 't1',
  programId: 'p1',
  type: 'points_earned',
  occurredAt: '2026-07-15T10:05:00.000Z',
  ...NO_ENTRY_DETAILS,
  ...overrides,
});
