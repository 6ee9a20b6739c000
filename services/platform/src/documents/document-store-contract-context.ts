import type { DocumentStore } from './document-store.port';

/**
 * What the parts of the DocumentStore contract (document-store.contract.ts) share: the store each test
 * opened, reopening it (a restart), and the fixtures.
 */
export interface ContractContext {
  /** the store the current test opened */
  readonly store: DocumentStore;
  /** opens the same location again (close + open = restart) */
  reopen(): Promise<DocumentStore>;
  /** a store the test closed itself, so the cleanup does not close it again */
  forget(store: DocumentStore): void;
}

export const ids = (docs: Array<{ _id: string }>) => docs.map((d) => d._id);

export type Customer = {
  _id: string;
  name: string;
  city?: string | null;
  points: number;
  active: boolean;
  tags: string[];
  address?: { city: string; zip: string };
  joinedAt: string;
};

export const customers: Customer[] = [
  {
    _id: 'c1',
    name: 'Anna',
    city: 'Łódź',
    points: 120,
    active: true,
    tags: ['vip', 'coffee'],
    address: { city: 'Łódź', zip: '90-001' },
    joinedAt: '2026-01-05',
  },
  {
    _id: 'c2',
    name: 'Bartek',
    city: 'Kraków',
    points: 40,
    active: false,
    tags: ['coffee'],
    address: { city: 'Kraków', zip: '30-001' },
    joinedAt: '2026-02-10',
  },
  { _id: 'c3', name: 'Celina', city: 'ŁÓDŹ', points: 40, active: true, tags: [], joinedAt: '2026-03-15' },
  { _id: 'c4', name: 'Dawid', city: null, points: 0, active: false, tags: ['vip'], joinedAt: '2026-04-20' },
  {
    _id: 'c5',
    name: 'Ela',
    points: 300,
    active: true,
    tags: ['tea'],
    address: { city: 'Gdańsk', zip: '80-001' },
    joinedAt: '2026-05-25',
  },
];
