import type { CardCommandResponse, CardHistoryPage } from '@punkto/contracts/cards';
import type { MyHistoryPage } from '@punkto/contracts/customers';
import { Permissions, Roles, type Permission } from '@punkto/contracts/permissions';
import { Topics } from '@punkto/contracts/topics';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCardLedger, tokenFor, type CardLedgerTestApp } from '../testing/card-ledger-test-app';

// corrections and the staff's card history (issue 20, ADR 0016) on the real app and embedded adapters, over HTTP
let t: CardLedgerTestApp;
beforeAll(async () => {
  t = await startCardLedger();
});
afterAll(async () => {
  await t?.close();
});

/** a company with its owner and one named employee known to the card ledger, and a client's card */
async function company(
  employeePermissions: Permission[] = [Permissions.cardsAward, Permissions.clientsView],
) {
  const tenantId = `t-${randomUUID()}`;
  const ownerId = randomUUID();
  const employeeId = randomUUID();
  await t.deliver(Topics.tenantTenants, 'TenantCreated', {
    tenantId,
    ownerId,
    companyName: 'Kawiarnia Pod Lipą',
    nip: '5260250274',
    createdAt: new Date().toISOString(),
  });
  await t.deliver(Topics.tenantEmployees, 'EmployeeInvited', {
    employeeId,
    tenantId,
    email: 'ewa@example.pl',
    name: 'Ewa Kowalczyk',
    permissions: employeePermissions,
    companyName: 'Kawiarnia Pod Lipą',
    invitedAt: new Date().toISOString(),
  });
  const program = await t.defineProgram({ tenantId });
  const client = await t.enrol(program);
  return {
    tenantId,
    client,
    owner: await tokenFor(ownerId, Roles.owner, { tid: tenantId }),
    employee: await tokenFor(employeeId, Roles.employee, { tid: tenantId, perms: employeePermissions }),
    customer: await tokenFor(client.userId, Roles.customer),
    employeeId,
    ownerId,
  };
}

const award = (token: string, cardId: string, amountGrosze: number) =>
  t.call('POST', `/api/v1/cards/${cardId}/points-from-amount`, token, { body: { amountGrosze } });
const history = (token: string, cardId: string, query = '') =>
  t.call('GET', `/api/v1/cards/${cardId}/history${query}`, token);
const voidEntry = (
  token: string,
  cardId: string,
  activityId: string,
  reason = 'Pomyłka w kwocie',
  key?: string,
) => t.call('POST', `/api/v1/cards/${cardId}/void`, token, { body: { activityId, reason }, key });

