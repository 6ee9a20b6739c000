/**
 * One side of the Apple pass benchmark (apple-pass.ts): the notification service's pass of one card, served
 * through `applePasses` over its copies in the SQLite document store — the first request builds and signs
 * (cold), the next ones of the same version come from the cache. Prints the timing as JSON.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SqliteDocumentStore } from '../../services/platform/src/documents/sqlite-document-store';
import { NotificationEnv } from '../../services/notification/src/config';
import { applePasses } from '../../services/notification/src/passes/apple-passes';
import { passCopies } from '../../services/notification/src/passes/pass-copies';
import { passTokens } from '../../services/notification/src/passes/apple/web-service/pass-serials';
import { pointsProgram } from './issue-cards';
import { summarize } from './stats';

const [dir, count, mode] = process.argv.slice(2) as [string, string, 'rebrand' | undefined];
mkdirSync(dir, { recursive: true });
const documents = SqliteDocumentStore.open(join(dir, 'documents.db'));
const copies = passCopies(documents);
const config = NotificationEnv.parse({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
const tokens = passTokens('bench-secret-bench-secret-bench-secret', config.APPLE_PASS_TYPE_IDENTIFIER);
const passes = applePasses({ copies, config, clock: () => new Date(), tokens });

const at = new Date().toISOString();
await copies.companyCreated({
  tenantId: 't1',
  ownerId: 'o1',
  companyName: 'Kawiarnia',
  nip: '1234563218',
  createdAt: at,
});
await copies.programs.define('p1', pointsProgram('p1', 't1', at, 'Kawa za punkty'));
const cards = Array.from({ length: Number(count) }, (_, i) => `card-${i}`);
for (const cardId of cards)
  await copies.applyCardEvent(cardId, {
    type: 'CardIssued',
    data: {
      cardId,
      tenantId: 't1',
      programId: 'p1',
      clientId: `c-${cardId}`,
      userId: 'u1',
      humanReadableId: '1234567897',
      secretVersion: 1,
      qrPayload: `P1.${cardId}.1.sig`,
      tier: null,
      issuedAt: at,
    },
  });

if (mode === 'rebrand') {
  // A company changes its colours: every pass of it is a new version. Each pass is held by two phones,
  // which both fetch it after their push (the PassKit web service's GET): signed once, served twice.
  const serve = async (cardId: string) => {
    const started = performance.now();
    const pass = await passes.ofSerial(`${cardId}.1`);
    await pass!.pkpass();
    return performance.now() - started;
  };
  for (const cardId of cards) await serve(cardId); // the passes as the phones hold them
  const before = passes.signings();
  await copies.companyUpdated({
    tenantId: 't1',
    changes: { branding: { backgroundColor: '#1f6f5c', foregroundColor: '#ffffff', labelColor: '#d8f3ea' } },
    updatedAt: new Date().toISOString(),
  });
  const started = performance.now();
  const first: number[] = [];
  const second: number[] = [];
  // pushes go out a page of 500 devices at a time (pass-pushes.ts), so the two phones of a pass fetch it
  // within the same page
  for (let page = 0; page < cards.length; page += 500) {
    const pageCards = cards.slice(page, page + 500);
    for (const cardId of pageCards) first.push(await serve(cardId));
    for (const cardId of pageCards) second.push(await serve(cardId));
  }
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    JSON.stringify({
      passes: cards.length,
      signed: passes.signings() - before,
      seconds,
      first: summarize(first),
      second: summarize(second),
    }),
  );
} else {
  const time = async (cardId: string) => {
    const started = performance.now();
    await passes.forHolder(cardId, 'u1');
    return performance.now() - started;
  };
  await time(cards[0]!); // warm-up: images rendered, code paths compiled
  const cold: number[] = [];
  for (const cardId of cards.slice(1)) cold.push(await time(cardId));
  const cached: number[] = [];
  for (const cardId of cards.slice(1)) cached.push(await time(cardId));
  process.stdout.write(JSON.stringify({ cold: summarize(cold), cached: summarize(cached) }));
}
