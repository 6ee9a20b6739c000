import { Permissions, Roles } from '@punkto/contracts/permissions';
import { randomUUID } from 'node:crypto';
import { startCardLedger, tokenFor } from './card-ledger-test-app';
const t = await startCardLedger({ SCAN_COOLDOWN_MS: '0', ANOMALY_MAX_AWARDS: '100000000', ANOMALY_MAX_POINTS: '100000000' });
const tenantId = randomUUID();
const program = await t.defineProgram({ tenantId });
const cardIds: string[] = [];
for (let i = 0; i < 200; i++) cardIds.push((await t.enrol(program)).cardId);
const users = Array.from({ length: 16 }, () => randomUUID());
const tokens = await Promise.all(users.map((u) => tokenFor(u, Roles.employee, { tid: tenantId, perms: [Permissions.cardsAward] })));
async function run(total: number) {
  let next = 0; const started = performance.now();
  await Promise.all(tokens.map(async (token, w) => { while (next < total) { const i = next++; const res = await t.call('POST', `/api/v1/cards/${cardIds[i % 200]}/points-from-amount`, token, { body: { amountGrosze: 1234 } }); if (res.statusCode !== 200) throw new Error(res.body); } }));
  return total / ((performance.now() - started) / 1000);
}
console.log('warm', (await run(200)).toFixed(0));
console.log('run1', (await run(2000)).toFixed(0));
console.log('run2', (await run(2000)).toFixed(0));
await t.close();
