/**
 * "Switch from paper" (issue 34, ADR 0059) end to end through the gateway in the embedded product: 5,000 rows with
 * 50 bad ones, sent as the panel sends them (batches of 500). Every row gets an answer: the bad ones their Polish
 * errors, the good ones a client with a card holding its paper-card balance — up to the plan's customer limit (the
 * trial's 500; the largest plan has no more), the rest reported as refused by the limit, never dropped. Importing
 * the same file again creates nothing and records no balance twice; invitations go only where the company
 * confirmed and the customer agreed; another company cannot import into this one.
 */
import {
  IMPORT_BATCH_SIZE,
  type ImportClientsResponse,
  type ImportRowCells,
} from '@punkto/contracts/client-import';
import { PLAN_CATALOGUE } from '@punkto/contracts/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, ownerWithProgram, uniqueEmail, type OwnerWithProgram } from '../scripts/testing/actors';
import { startEmbeddedProduct, type SourceProduct } from '../scripts/testing/source-product';

let product: SourceProduct;
let base = '';
let owner: OwnerWithProgram;

beforeAll(async () => {
  product = await startEmbeddedProduct();
  base = product.base;
  owner = await ownerWithProgram({ baseUrl: base });
}, 120_000);

afterAll(() => product?.stop());

const ROWS = 5_000;
const LIMIT = PLAN_CATALOGUE.trial.customerLimit;
/** every 100th row is bad, in one of three ways */
const isBad = (i: number) => i % 100 === 99;

/** the file: row numbers from 2 (1 is the header); e-mail rows and phone-only rows; consent on every third */
function fileRows(tag: string): ImportRowCells[] {
  return Array.from({ length: ROWS }, (_, i) => {
    const row = i + 2;
    const phoneOnly = i % 2 === 1;
    const cells: ImportRowCells = {
      row,
      name: `Klient ${i}`,
      email: phoneOnly ? '' : `imp-${tag}-${i}@example.pl`,
      phone: phoneOnly ? `6${String(10_000_000 + i).padStart(8, '0')}` : '',
      points: String(i % 300),
      stamps: '',
      consent: i % 3 === 0 ? 'tak' : 'nie',
    };
    if (!isBad(i)) return cells;
    const kind = Math.floor(i / 100) % 3;
    if (kind === 0) return { ...cells, email: 'to-nie-jest-email', phone: '' };
    if (kind === 1) return { ...cells, email: '', phone: '' };
    return { ...cells, points: 'sto' };
  });
}

async function importFile(who: OwnerWithProgram, tenantId: string, rows: ImportRowCells[], importId: string) {
  const results: ImportClientsResponse['results'] = [];
  for (let at = 0; at < rows.length; at += IMPORT_BATCH_SIZE) {
    const res = await who.client.call('POST', `/api/v1/tenants/${tenantId}/import-clients`, {
      importId,
      programId: owner.program.id,
      invite: true,
      rows: rows.slice(at, at + IMPORT_BATCH_SIZE),
    });
    if (res.status !== 200) return { status: res.status, results };
    results.push(...((await res.json()) as ImportClientsResponse).results);
  }
  return { status: 200, results };
}

type CardJson = { points: number; stamps: number };
const cardOf = async (clientId: string) => {
  const res = await owner.client.call('GET', `/api/v1/cards?clientId=${clientId}`);
  return res.status === 200 ? ((await res.json()) as CardJson) : undefined;
};

async function mailboxMentions(email: string) {
  return (await (await fetch(`${base}/dev/mailbox`)).text()).includes(email);
}

