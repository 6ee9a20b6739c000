import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DomainRuleError } from '../errors/errors';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { commandHandler } from './command-handler';
import type { Decider } from './decider';
import { deciderSpecification } from './decider-specification';

// a tiny wallet aggregate: enough to prove the handler's read → fold → decide → append loop
type Event =
  { type: 'Deposited'; data: { amount: number } } | { type: 'Withdrawn'; data: { amount: number } };
type Command = { type: 'Deposit'; amount: number } | { type: 'Withdraw'; amount: number };
type State = { balance: number };

const wallet: Decider<State, Command, Event> = {
  initialState: () => ({ balance: 0 }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'Deposited':
        return { balance: state.balance + event.data.amount };
      case 'Withdrawn':
        return { balance: state.balance - event.data.amount };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'Deposit':
        return [{ type: 'Deposited', data: { amount: command.amount } }];
      case 'Withdraw':
        if (command.amount > state.balance)
          throw new DomainRuleError('WALLET.INSUFFICIENT', 'Za mało środków.');
        return [{ type: 'Withdrawn', data: { amount: command.amount } }];
    }
  },
};

describe('deciderSpecification', () => {
  const spec = deciderSpecification(wallet);
  it('given a deposit, when withdrawing less, then withdrawn', () =>
    spec
      .given([{ type: 'Deposited', data: { amount: 10 } }])
      .when({ type: 'Withdraw', amount: 4 })
      .then([{ type: 'Withdrawn', data: { amount: 4 } }]));
  it('given nothing, when withdrawing, then it throws the domain error', () =>
    spec
      .given([])
      .when({ type: 'Withdraw', amount: 1 })
      .thenThrows(DomainRuleError, (e) => expect(e.code).toBe('WALLET.INSUFFICIENT')));
});

describe('commandHandler', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'punkto-handler-'));
    store = SqliteEventStore.open(join(dir, 'events.db'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('appends the decided events with metadata and returns the new state', async () => {
    const handle = commandHandler(store, wallet);
    await handle('wallet-1', { type: 'Deposit', amount: 10 }, { correlationId: 'c1', tenantId: 't1' });
    const result = await handle('wallet-1', { type: 'Withdraw', amount: 3 });
    expect(result.newState).toEqual({ balance: 7 });
    expect(result.nextExpectedRevision).toBe(1);
    const events = await store.readStream('wallet-1');
    expect(events.map((e) => e.type)).toEqual(['Deposited', 'Withdrawn']);
    expect(events[0]!.metadata).toMatchObject({ correlationId: 'c1', tenantId: 't1' });
  });

  it('propagates domain errors and appends nothing', async () => {
    const handle = commandHandler(store, wallet);
    await expect(handle('wallet-2', { type: 'Withdraw', amount: 1 })).rejects.toBeInstanceOf(DomainRuleError);
    expect(await store.readStream('wallet-2')).toEqual([]);
  });

  it('serialises concurrent commands on one stream: no double spending', async () => {
    // two processes' worth of connections racing on the same stream
    const other = SqliteEventStore.open(join(dir, 'events.db'));
    try {
      await commandHandler(store, wallet)('wallet-3', { type: 'Deposit', amount: 10 });
      const a = commandHandler(store, wallet, { maxRetries: 20 });
      const b = commandHandler(other, wallet, { maxRetries: 20 });
      const attempts = Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? a : b)('wallet-3', { type: 'Withdraw', amount: 3 }),
      );
      const results = await Promise.allSettled(attempts);
      const succeeded = results.filter((r) => r.status === 'fulfilled').length;
      const refused = results.filter(
        (r) => r.status === 'rejected' && r.reason instanceof DomainRuleError,
      ).length;
      expect(succeeded).toBe(3); // 10 → 7 → 4 → 1
      expect(refused).toBe(7);
      const balance = (await store.readStream('wallet-3')).reduce(
        (s, e) => wallet.evolve(s, { type: e.type, data: e.data } as Event),
        wallet.initialState(),
      );
      expect(balance).toEqual({ balance: 1 });
    } finally {
      await other.close();
    }
  });
});