describe('a mistaken award voided by the owner', () => {
  it('is taken back by a correction; both histories show who, what and why; a retry changes nothing', async () => {
    const c = await company();
    const typo = (await award(c.owner, c.client.cardId, 425_000).then((r) =>
      r.json(),
    )) as CardCommandResponse;
    t.advance(5); // past the scan cooldown
    const right = await award(c.employee, c.client.cardId, 4_250);
    expect(right.statusCode, right.body).toBe(200);

    const before = (await history(c.owner, c.client.cardId)).json() as CardHistoryPage;
    expect(before.items.map((e) => [e.type, e.points, e.employeeName, e.voidable])).toEqual([
      ['points_earned', 42, 'Ewa Kowalczyk', true],
      ['points_earned', 4250, 'Właściciel', true],
      ['card_issued', null, null, false],
    ]);

    const key = randomUUID();
    const voided = await voidEntry(c.owner, c.client.cardId, typo.activity!.id, 'Pomyłka w kwocie', key);
    expect(voided.statusCode, voided.body).toBe(200);
    const answer = voided.json() as CardCommandResponse;
    expect(answer.card).toMatchObject({ points: 42, lifetimePoints: 42 });
    expect(answer.activity).toMatchObject({
      type: 'award_voided',
      points: -4250,
      reason: 'Pomyłka w kwocie',
      description: 'Anulowano 4\u00a0250 pkt: Pomyłka w kwocie',
    });

    const after = (await history(c.owner, c.client.cardId)).json() as CardHistoryPage;
    expect(
      after.items.map((e) => [e.type, e.points, e.employeeName, e.voidable, e.voided?.reason ?? null]),
    ).toEqual([
      ['award_voided', -4250, 'Właściciel', false, null],
      ['points_earned', 42, 'Ewa Kowalczyk', true, null],
      ['points_earned', 4250, 'Właściciel', false, 'Pomyłka w kwocie'],
      ['card_issued', null, null, false, null],
    ]);

    const mine = (await t.call('GET', '/api/v1/customers/my-history', c.customer)).json() as MyHistoryPage;
    expect(mine.items.map((e) => [e.type, e.points, e.voided?.reason ?? null])).toEqual([
      ['award_voided', -4250, null],
      ['points_earned', 42, null],
      ['points_earned', 4250, 'Pomyłka w kwocie'],
      ['card_issued', null, null],
    ]);
    expect(JSON.stringify(mine)).not.toContain('Właściciel'); // customers are not told who

    // the same request again (same key) is answered from the first; a new one is refused
    const replay = await voidEntry(c.owner, c.client.cardId, typo.activity!.id, 'Pomyłka w kwocie', key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const again = await voidEntry(c.owner, c.client.cardId, typo.activity!.id);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'CARD.ALREADY_VOIDED' });
    expect((await t.events(c.client.cardId)).filter((e) => e.type === 'AwardVoided')).toHaveLength(1);
    const [event] = (await t.events(c.client.cardId)).filter((e) => e.type === 'AwardVoided');
    expect(event).toMatchObject({
      data: { points: 4250, reason: 'Pomyłka w kwocie' },
      metadata: { tenantId: c.tenantId },
    });
  });

  it('points already spent cannot be voided until the redemption that spent them is', async () => {
    const c = await company();
    const earned = (await award(c.owner, c.client.cardId, 15_000).then((r) =>
      r.json(),
    )) as CardCommandResponse;
    const redeemed = await t.call('POST', `/api/v1/cards/${c.client.cardId}/redeem-reward`, c.owner, {
      body: { rewardId: 'r-coffee' },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const redemption = (redeemed.json() as CardCommandResponse).activity!;

    const refused = await voidEntry(c.owner, c.client.cardId, earned.activity!.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'CARD.VOID_BELOW_ZERO',
      localizedMessage:
        'Nie można anulować w całości: klient wykorzystał już część tych punktów (do odjęcia 150 pkt, na karcie 50 pkt). Anuluj i skoryguj resztę albo najpierw anuluj wydaną za nie nagrodę.',
    });

    const given = await voidEntry(c.owner, c.client.cardId, redemption.id, 'Klient nie odebrał kawy');
    expect(given.statusCode, given.body).toBe(200);
    expect((given.json() as CardCommandResponse).card.points).toBe(150);
    expect((given.json() as CardCommandResponse).activity?.description).toBe(
      `Anulowano odbiór nagrody „${redemption.rewardName}”, zwrócono 100 pkt: Klient nie odebrał kawy`,
    );
    const taken = await voidEntry(c.owner, c.client.cardId, earned.activity!.id);
    expect((taken.json() as CardCommandResponse).card).toMatchObject({ points: 0, lifetimePoints: 0 });
  });

  it('refuses what is not an award or a redemption, unknown entries and a missing reason', async () => {
    const c = await company();
    const [issued] = ((await history(c.owner, c.client.cardId)).json() as CardHistoryPage).items;
    const notVoidable = await voidEntry(c.owner, c.client.cardId, issued!.id);
    expect(notVoidable.statusCode).toBe(400);
    expect(notVoidable.json()).toMatchObject({ code: 'CARD.ENTRY_NOT_VOIDABLE' });

    const unknown = await voidEntry(c.owner, c.client.cardId, `${c.client.cardId}:0000000099`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'CARD.ENTRY_NOT_FOUND' });

    const noReason = await voidEntry(c.owner, c.client.cardId, issued!.id, ' ');
    expect(noReason.statusCode).toBe(400);
    expect(JSON.stringify(noReason.json())).toContain('Podaj powód korekty (co najmniej 3 znaki).');
  });
});

