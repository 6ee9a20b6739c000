import type { CardView } from '@punkto/contracts/cards';
import type { QueuedAward } from './offline-queue';

/** Test data of the offline scanner's unit tests. */
export const NOW = Date.parse('2026-11-25T14:05:00Z');

/** a card as the API answers it (only what the offline rules read matters) */
export function aCard(overrides: Partial<CardView> = {}): CardView {
  return {
    cardId: 'card-1',
    tenantId: 't1',
    programId: 'p1',
    programName: 'Kawa za punkty',
    kind: 'points',
    status: 'active',
    humanReadableId: '1234 5678 90',
    points: 42,
    stamps: 0,
    stampsRequired: null,
    lifetimePoints: 42,
    tier: null,
    nextTier: null,
    rewards: [],
    nextReward: null,
    issuedAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-25T13:00:00Z',
    birthdayReward: null,
    expiry: null,
    closedAt: null,
    customerName: 'Jan Klient',
    ...overrides,
  };
}

/** a waiting award (test mother) */
export function anAward(overrides: Partial<QueuedAward> = {}): QueuedAward {
  return {
    id: 'a1',
    scope: 't1|u1',
    tenantId: 't1',
    cardId: 'card-1',
    cardNumber: '1234 5678 90',
    customerName: 'Jan Klient',
    award: { kind: 'points', amountGrosze: 4250 },
    idempotencyKey: 'key-00000001',
    queuedAt: NOW,
    seq: 1,
    status: 'queued',
    attempts: 0,
    nextAttemptAt: NOW,
    refusal: null,
    ...overrides,
  };
}
