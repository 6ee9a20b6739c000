import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The browser database of the offline scanner (ADR 0015): cards staff saw recently and the awards waiting
 * for the connection. It lives in lib because two parts of the app touch it: the scanner (features/scanner)
 * reads and writes it, and signing out (features/auth) forgets the cached cards — features never import
 * each other.
 *
 * Every record carries `scope` (tenant + user): a person sees and replays only their own records, never
 * another account's on the same device.
 */
export const SCANNER_DB_NAME = 'punkto-scanner';
export const SCANNER_DB_VERSION = 1;

/** A card as the API last answered it, kept so a lookup still works without a connection. */
export type RecentCardRecord<Card = unknown> = {
  /** `${scope}|${cardId}` */
  key: string;
  scope: string;
  cardId: string;
  /** the card number's digits only (`1234567890`) */
  number: string;
  card: Card;
  /** when the answer came (ms since the epoch) */
  seenAt: number;
};

/** An award waiting for the connection, or one the server refused after the replay. */
export type AwardRecord<Award = unknown> = Award & { id: string; scope: string };

interface ScannerDb extends DBSchema {
  cards: { key: string; value: RecentCardRecord; indexes: { scope: string } };
  awards: { key: string; value: AwardRecord; indexes: { scope: string } };
}

let opening: Promise<IDBPDatabase<ScannerDb>> | undefined;

/** The database, opened once per page (and created or upgraded on first use). */
export function openScannerDb(): Promise<IDBPDatabase<ScannerDb>> {
  opening ??= openDB<ScannerDb>(SCANNER_DB_NAME, SCANNER_DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('cards', { keyPath: 'key' }).createIndex('scope', 'scope');
      db.createObjectStore('awards', { keyPath: 'id' }).createIndex('scope', 'scope');
    },
    // another tab opened a newer version: let it, this page reopens on its next use
    blocking() {
      void opening?.then((db) => db.close());
      opening = undefined;
    },
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

/**
 * Signing out forgets every cached card on this device (names, balances). Awards still waiting for the
 * connection stay: they are points a customer is owed, scoped to the person who queued them, and go out at
 * that person's next sign-in here (ADR 0015).
 */
export async function forgetRecentCards(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const db = await openScannerDb();
  await db.clear('cards');
}
