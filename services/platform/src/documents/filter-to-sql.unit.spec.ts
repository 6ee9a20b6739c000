import { describe, expect, it } from 'vitest';
import type { Filter } from './document-store.port';
import {
  ANY_SHAPE,
  compileFilter,
  compileSort,
  FIELD_OPERATORS,
  InvalidFilterError,
  isValidFieldPath,
  literalAlternatives,
  LOGICAL_OPERATORS,
  type PathShape,
  SHAPE_KINDS,
  shapeKind,
} from './filter-to-sql';

describe('field paths', () => {
  it.each(['name', '_id', 'address.city', 'a_b.c1.D'])('accepts %s', (path) => {
    expect(isValidFieldPath(path)).toBe(true);
  });

  it.each(["a') OR 1=1 --", 'a..b', '.a', 'a.', '$where', 'a b', 'a.0', "a'", 'ł', ''])(
    'rejects %j',
    (path) => {
      expect(isValidFieldPath(path)).toBe(false);
      expect(() => compileFilter({ [path]: 1 })).toThrow(InvalidFilterError);
    },
  );
});

describe('compileFilter', () => {
  it('is `1` for no filter or an empty one', () => {
    expect(compileFilter(undefined)).toEqual({ sql: '1', params: [] });
    expect(compileFilter({})).toEqual({ sql: '1', params: [] });
  });

  it('binds values and embeds only the validated path', () => {
    const { sql, params } = compileFilter({ name: "O'Brien; DROP TABLE x" });
    expect(sql).toContain(`json_extract(doc, '$.name') = ?`);
    expect(sql).not.toContain('DROP');
    // once for the field itself, once for array elements
    expect(params).toEqual(["O'Brien; DROP TABLE x", "O'Brien; DROP TABLE x"]);
  });

  it('uses the columns for _id and _rev, without array traversal', () => {
    const { sql, params } = compileFilter({ _id: 'a', _rev: { $gte: 2 } });
    expect(sql).toBe(
      `((_id = ?)) AND ((_rev >= ? AND typeof(_rev) IN ('integer', 'real') AND (_rev NOT IN (0, 1) OR 'integer' IN ('integer', 'real'))))`,
    );
    expect(params).toEqual(['a', 2]);
  });

  it('decides plain string and number conditions from the (indexable) value alone', () => {
    // json_type parses the document; an index on json_extract(doc, '$.f') can serve everything before it
    const direct = (sql: string) => sql.slice(0, sql.indexOf(' OR ('));
    expect(direct(compileFilter({ tenantId: 't1' }).sql)).toBe(`(((json_extract(doc, '$.tenantId') = ?))`);
    expect(direct(compileFilter({ n: 5 }).sql)).not.toContain('json_type');
    // the array branch reads the JSON type only for values that look like array JSON text
    expect(compileFilter({ tenantId: 't1' }).sql).toContain(
      `json_extract(doc, '$.tenantId') >= '[' AND json_extract(doc, '$.tenantId') < '\\' AND json_type(doc, '$.tenantId') = 'array'`,
    );
    // a string that could be array/object JSON text, and the numbers 0 and 1 (booleans), check the type
    expect(compileFilter({ a: '[1]' }).sql).toContain(`json_type(doc, '$.a') = 'text'`);
    expect(compileFilter({ a: 1 }).sql).toContain(`json_type(doc, '$.a') IN ('integer', 'real')`);
  });

  it('compares booleans through json_type, since JSON true is 1 in SQLite', () => {
    const { sql, params } = compileFilter({ active: true });
    expect(sql).toContain(`json_type(doc, '$.active') = 'true'`);
    expect(params).toEqual([]);
  });

  it('treats null equality as missing-or-null and $exists by type', () => {
    expect(compileFilter({ a: null }).sql).toContain(`json_extract(doc, '$.a') IS NULL`);
    expect(compileFilter({ a: { $exists: false } }).sql).toBe(
      `(json_extract(doc, '$.a') IS NULL AND json_type(doc, '$.a') IS NULL)`,
    );
    expect(compileFilter({ a: { $exists: true } }).sql).toBe(
      `(json_extract(doc, '$.a') IS NOT NULL OR json_type(doc, '$.a') IS NOT NULL)`,
    );
  });

  it('negates $ne / $nin null-safely', () => {
    expect(compileFilter({ a: { $ne: 1 } }).sql).toMatch(/^NOT COALESCE\(/);
    // plain values in one IN list first, then 0/1 (which must not match booleans) as typed equalities
    expect(compileFilter({ a: { $nin: [1, 'x'] } }).params).toEqual(['x', 1, 'x', 1]);
  });

  it('puts plain $in values into one IN list: a short one of parameters, a long one as one JSON parameter', () => {
    const short = compileFilter({ a: { $in: ['p', 7, '{x}', null] } });
    expect(short.sql).toContain(`json_extract(doc, '$.a') IN (?, ?) OR`);
    expect(short.params.slice(0, 3)).toEqual(['p', 7, '{x}']);
    // no expression-depth or host-parameter limit for thousands of ids
    const ids = Array.from({ length: 17 }, (_, i) => `id-${i}`);
    const long = compileFilter({ a: { $in: ids } });
    expect(long.sql).toContain(`json_extract(doc, '$.a') IN (SELECT value FROM json_each(?))`);
    expect(long.params[0]).toBe(JSON.stringify(ids));
  });

  it('combines $and / $or with parameters in text order', () => {
    const filter: Filter = { $or: [{ a: 1 }, { b: { $gt: 'm' } }], c: { $regex: 'ź', $options: 'i' } };
    const { sql, params } = compileFilter(filter);
    expect(sql).toContain(' OR ');
    expect(params).toEqual([1, 1, 'm', 'm', 'ź', 'i', 'ź', 'i']);
  });

  it('is an always-false condition for an empty $in', () => {
    expect(compileFilter({ a: { $in: [] } }).params).toEqual([]);
  });

  it.each<[string, unknown]>([
    ['unknown operators', { a: { $where: 'x' } }],
    ['unknown top-level operators', { $nor: [{ a: 1 }] }],
    ['empty $or', { $or: [] }],
    ['$gt with a boolean', { a: { $gt: true } }],
    ['$in without an array', { a: { $in: 'x' } }],
    ['invalid regex', { a: { $regex: '(' } }],
    ['$options without $regex', { a: { $options: 'i' } }],
    ['unsupported regex options', { a: { $regex: 'x', $options: 'g' } }],
    ['whole-array equality', { a: [1, 2] }],
    ['NaN', { a: Number.NaN }],
    ['empty operator object', { a: {} }],
  ])('rejects %s', (_, filter) => {
    expect(() => compileFilter(filter as Filter)).toThrow(InvalidFilterError);
  });
});

describe('compileFilter with what the documents hold (PathShape)', () => {
  const plain: PathShape = { containers: false, booleans: false, zeroOrOne: false, nulls: false };
  const shapes = new Map<string, PathShape>([
    ['tenantId', plain],
    ['status', plain],
    ['n', plain],
    ['flag', plain],
    ['tags', { ...plain, containers: true }],
    ['mixed', ANY_SHAPE],
  ]);
  const sql = (filter: Filter) => compileFilter(filter, { shapes }).sql;

  it('leaves out the guards for values no document holds: the clients list is two index columns', () => {
    const { sql: where, params } = compileFilter(
      { tenantId: 't1', status: { $in: ['invited', 'active'] } },
      { shapes },
    );
    expect(where).toBe(
      `((json_extract(doc, '$.tenantId') = ?)) AND ((json_extract(doc, '$.status') IN (?, ?)))`,
    );
    expect(params).toEqual(['t1', 'invited', 'active']);
    expect(sql({ n: { $gte: 1, $lt: 10 } })).toBe(
      `((json_extract(doc, '$.n') >= ? AND typeof(json_extract(doc, '$.n')) IN ('integer', 'real'))) AND ((json_extract(doc, '$.n') < ? AND typeof(json_extract(doc, '$.n')) IN ('integer', 'real')))`,
    );
    expect(sql({ tenantId: { $gt: 'a' } })).toBe(
      `((json_extract(doc, '$.tenantId') > ? AND typeof(json_extract(doc, '$.tenantId')) = 'text'))`,
    );
    expect(sql({ n: 1 })).toBe(`((json_extract(doc, '$.n') = ?))`);
    expect(sql({ flag: true })).toBe(`((json_extract(doc, '$.flag') = 1))`);
    expect(sql({ tenantId: '[x' })).toBe(`((json_extract(doc, '$.tenantId') = ?))`);
    expect(sql({ tenantId: { $exists: false } })).toBe(`(json_extract(doc, '$.tenantId') IS NULL)`);
    expect(sql({ tenantId: { $regex: 'x' } })).toBe(`((regexp(?, json_extract(doc, '$.tenantId'), ?)))`);
    expect(sql({ tenantId: { $ne: 't1' } })).toBe(`NOT COALESCE(((json_extract(doc, '$.tenantId') = ?)), 0)`);
  });

  it('keeps every guard for what some document holds, and for paths it says nothing about', () => {
    expect(sql({ tags: 'vip' })).toContain(`json_type(doc, '$.tags') = 'array'`);
    expect(sql({ mixed: 1 })).toBe(compileFilter({ mixed: 1 }).sql);
    expect(sql({ other: { $gt: 'a' } })).toBe(compileFilter({ other: { $gt: 'a' } }).sql);
    expect(sql({ n: 1, mixed: true })).toContain(`json_type(doc, '$.mixed') = 'true'`);
  });

  it('tells the kinds apart in one CASE over the value (json_type only for NULL and 0/1)', () => {
    const kind = shapeKind('a.b', 'new.doc');
    expect(kind).toContain(
      `json_extract(new.doc, '$.a.b') IS NULL THEN CASE WHEN json_type(new.doc, '$.a.b') = 'null'`,
    );
    for (const k of SHAPE_KINDS) expect(kind).toContain(`'${k}'`);
    expect(() => shapeKind("a') --", 'doc')).toThrow(InvalidFilterError);
  });
});

describe('compileSort', () => {
  it('maps fields in order', () => {
    expect(compileSort({ city: 1, 'stats.points': -1, _id: 1 })).toBe(
      `json_extract(doc, '$.city') ASC, json_extract(doc, '$.stats.points') DESC, _id ASC`,
    );
    expect(compileSort(undefined)).toBe('');
  });

  it('rejects bad paths and directions', () => {
    expect(() => compileSort({ 'a;': 1 })).toThrow(InvalidFilterError);
    expect(() => compileSort({ a: 2 as 1 })).toThrow(InvalidFilterError);
  });
});

describe('substring indexes (FTS5 trigram)', () => {
  const indexes = new Map([['searchText', 'clients$substring$searchText']]);
  const uses = (filter: Filter) => compileFilter(filter, { substringIndexes: indexes }).sql.includes('MATCH');

  it('reads literal alternatives and refuses regex syntax', () => {
    expect(literalAlternatives('wisniew')).toEqual(['wisniew']);
    expect(literalAlternatives('500 007|500007')).toEqual(['500 007', '500007']);
    expect(literalAlternatives('anna\\.kowalski20@')).toEqual(['anna.kowalski20@']);
    expect(literalAlternatives('a\\|b')).toEqual(['a|b']);
    expect(literalAlternatives('^anna')).toBeNull();
    expect(literalAlternatives('an.a')).toBeNull();
    expect(literalAlternatives('\\d+')).toBeNull();
  });

  it('narrows by the index only for literals of at least 3 characters on the indexed field', () => {
    expect(uses({ searchText: { $regex: 'wisniew' } })).toBe(true);
    expect(uses({ $and: [{ searchText: { $regex: '500 007|500007' } }] })).toBe(true);
    expect(uses({ searchText: { $regex: 'an' } })).toBe(false);
    expect(uses({ searchText: { $regex: 'anna|an' } })).toBe(false);
    expect(uses({ searchText: { $regex: '^anna' } })).toBe(false);
    expect(uses({ name: { $regex: 'wisniew' } })).toBe(false);
    expect(uses({ searchText: { $regex: 'anna', $options: 'i' } })).toBe(false); // the index is case-sensitive
    expect(uses({ searchText: { $regex: 'two\nlines' } })).toBe(false);
  });

  it('answers from the index alone, quoting the MATCH phrase; the pattern is still validated', () => {
    const { sql, params } = compileFilter(
      { searchText: { $regex: 'say "hi"|żółw' } },
      { substringIndexes: indexes },
    );
    expect(sql).not.toContain('regexp(');
    expect(params).toEqual(['"say ""hi""" OR "żółw"']);
    expect(() => compileFilter({ searchText: { $regex: '(' } }, { substringIndexes: indexes })).toThrow(
      InvalidFilterError,
    );
  });
});

// issue 29: the query compiler's surface is frozen at the operators in use. Adding one fails here until this
// list (and with it the MongoDB adapter and the document store's contract) is changed on purpose.
describe('the operators', () => {
  it('are exactly those in use, and any other is refused', () => {
    expect(Object.keys(FIELD_OPERATORS).sort()).toEqual(
      ['$eq', '$exists', '$gt', '$gte', '$in', '$lt', '$lte', '$ne', '$nin', '$options', '$regex'].sort(),
    );
    expect([...LOGICAL_OPERATORS]).toEqual(['$and', '$or']);
    expect(() => compileFilter({ n: { $mod: [2, 0] } } as unknown as Filter)).toThrow(InvalidFilterError);
    expect(() => compileFilter({ n: { constructor: 1 } } as unknown as Filter)).toThrow(InvalidFilterError);
    expect(() => compileFilter({ $nor: [{ n: 1 }] } as unknown as Filter)).toThrow(InvalidFilterError);
  });
});
