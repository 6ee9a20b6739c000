/**
 * The card ledger under concurrent award load, to be SIGKILLed (award-crash-test.ts). Started with
 * `<dataDir> work|replay`:
 *
 * - work: the real app on the embedded adapters in `dataDir` (the first run defines a program and issues
 *   CARDS cards, remembered in scenario.json), then WORKERS employees award points through HTTP forever, each
 *   printing `ACK <userId> <key> <cardId>` once its award was answered 200 — only then is it acknowledged.
 * - replay: restarts on the same files and sends every award of `acked.txt` again with its Idempotency-Key;
 *   prints `REPLAYED <n>` and `NOT_REPLAYED <userId> <key> <status> <header>` for each that was not replayed.
 */
import { Permissions, Roles } from '@punkto/contracts/permissions';
import { IDEMPOTENT_REPLAY_HEADER } from '@punkto/contracts/cards';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startCardLedger, tokenFor } from './card-ledger-test-app';

export const CARDS = 20;
const WORKERS = 16;
export const AMOUNT_GROSZE = 1000;

const [dataDir, mode] = process.argv.slice(2) as [string, 'work' | 'replay'];
const t = await startCardLedger(
  { SCAN_COOLDOWN_MS: '0', ANOMALY_MAX_AWARDS: '100000000', ANOMALY_MAX_POINTS: '100000000' },
  { dataDir },
);
const scenarioFile = join(dataDir, 'scenario.json');
if (!existsSync(scenarioFile)) {
  const tenantId = randomUUID();
  const program = await t.defineProgram({ tenantId });
  const cardIds: string[] = [];
  for (let i = 0; i < CARDS; i++) cardIds.push((await t.enrol(program)).cardId);
  writeFileSync(`${scenarioFile}.tmp`, JSON.stringify({ tenantId, cardIds }));
  renameSync(`${scenarioFile}.tmp`, scenarioFile);
}
const { tenantId, cardIds } = JSON.parse(readFileSync(scenarioFile, 'utf8')) as {
  tenantId: string;
  cardIds: string[];
};
const staff = (userId: string) =>
  tokenFor(userId, Roles.employee, { tid: tenantId, perms: [Permissions.cardsAward] });
const award = async (userId: string, key: string, cardId: string) =>
  t.call('POST', `/api/v1/cards/${cardId}/points-from-amount`, await staff(userId), {
    key,
    body: { amountGrosze: AMOUNT_GROSZE },
  });

if (mode === 'work') {
  console.log('READY');
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      const userId = randomUUID();
      for (let i = 0; ; i++) {
        const key = randomUUID();
        const cardId = cardIds[(worker * 7 + i) % cardIds.length]!;
        const res = await award(userId, key, cardId);
        if (res.statusCode === 200) console.log(`ACK ${userId} ${key} ${cardId}`);
        else console.error(`award answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      }
    }),
  );
} else {
  let replayed = 0;
  const lines = readFileSync(join(dataDir, 'acked.txt'), 'utf8').split('\n').filter(Boolean);
  for (const line of lines) {
    const [userId, key, cardId] = line.split(' ') as [string, string, string];
    const res = await award(userId, key, cardId);
    if (res.statusCode === 200 && res.headers[IDEMPOTENT_REPLAY_HEADER] === 'true') replayed++;
    else
      console.log(
        `NOT_REPLAYED ${userId} ${key} ${res.statusCode} ${String(res.headers[IDEMPOTENT_REPLAY_HEADER])}`,
      );
  }
  console.log(`REPLAYED ${replayed}`);
  await t.close({ keepData: true });
  console.log('DONE');
}
