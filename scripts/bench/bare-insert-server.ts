/**
 * The baseline of the card-award benchmark: a bare Fastify server whose POST handler parses the JSON body
 * and INSERTs one row into SQLite (WAL, synchronous=FULL, one transaction per row) — what an award would
 * cost with no event sourcing, projections, idempotency or auth. Run as its own process by card-awards.ts.
 */
import Database from 'better-sqlite3';
import Fastify from 'fastify';

const [file, port] = process.argv.slice(2) as [string, string];
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec(
  'CREATE TABLE IF NOT EXISTS awards (id INTEGER PRIMARY KEY, card_id TEXT, amount INTEGER, data TEXT)',
);
const insert = db.prepare('INSERT INTO awards (card_id, amount, data) VALUES (?, ?, ?)');

const app = Fastify();
app.post<{ Params: { id: string }; Body: { amountGrosze: number } }>(
  '/api/v1/cards/:id/points-from-amount',
  async (request) => {
    const points = Math.floor(request.body.amountGrosze / 100);
    const { lastInsertRowid } = insert.run(
      request.params.id,
      request.body.amountGrosze,
      JSON.stringify({ points }),
    );
    return { id: Number(lastInsertRowid), points };
  },
);
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('READY\n');