describe('an award partly spent, voided with "adjust the rest" (ADR 0050)', () => {
  it('takes back what is left, keeps the spent part as an adjustment, and both histories say so', async () => {
    const c = await company();
    const typo = (await award(c.owner, c.client.cardId, 425_000).then((r) =>
      r.json(),
    )) as CardCommandResponse;
    const redeemed = await t.call('POST', `/api/v1/cards/${c.client.cardId}/redeem-reward`, c.owner, {
      body: { rewardId: 'r-coffee' },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);

    expect((await voidEntry(c.owner, c.client.cardId, typo.activity!.id)).json()).toMatchObject({
      code: 'CARD.VOID_BELOW_ZERO',
    });
    const key = randomUUID();
    const rest = () =>
      t.call('POST', `/api/v1/cards/${c.client.cardId}/void`, c.owner, {
        body: { activityId: typo.activity!.id, reason: 'Miało być 425 pkt', adjustRest: true },
        key,
      });
    const voided = await rest();
    expect(voided.statusCode, voided.body).toBe(200);
    const answer = voided.json() as CardCommandResponse;
    expect(answer.card).toMatchObject({ points: 0, lifetimePoints: 100 });
    expect(answer.activity).toMatchObject({ type: 'award_voided', points: -4250 });

    const staff = (await history(c.owner, c.client.cardId)).json() as CardHistoryPage;
    expect(staff.items.map((e) => [e.type, e.points, e.employeeName, e.voidable])).toEqual([
      ['award_voided', -4250, 'Właściciel', false],
      ['balance_adjusted', 100, 'Właściciel', false],
      ['reward_redeemed', -100, 'Właściciel', true],
      ['points_earned', 4250, 'Właściciel', false],
      ['card_issued', null, null, false],
    ]);
    expect(staff.items[1]!.description).toBe(
      'Korekta salda: dodano 100 pkt (wydana część anulowanego przyznania zostaje): Miało być 425 pkt',
    );
    const mine = (await t.call('GET', '/api/v1/customers/my-history', c.customer)).json() as MyHistoryPage;
    expect(mine.items.slice(0, 2).map((e) => [e.type, e.points, e.reason])).toEqual([
      ['award_voided', -4250, 'Miało być 425 pkt'],
      ['balance_adjusted', 100, 'Miało być 425 pkt'],
    ]);

    // a retry with the same key is the first answer, nothing booked twice
    expect((await rest()).headers['idempotent-replayed']).toBe('true');
    const events = (await t.events(c.client.cardId)).map((e) => e.type);
    expect(events.filter((type) => type === 'BalanceAdjusted' || type === 'AwardVoided')).toEqual([
      'BalanceAdjusted',
      'AwardVoided',
    ]);
  });
});

const adjust = (token: string, cardId: string, delta: unknown, reason = 'Punkty z papierowej karty') =>
  t.call('POST', `/api/v1/cards/${cardId}/adjust`, token, { body: { delta, reason } });

describe('POST /api/v1/cards/{id}/adjust (manual adjustment, ADR 0050)', () => {
  it('adds and takes away with a reason, never below zero, shown in both histories', async () => {
    const c = await company();
    const added = await adjust(c.owner, c.client.cardId, 120);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      card: { points: 120, lifetimePoints: 120 },
      activity: {
        type: 'balance_adjusted',
        points: 120,
        reason: 'Punkty z papierowej karty',
        description: 'Korekta salda: dodano 120 pkt: Punkty z papierowej karty',
      },
    });
    const taken = await adjust(c.owner, c.client.cardId, -20, 'Podwójnie przepisana karta');
    expect((taken.json() as CardCommandResponse).card.points).toBe(100);

    const tooMuch = await adjust(c.owner, c.client.cardId, -101);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      code: 'CARD.ADJUST_BELOW_ZERO',
      localizedMessage: 'Nie można odjąć 101 pkt: na karcie jest 100 pkt.',
    });
    for (const delta of [0, 1.5, 100_001, '5']) {
      const invalid = await adjust(c.owner, c.client.cardId, delta);
      expect(invalid.statusCode, String(delta)).toBe(400);
      expect(JSON.stringify(invalid.json())).toContain('Podaj liczbę różną od zera');
    }
    expect((await adjust(c.owner, c.client.cardId, 5, ' ')).statusCode).toBe(400);

    const mine = (await t.call('GET', '/api/v1/customers/my-history', c.customer)).json() as MyHistoryPage;
    expect(mine.items.map((e) => [e.type, e.points, e.description])).toEqual([
      ['balance_adjusted', -20, 'Korekta salda: odjęto 20 pkt: Podwójnie przepisana karta'],
      ['balance_adjusted', 120, 'Korekta salda: dodano 120 pkt: Punkty z papierowej karty'],
      ['card_issued', null, 'Wydano kartę'],
    ]);
    const events = (await t.events(c.client.cardId)).filter((e) => e.type === 'BalanceAdjusted');
    expect(events.map((e) => e.data)).toMatchObject([{ delta: 120 }, { delta: -20 }]);
  });

  it('needs cards.adjust; another company and a customer are refused and nothing is booked', async () => {
    const c = await company([Permissions.cardsAward, Permissions.cardsCorrect, Permissions.clientsView]);
    expect((await adjust(c.employee, c.client.cardId, 10)).statusCode).toBe(403);
    expect((await adjust(c.customer, c.client.cardId, 10)).statusCode).toBe(403);
    const other = await company();
    const foreign = await adjust(other.owner, c.client.cardId, 10);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'CARD.NOT_FOUND' });
    expect((await t.events(c.client.cardId)).some((e) => e.type === 'BalanceAdjusted')).toBe(false);

    const adjuster = await tokenFor(randomUUID(), Roles.employee, {
      tid: c.tenantId,
      perms: [Permissions.cardsAdjust],
    });
    const allowed = await adjust(adjuster, c.client.cardId, 10);
    expect(allowed.statusCode, allowed.body).toBe(200);
  });
});

