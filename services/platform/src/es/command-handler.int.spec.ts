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

  it('with a state cache, folds only the events after the kept revision and sees appends made elsewhere', async () => {
    const handle = commandHandler(store, wallet, { stateCache: 1 });
    const elsewhere = commandHandler(store, wallet); // another replica on the same store
    await handle('wallet-1', { type: 'Deposit', amount: 10 });
    await elsewhere('wallet-1', { type: 'Withdraw', amount: 10 });
    // the kept state (balance 10, revision 0) is behind: the withdrawal above is folded in before deciding
    await expect(handle('wallet-1', { type: 'Withdraw', amount: 1 })).rejects.toThrow(DomainRuleError);
    await handle('wallet-2', { type: 'Deposit', amount: 5 }); // evicts wallet-1 (one state kept)
    const result = await handle('wallet-1', { type: 'Deposit', amount: 2 });
    expect(result.newState).toEqual({ balance: 2 });
    expect(result.nextExpectedRevision).toBe(2);
    // the next command on wallet-1 reads only what follows revision 2
    const fromRevisions: Array<number | undefined> = [];
    const readStream = store.readStream.bind(store);
    store.readStream = (streamId, options) => {
      fromRevisions.push(options?.fromRevision);
      return readStream(streamId, options);
    };
    await handle('wallet-1', { type: 'Withdraw', amount: 2 });
    expect(fromRevisions).toEqual([3]);
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

  describe('a command built from the state it is decided against', () => {
    it("reads the stream once, builds from the folded state and adds the builder's metadata", async () => {
      const handle = commandHandler(store, wallet);
      await handle('wallet-4', { type: 'Deposit', amount: 10 });
      let reads = 0;
      const counting = Object.create(store, {
        readStream: { value: (id: string) => (reads++, store.readStream(id)) },
      }) as SqliteEventStore;
      const seen: State[] = [];
      const result = await commandHandler(counting, wallet)(
        'wallet-4',
        async (state) => {
          seen.push(state);
          return { command: { type: 'Withdraw', amount: state.balance / 2 }, metadata: { reason: 'half' } };
        },
        { tenantId: 't1' },
      );
      expect(reads).toBe(1);
      expect(seen).toEqual([{ balance: 10 }]);
      expect(result.newState).toEqual({ balance: 5 });
      const [, withdrawn] = await store.readStream('wallet-4');
      expect(withdrawn!.metadata).toMatchObject({ tenantId: 't1', reason: 'half' });
    });

    it('a builder that throws refuses the command; null decides nothing; neither appends', async () => {
      const handle = commandHandler(store, wallet);
      await handle('wallet-5', { type: 'Deposit', amount: 1 });
      const refusal = new DomainRuleError('WALLET.NOT_YOURS', 'To nie Twój portfel.');
      await expect(
        handle('wallet-5', async () => {
          throw refusal;
        }),
      ).rejects.toBe(refusal);
      const nothing = await handle('wallet-5', async () => null);
      expect(nothing).toEqual({ newEvents: [], newState: { balance: 1 }, nextExpectedRevision: 0 });
      expect(await store.readStream('wallet-5')).toHaveLength(1);
    });

    it('a lost race builds again from the state the winner left', async () => {
      const other = SqliteEventStore.open(join(dir, 'events.db'));
      try {
        await commandHandler(store, wallet)('wallet-6', { type: 'Deposit', amount: 8 });
        const built: number[] = [];
        const halve = async (state: State) => {
          built.push(state.balance);
          return { command: { type: 'Withdraw', amount: state.balance / 2 } as Command };
        };
        const a = commandHandler(store, wallet, { maxRetries: 10 });
        const b = commandHandler(other, wallet, { maxRetries: 10 });
        await Promise.all([a('wallet-6', halve), b('wallet-6', halve)]);
        const balance = (await store.readStream('wallet-6')).reduce(
          (s, e) => wallet.evolve(s, { type: e.type, data: e.data } as Event),
          wallet.initialState(),
        );
        expect(balance).toEqual({ balance: 2 }); // 8 → 4 → 2: the loser halved what the winner left
        expect(built).toContain(4);
      } finally {
        await other.close();
      }
    });
  });
});

describe('commandHandler under group commit (ADR 0029)', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'punkto-handler-hot-'));
    store = SqliteEventStore.open(join(dir, 'events.db'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('queues the retries of a hot stream: 16 commands read in one turn all take effect with one retry', async () => {
    const handle = commandHandler(store, wallet, { maxRetries: 1 });
    await Promise.all(Array.from({ length: 16 }, () => handle('wallet-hot', { type: 'Deposit', amount: 1 })));
    const events = await store.readStream('wallet-hot');
    expect(events).toHaveLength(16);
    expect(events.map((e) => e.revision)).toEqual(Array.from({ length: 16 }, (_, i) => i));
  });
});
