import Database from 'better-sqlite3';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where a person's data is still stored in plain text (erasure tests, ADR 0046). Reads what the product keeps
 * under a data directory: EVERY row of EVERY table of each SQLite file (event stores, read models, document
 * stores, the embedded bus, outboxes, scheduler) through SQLite, and every other file byte by byte — except
 * the development mailbox (`mailbox/`), which stands in for the recipients' own inboxes: an e-mail delivered to
 * a person is theirs, and in production the product keeps no copy of what it sent. Returns one line per hit:
 * `<file>:<table> (<needle>): <the start of the row>`.
 */
export function storedTextContaining(dataDir: string, needles: readonly string[]): string[] {
  const lower = needles.map((n) => n.toLowerCase());
  const hitIn = (text: string) => lower.find((n) => text.includes(n));
  const found: string[] = [];
  for (const file of filesUnder(dataDir)) {
    const name = file.slice(dataDir.length);
    if (/\.(db|sqlite|sqlite3)$/.test(file)) {
      for (const { table, text } of sqliteRows(file)) {
        const hit = hitIn(text);
        if (hit) found.push(`${name}:${table} (${hit}): ${text.slice(0, 200)}`);
      }
    } else if (
      !/\.(db|sqlite|sqlite3)-(wal|shm|journal)$/.test(file) &&
      !file.startsWith(join(dataDir, 'mailbox'))
    ) {
      const hit = hitIn(readFileSync(file).toString('utf8').toLowerCase());
      if (hit) found.push(`${name} (${hit})`);
    }
  }
  return found;
}

/** what a document store's or a bus's JSON holds, lower-cased, for the same search */
export const lowerText = (value: unknown) => JSON.stringify(value).toLowerCase();

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function* sqliteRows(file: string): Generator<{ table: string; text: string }> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as {
      name: string;
    }[];
    for (const { name } of tables) {
      // every table is read, FTS5's shadow tables included: one that cannot be read fails the test, not skipped
      const rows = db.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[];
      for (const row of rows) {
        const text = Object.values(row)
          .map((v) => (Buffer.isBuffer(v) ? v.toString('utf8') : String(v)))
          .join('\u0000')
          .toLowerCase();
        yield { table: name, text };
      }
    }
  } finally {
    db.close();
  }
}
