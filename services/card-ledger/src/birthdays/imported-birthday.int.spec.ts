import type { ClientEnrolledData, ProgramDefinedData } from '@punkto/contracts/integration-events';
import { phoneOnlyHolder } from '@punkto/contracts/clients';
import type { MyCardsResponse } from '@punkto/contracts/customers';
import { Topics } from '@punkto/contracts/topics';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCardLedger, tokensFor, type CardLedgerTestApp } from '../testing/card-ledger-test-app';
import { BIRTHDAYS_COLLECTION, type BirthdayDoc } from './birthday-store';

/**
 * An imported client's birthday (ADR 0059): ClientEnrolled carries it („MM-DD”); the card ledger records it as the
 * holder's — the account's once linked, a phone-only client's card holder at once — only if they have none of their
 * own, grants a reward whose window is on today, and erases a phone-only holder's with the client.
 */
let t: CardLedgerTestApp;
beforeAll(async () => {
  t = await startCardLedger();
});
afterAll(async () => {
  await t?.close();
});

const ME = '/api/v1/customers/me/birthday';
const REWARD = { name: 'Darmowa kawa na urodziny', daysBefore: 3, daysAfter: 3 };
const birthdayDoc = (id: string) => t.infra.documents.collection<BirthdayDoc>(BIRTHDAYS_COLLECTION).get(id);

async function aProgram(birthdayReward: typeof REWARD | null = null) {
  const tenantId = `t-${randomUUID()}`;
  return { tokens: await tokensFor(tenantId), program: await t.defineProgram({ tenantId, birthdayReward }) };
}

/** an imported e-mail row: no account yet (identity links one, then ClientAccountLinked) */
const imported = (
  program: ProgramDefinedData,
  birthday: string,
  overrides: Partial<ClientEnrolledData> = {},
) => t.enrol(program, { userId: null, source: 'imported', birthday, ...overrides });

const link = (client: { clientId: string; tenantId: string; programId: string }, userId: string) =>
  t.deliver(Topics.tenantClients, 'ClientAccountLinked', {
    clientId: client.clientId,
    tenantId: client.tenantId,
    programId: client.programId,
    userId,
    linkedAt: new Date().toISOString(),
  });

describe('an imported client’s birthday', () => {
  it('becomes the customer’s once the account is linked, the year never known', async () => {
    const { program, tokens } = await aProgram();
    const client = await imported(program, '03-14');
    const userId = randomUUID();
    const me = await tokens.customer(userId);
    expect((await t.call('GET', ME, me)).json()).toEqual({ birthday: null });
    await link(client, userId);
    expect((await t.call('GET', ME, me)).json()).toEqual({ birthday: { day: 14, month: 3 } });
    expect(await birthdayDoc(userId)).toMatchObject({ day: 14, month: 3, mmdd: 314, imported: true });
  });

  it('never changes a birthday the customer gave, nor one they changed after an import', async () => {
    const { program, tokens } = await aProgram();
    const userId = randomUUID();
    const me = await tokens.customer(userId);
    expect((await t.call('PUT', ME, me, { body: { day: 23, month: 7 } })).statusCode).toBe(200);
    await link(await imported(program, '01-01'), userId);
    expect((await t.call('GET', ME, me)).json()).toEqual({ birthday: { day: 23, month: 7 } });

    // another company's import later, after the customer changed it again: still theirs
    expect((await t.call('PUT', ME, me, { body: { day: 5, month: 9 } })).statusCode).toBe(200);
    expect((await birthdayDoc(userId))!.imported).toBeUndefined();
    const other = await aProgram();
    await link(await imported(other.program, '12-24'), userId);
    expect((await t.call('GET', ME, me)).json()).toEqual({ birthday: { day: 5, month: 9 } });
  });

  it('a reward whose window is on today is granted at once, and only once a birthday year', async () => {
    const { program, tokens } = await aProgram(REWARD);
    t.setNow('2027-03-13T10:00:00.000Z');
    try {
      const userId = randomUUID();
      const client = await imported(program, '03-14');
      await link(client, userId);
      const me = await tokens.customer(userId);
      const mine = (await t.call('GET', '/api/v1/customers/my-cards', me)).json() as MyCardsResponse;
      expect(mine.items[0]!.birthdayReward).toMatchObject({
        year: 2027,
        name: REWARD.name,
        validFrom: '2027-03-11',
        validUntil: '2027-03-17',
      });
      // the customer changes it to a later day of the year: no second reward this year (ADR 0058)
      expect((await t.call('PUT', ME, me, { body: { day: 16, month: 3 } })).statusCode).toBe(200);
      const granted = (await t.events(client.cardId)).filter((e) => e.type === 'BirthdayRewardGranted');
      expect(granted).toHaveLength(1);
    } finally {
      t.setNow(null);
    }
  });

  it('a phone-only client’s is its card holder’s: rewarded, moved to an account given later, erased with the client', async () => {
    const { program, tokens } = await aProgram(REWARD);
    t.setNow('2028-02-28T10:00:00.000Z');
    try {
      // 29 February, imported: in 2028 the window is around the 29th
      const walkIn = await imported(program, '02-29', { email: null, phone: '+48600100201' });
      const holder = phoneOnlyHolder(walkIn.clientId);
      expect(await birthdayDoc(holder)).toMatchObject({ day: 29, month: 2 });
      const card = (await t.call('GET', `/api/v1/cards?cardId=${walkIn.cardId}`, tokens.owner)).json();
      expect(card.birthdayReward).toMatchObject({ year: 2028, redeemable: true });

      // the client is given an e-mail and linked to an account with no birthday: it becomes the account's
      const userId = randomUUID();
      await link(walkIn, userId);
      expect((await t.call('GET', ME, await tokens.customer(userId))).json()).toEqual({
        birthday: { day: 29, month: 2 },
      });
      expect(await birthdayDoc(holder)).toBeNull();

      // another phone-only client removed by the company: its birthday goes with its other data
      const removed = await imported(program, '06-01', { email: null, phone: '+48600100202' });
      expect(await birthdayDoc(phoneOnlyHolder(removed.clientId))).not.toBeNull();
      await t.deliver(Topics.tenantClients, 'ClientRemoved', {
        clientId: removed.clientId,
        tenantId: program.tenantId,
        programId: program.programId,
        removedAt: new Date().toISOString(),
      });
      expect(await birthdayDoc(phoneOnlyHolder(removed.clientId))).toBeNull();
    } finally {
      t.setNow(null);
    }
  });

  it('the company deleted: its phone-only clients’ imported birthdays go too', async () => {
    const { program } = await aProgram();
    const walkIn = await imported(program, '07-04', { email: null, phone: '+48600100203' });
    expect(await birthdayDoc(phoneOnlyHolder(walkIn.clientId))).not.toBeNull();
    await t.deliver(Topics.tenantTenants, 'TenantDeleted', {
      tenantId: program.tenantId,
      ownerId: randomUUID(),
      deletedAt: new Date().toISOString(),
    });
    expect(await birthdayDoc(phoneOnlyHolder(walkIn.clientId))).toBeNull();
  });

  it('a malformed or shredded value is no birthday', async () => {
    const { program, tokens } = await aProgram();
    const userId = randomUUID();
    await link(await imported(program, '[dane usunięte]'), userId);
    expect((await t.call('GET', ME, await tokens.customer(userId))).json()).toEqual({ birthday: null });
  });
});
