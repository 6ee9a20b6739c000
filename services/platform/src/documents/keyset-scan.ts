import type { Collection, Filter, Stored } from './document-store.port';

/**
 * Every document matching `filter`, in order of a string field then `_id`, read a page at a time with a keyset
 * (the next page starts after the last key seen: `field > k OR (field = k AND _id > id)`), never all at once
 * and never with a growing `skip` (which rereads every skipped row on each page). Uses only the port's find,
 * so every adapter serves it. The field must hold a string in every matching document; a document written
 * during the scan shows up if its key lies ahead of the cursor. For exports of large tenants.
 */
export async function* keysetScan<T extends { _id: string }>(
  collection: Collection<T>,
  filter: Filter,
  field: string,
  options: { direction?: 1 | -1; pageSize?: number } = {},
): AsyncGenerator<Array<Stored<T>>> {
  const direction = options.direction ?? 1;
  const pageSize = options.pageSize ?? 500;
  const after = direction === 1 ? '$gt' : '$lt';
  let cursor: { key: string; id: string } | null = null;
  for (;;) {
    const page: Array<Stored<T>> = await collection.find(
      cursor
        ? {
            $and: [
              filter,
              {
                $or: [
                  { [field]: { [after]: cursor.key } },
                  { [field]: cursor.key, _id: { [after]: cursor.id } },
                ],
              },
            ],
          }
        : filter,
      { sort: { [field]: direction, _id: direction }, limit: pageSize },
    );
    if (page.length) yield page;
    if (page.length < pageSize) return;
    const last = page[page.length - 1]!;
    const key = (last as Record<string, unknown>)[field];
    if (typeof key !== 'string') throw new Error(`keysetScan: ${field} of ${last._id} is not a string`);
    cursor = { key, id: last._id };
  }
}