describe('the owner in the history', () => {
  it('is named as identity signed the name in the owner’s token, and a new name reaches the old entries', async () => {
    const c = await company();
    // the company's own owner, signed in with a name
    const named = (name: string) => tokenFor(c.ownerId, Roles.owner, { tid: c.tenantId, name });
    await award(await named('Anna Kowalska'), c.client.cardId, 1_000);
    const who = async () =>
      ((await history(c.owner, c.client.cardId)).json() as CardHistoryPage).items[0]!.employeeName;
    expect(await who()).toBe('Anna Kowalska (właściciel)');
    // renamed in Moje konto: the next token carries the new name, and the history follows
    await t.call('GET', `/api/v1/cards/${c.client.cardId}/history`, await named('Anna Nowak'));
    expect(await who()).toBe('Anna Nowak (właściciel)');
    // a name in an owner's token of ANOTHER company does not name this company's owner
    const stranger = await tokenFor(randomUUID(), Roles.owner, { tid: c.tenantId + '-x', name: 'Obcy' });
    await t.call('GET', `/api/v1/cards/${c.client.cardId}/history`, stranger);
    expect(await who()).toBe('Anna Nowak (właściciel)');
  });
});

describe('who may read the history and correct', () => {
  it('voiding needs cards.correct; reading needs clients.view; another company sees no such card', async () => {
    const c = await company([Permissions.cardsAward]);
    const earned = (await award(c.owner, c.client.cardId, 1_000).then((r) =>
      r.json(),
    )) as CardCommandResponse;

    expect((await voidEntry(c.employee, c.client.cardId, earned.activity!.id)).statusCode).toBe(403);
    expect((await history(c.employee, c.client.cardId)).statusCode).toBe(403);
    const corrector = await tokenFor(randomUUID(), Roles.employee, {
      tid: c.tenantId,
      perms: [Permissions.cardsCorrect, Permissions.clientsView],
    });
    expect((await history(corrector, c.client.cardId)).statusCode).toBe(200);

    const other = await company();
    const foreignVoid = await voidEntry(other.owner, c.client.cardId, earned.activity!.id);
    expect(foreignVoid.statusCode).toBe(404);
    expect(foreignVoid.json()).toMatchObject({ code: 'CARD.NOT_FOUND' });
    expect((await history(other.owner, c.client.cardId)).statusCode).toBe(404);
    expect((await t.events(c.client.cardId)).some((e) => e.type === 'AwardVoided')).toBe(false);

    expect((await voidEntry(corrector, c.client.cardId, earned.activity!.id)).statusCode).toBe(200);
  });
});

describe('GET /api/v1/cards/{id}/history filters', () => {
  it('by kind, by employee and by Warsaw days; a reversed range is refused', async () => {
    const c = await company();
    t.setNow('2026-03-02T10:00:00.000Z');
    try {
      await award(c.owner, c.client.cardId, 1_000);
      t.advance(86_400); // the next day
      await award(c.employee, c.client.cardId, 2_000);

      const kinds = (
        await history(c.owner, c.client.cardId, '?activityType=points_earned')
      ).json() as CardHistoryPage;
      expect(kinds.items.map((e) => e.points)).toEqual([20, 10]);
      const byEmployee = (
        await history(c.owner, c.client.cardId, `?employeeId=${c.employeeId}`)
      ).json() as CardHistoryPage;
      expect(byEmployee.items.map((e) => e.points)).toEqual([20]);
      const firstDay = (
        await history(c.owner, c.client.cardId, '?from=2026-03-02&to=2026-03-02')
      ).json() as CardHistoryPage;
      expect(firstDay.items.filter((e) => e.type === 'points_earned').map((e) => e.points)).toEqual([10]);
      const paged = (
        await history(c.owner, c.client.cardId, '?pageSize=1&pageNumber=2')
      ).json() as CardHistoryPage;
      expect(paged).toMatchObject({ pageNumber: 2, pageSize: 1, totalCount: 3, totalPages: 3 });

      const reversed = await history(c.owner, c.client.cardId, '?from=2026-03-03&to=2026-03-02');
      expect(reversed.statusCode).toBe(400);
      expect(JSON.stringify(reversed.json())).toContain(
        'Data początkowa nie może być późniejsza niż końcowa.',
      );
    } finally {
      t.setNow(null);
    }
  });
});