describe('importing 5,000 customers with 50 bad rows', () => {
  const rows = fileRows('a');
  let first: ImportClientsResponse['results'] = [];

  it('answers every row: 50 errors in Polish, clients up to the plan limit, the rest refused by the limit', async () => {
    const started = Date.now();
    const { status, results } = await importFile(owner, owner.tenantId, rows, 'import-1');
    expect(status).toBe(200);
    first = results;
    expect(results).toHaveLength(ROWS);
    expect(results.map((r) => r.row)).toEqual(rows.map((r) => r.row));

    const bad = results.filter((r, i) => isBad(i));
    expect(bad).toHaveLength(50);
    expect(bad.every((r) => r.outcome === 'error' && r.errors.length > 0)).toBe(true);
    expect(bad[0]!.errors).toEqual([{ field: 'email', message: 'Podaj poprawny adres e-mail.' }]);
    expect(bad[1]!.errors).toEqual([
      { field: 'phone', message: 'Podaj adres e-mail albo numer telefonu klienta.' },
    ]);
    expect(bad[2]!.errors[0]!.field).toBe('points');

    const created = results.filter((r) => r.outcome === 'created');
    expect(created).toHaveLength(LIMIT);
    const refused = results.filter((r, i) => !isBad(i) && r.outcome === 'error');
    expect(refused).toHaveLength(ROWS - 50 - LIMIT);
    expect(refused[0]!.errors[0]!.message).toMatch(/^Plan firmy pozwala na 500 aktywnych klientów/);
    console.info(`import of ${ROWS} rows through the gateway: ${Date.now() - started} ms`);
  }, 300_000);

  it('gives every imported client a card holding the balance from the paper card', async () => {
    const created = first.filter((r) => r.outcome === 'created');
    for (const result of created) {
      const i = result.row - 2;
      const card = await eventually(`the card of row ${result.row}`, () => cardOf(result.clientId!), 60_000);
      expect(card.points, `row ${result.row}`).toBe(i % 300);
    }
    // the history says where the balance came from
    const withPoints = created.find((r) => (r.row - 2) % 300 > 0)!;
    const view = (await (
      await owner.client.call('GET', `/api/v1/cards?clientId=${withPoints.clientId}`)
    ).json()) as {
      cardId: string;
    };
    const history = await owner.client.call('GET', `/api/v1/cards/${view.cardId}/history`);
    expect(await history.text()).toContain('Saldo przeniesione z karty papierowej');
  }, 300_000);

  it('invites only whom the customer agreed to hear from', async () => {
    const created = first.filter((r) => r.outcome === 'created' && (r.row - 2) % 2 === 0);
    const agreed = created.find((r) => (r.row - 2) % 3 === 0)!;
    const declined = created.find((r) => (r.row - 2) % 3 !== 0)!;
    // both accounts exist and are linked (the card is issued after the link)
    await eventually('the cards', async () =>
      (await cardOf(agreed.clientId!)) && (await cardOf(declined.clientId!)) ? true : undefined,
    );
    await eventually('the invitation of the one who agreed', async () =>
      (await mailboxMentions(`imp-a-${agreed.row - 2}@example.pl`)) ? true : undefined,
    );
    expect(await mailboxMentions(`imp-a-${declined.row - 2}@example.pl`)).toBe(false);
  }, 120_000);

  it('importing the same file again creates nothing and records no balance twice', async () => {
    const { status, results } = await importFile(owner, owner.tenantId, rows, 'import-2');
    expect(status).toBe(200);
    expect(results.filter((r) => r.outcome === 'created')).toHaveLength(0);
    expect(results.filter((r) => r.outcome === 'existing')).toHaveLength(LIMIT);
    const sample = first.find((r) => r.outcome === 'created' && (r.row - 2) % 300 > 0)!;
    expect((await cardOf(sample.clientId!))!.points).toBe((sample.row - 2) % 300);
    const listed = await owner.client.call(
      'GET',
      `/api/v1/tenants/${owner.tenantId}/get-clients?pageSize=10`,
    );
    expect(((await listed.json()) as { totalCount: number }).totalCount).toBe(LIMIT);
  }, 300_000);

  it('without the company’s confirmation nobody gets an e-mail, not even a customer who agreed', async () => {
    // a company of its own: the first is at its plan's limit
    const quiet = await ownerWithProgram({ baseUrl: base });
    const unconfirmed = uniqueEmail('bez-zaproszenia');
    const confirmed = uniqueEmail('z-zaproszeniem');
    const row = (email: string): ImportRowCells => ({
      row: 2,
      name: 'Klient',
      email,
      points: '5',
      consent: 'tak',
    });
    const send = async (email: string, invite: boolean) => {
      const res = await quiet.client.call('POST', `/api/v1/tenants/${quiet.tenantId}/import-clients`, {
        importId: `quiet-${String(invite)}`,
        programId: quiet.program.id,
        invite,
        rows: [row(email)],
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as ImportClientsResponse).results[0]!;
    };
    const without = await send(unconfirmed, false);
    expect(without.outcome).toBe('created');
    // the next enrolment, confirmed, is handled after it: once its invitation is in, the first's would be too
    expect((await send(confirmed, true)).outcome).toBe('created');
    await eventually('the confirmed row’s invitation', async () =>
      (await mailboxMentions(confirmed)) ? true : undefined,
    );
    // the account was made and linked, silently: the card holds the paper card's balance
    const card = await eventually('the silent row’s card', async () => {
      const res = await quiet.client.call('GET', `/api/v1/cards?clientId=${without.clientId}`);
      return res.status === 200 ? ((await res.json()) as CardJson) : undefined;
    });
    expect(card.points).toBe(5);
    expect(await mailboxMentions(unconfirmed)).toBe(false);
  }, 120_000);

  it('another company cannot import into this one', async () => {
    const other = await ownerWithProgram({ baseUrl: base });
    const { status } = await importFile(other, owner.tenantId, fileRows('b').slice(0, 3), 'obcy');
    expect(status).toBe(403);
  }, 120_000);
});
