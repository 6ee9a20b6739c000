/** A card as the card ledger's `cards` projection stores it (a fresh card, no history), for seeding benchmarks. */
export function cardDocument(ids: {
  cardId: string;
  tenantId: string;
  programId: string;
  clientId: string;
  userId: string;
  humanReadableId: string;
  issuedAt: string;
}) {
  return JSON.stringify({
    status: 'active',
    ...ids,
    secretVersion: 1,
    points: 0,
    stamps: 0,
    lifetimePoints: 0,
    tier: null,
    redemptions: [],
    recentCommandIds: [],
    lastAwardAt: null,
    updatedAt: ids.issuedAt,
    lastRevision: 0,
  });
}
