import type { Stored } from './document-store.port';
import { InvalidFilterError } from './filter-to-sql';
import { INDEX_SEPARATOR } from './sqlite-collection-schema';

/** A collection's row and the document it holds (sqlite-collection.ts). */
export type Row = { _id: string; _rev: number; doc: string };

export function serialize(doc: { _id: string }): string {
  if (typeof doc._id !== 'string' || doc._id.length === 0)
    throw new InvalidFilterError('_id must be a non-empty string');
  const { _id, _rev, ...rest } = doc as { _id: string; _rev?: number } & Record<string, unknown>;
  void _id;
  void _rev;
  return JSON.stringify(rest);
}

export function toDocument<T>(row: Row): Stored<T> {
  return { _id: row._id, ...(JSON.parse(row.doc) as object), _rev: row._rev } as Stored<T>;
}

export function positiveBatch(value: number | undefined): number {
  if (value === undefined) return 500;
  if (!Number.isInteger(value) || value < 1)
    throw new InvalidFilterError('batchSize must be a positive integer');
  return value;
}

export function nonNegative(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0)
    throw new InvalidFilterError(`${name} must be a non-negative integer`);
  return value;
}

/** "UNIQUE constraint failed: index 'users$email_1'" → "email_1" */
export function uniqueIndexOf(collection: string, message: string): string {
  const match = /index '([^']+)'/.exec(message);
  if (!match?.[1]) return message.includes(`${collection}._id`) ? '_id_' : 'unknown';
  const prefix = `${collection}${INDEX_SEPARATOR}`;
  return match[1].startsWith(prefix) ? match[1].slice(prefix.length) : match[1];
}
