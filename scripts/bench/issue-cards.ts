/**
 * What the benchmarks of awards need before the first award: a points program and cards issued to clients, as
 * the tenant service would publish them on the bus and the card ledger would issue them.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { ProgramDefinedData } from '../../contracts/src/integration-events';
import { Topics } from '../../contracts/src/topics';
import { SqliteMessageBus } from '../../services/platform/src/bus/sqlite-message-bus';
import { toMessage } from '../../services/platform/src/relay/event-relay';

/** A points program (1 point per złoty, no levels or rewards), as its `ProgramDefined` event carries it. */
export const pointsProgram = (
  programId: string,
  tenantId: string,
  definedAt: string,
  name = 'Benchmark',
): ProgramDefinedData => ({
  programId,
  tenantId,
  version: 1,
  kind: 'points',
  name,
  description: '',
  active: true,
  pointsPerPln: 1,
  stampsRequired: null,
  levels: null,
  rewards: [],
  definedAt,
});

/**
 * A program and `count` clients of `tenantId` published on the bus in `dataDir`; resolves with their card ids
 * once the card ledger at `cardsUrl` has issued them all (60 s at most), asked with the owner's token.
 */
export async function issueCards(options: {
  dataDir: string;
  tenantId: string;
  cardsUrl: string;
  ownerToken: string;
  count: number;
}): Promise<string[]> {
  const { dataDir, tenantId, cardsUrl, ownerToken, count } = options;
  const programId = randomUUID();
  const clientIds = Array.from({ length: count }, () => randomUUID());
  const now = new Date().toISOString();
  const bus = SqliteMessageBus.open(join(dataDir, 'bus.db'));
  const envelope = (type: string, data: object) => {
    const id = randomUUID();
    return toMessage({
      id,
      type,
      schemaVersion: 1,
      occurredAt: now,
      tenantId,
      aggregateId: randomUUID(),
      correlationId: id,
      causationId: null,
      traceparent: null,
      data,
    });
  };
  await bus.publish(Topics.tenantPrograms, [
    envelope('ProgramDefined', pointsProgram(programId, tenantId, now)),
  ]);
  await bus.publish(
    Topics.tenantClients,
    clientIds.map((clientId) =>
      envelope('ClientEnrolled', {
        clientId,
        tenantId,
        programId,
        userId: randomUUID(),
        email: `${clientId}@example.pl`,
        name: 'Klient',
        phone: null,
        source: 'self',
        companyName: 'Benchmark',
        programName: 'Benchmark',
        marketingConsent: false,
        enrolledAt: now,
      }),
    ),
  );
  await bus.close();
  // the card id is derived from the client id; GET /cards?… of the last client's card tells when all are issued
  const { cardIdFor } = await import('../../services/card-ledger/src/cards/card-ledger');
  const cardIds = clientIds.map(cardIdFor);
  for (let i = 0; ; i++) {
    const res = await fetch(`${cardsUrl}/api/v1/cards?cardId=${cardIds.at(-1)}`, {
      headers: { cookie: `punkto_access=${ownerToken}` },
    });
    if (res.ok) return cardIds;
    if (i > 600) throw new Error('the cards were not issued within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}
