import type { FieldCondition, Filter, SortSpec } from './document-store.port';

/**
 * Pure translation of the document-store filter subset (MongoDB syntax) into a SQLite WHERE clause over a
 * table `(_id TEXT, _rev INTEGER, doc TEXT)`, where `doc` holds the document without `_id` and `_rev`.
 *
 * Decisions:
 * - Values are always bound parameters. Field paths are validated against a strict identifier pattern and
 *   then embedded as JSON-path literals (`json_extract(doc, '$.a.b')`): SQLite uses an expression index
 *   only when the query expression is textually identical to the indexed one, which a bound path is not.
 * - Comparisons are type-strict like MongoDB: `{ n: 1 }` does not match `"1"` or `true`. SQLite's JSON
 *   functions turn booleans into 1/0, so type checks use `json_type(...)` ('true' / 'false' / 'integer' …).
 * - A condition on an array field matches when the array itself or ANY element satisfies it (MongoDB's
 *   implicit array traversal), via `json_each`. `$ne` / `$nin` are the negation of that, as in MongoDB.
 * - `{ f: null }` matches a missing field or JSON null; `$exists` distinguishes the two.
 * - Dotted paths walk nested objects; walking through arrays of objects (`items.sku`) is NOT supported.
 * - `$regex` calls the SQL function `regexp(pattern, value, flags)` the adapter registers.
 * - INDEX-FRIENDLY: every condition is decided from the field's value `json_extract(doc, '$.f')` alone
 *   whenever that is unambiguous, and reads `json_type(doc, …)` (which parses the whole document) only when
 *   it is not. SQLite serves an indexed expression from the index, so a query whose fields are all in one
 *   index never parses a document (a covering index). What json_extract returns tells the types apart
 *   except in two places, which the guards below handle:
 *   - JSON true/false come back as the integers 1/0 → numbers 0 and 1 and booleans check json_type;
 *   - arrays and objects come back as their JSON text, which starts with `[` / `{` → a text value in those
 *     ranges (CONTAINER_TEXT) checks json_type, and only such a value walks into `json_each`.
 *   Even unevaluated, a json_type(doc, …) in the WHERE clause makes SQLite read the document (the index is no
 *   longer covering) and an OR with the array branch keeps it from seeking by the field at all. So the caller
 *   may say, per field path, which of those ambiguous values NO document holds (`PathShape`, kept exact by the
 *   SQLite adapter like MongoDB's multikey flag of an index): a guard that can never be true is left out, and
 *   `{ tenantId: 't1', status: { $in: [...] } }` becomes `json_extract(…tenantId) = ? AND json_extract(…status)
 *   IN (?, ?)`, which an index on both answers alone. Paths it says nothing about keep every guard.
 */

export class InvalidFilterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidFilterError';
  }
}

export interface SqlFragment {
  sql: string;
  params: unknown[];
}

type Scalar = string | number | boolean | null;

const SEGMENT = '[A-Za-z_][A-Za-z0-9_]*';
const FIELD_PATH = new RegExp(`^${SEGMENT}(\\.${SEGMENT})*$`);
const MAX_PATH_LENGTH = 200;

export function isValidFieldPath(path: string): boolean {
  return path.length <= MAX_PATH_LENGTH && FIELD_PATH.test(path);
}

export function assertFieldPath(path: string): void {
  if (!isValidFieldPath(path)) throw new InvalidFilterError(`invalid field path: ${JSON.stringify(path)}`);
}

/** SQL expression for a field's value; `_id` and `_rev` are real columns. The path must be valid. */
export function valueExpression(path: string): string {
  assertFieldPath(path);
  if (path === '_id' || path === '_rev') return path;
  return `json_extract(doc, '$.${path}')`;
}

/** SQL expression for a field's JSON type ('text', 'integer', 'real', 'true', 'false', 'null', 'array', 'object'); NULL when missing. */
function typeExpression(path: string): string {
  if (path === '_id') return `'text'`;
  if (path === '_rev') return `'integer'`;
  return `json_type(doc, '$.${path}')`;
}

/**
 * What may be stored at a field path, as far as the guards above care: `true` = some document holds (or held)
 * such a value there, `false` = none does. Only `false` lets the compiler leave a guard out, so an unknown path
 * is `ANY_SHAPE`. Named after the values `shapeKind` tells apart.
 */
export interface PathShape {
  /** an array or an object — or text that sorts where their JSON text does (`[…`, `{…`) */
  containers: boolean;
  /** JSON true / false (json_extract: 1 / 0) */
  booleans: boolean;
  /** the number 0 or 1 (json_extract cannot tell it from a boolean) */
  zeroOrOne: boolean;
  /** JSON null (json_extract: NULL, like a missing field) */
  nulls: boolean;
}

export type ShapeKind = keyof PathShape;
export const SHAPE_KINDS: readonly ShapeKind[] = ['containers', 'booleans', 'zeroOrOne', 'nulls'];
export const ANY_SHAPE: PathShape = { containers: true, booleans: true, zeroOrOne: true, nulls: true };

/**
 * SQL: the `ShapeKind` of the value at `path` in the JSON text `doc` (`doc`, `new.doc`), NULL for a value the
 * guards never need to look at twice (text, other numbers, a missing field). Cheap for those: it reads the
 * JSON type only when the value is NULL or 0/1.
 */
export function shapeKind(path: string, doc: string): string {
  assertFieldPath(path);
  const value = `json_extract(${doc}, '$.${path}')`;
  const type = `json_type(${doc}, '$.${path}')`;
  return `CASE
      WHEN ${value} IS NULL THEN CASE WHEN ${type} = 'null' THEN 'nulls' END
      WHEN ${value} IN (0, 1) THEN CASE WHEN ${type} IN ('true', 'false') THEN 'booleans' ELSE 'zeroOrOne' END
      WHEN typeof(${value}) = 'text' AND ${containerText(value)} THEN 'containers'
    END`;
}

export interface CompileOptions {
  /**
   * Field path → the FTS5 trigram table of its substring index (sqlite-document-store.ts: case-sensitive, of
   * the field's text or its array's text elements). A case-sensitive `$regex` on such a field whose pattern is
   * literal text (or literals joined by `|`), each of at least 3 characters and without a line break, is
   * answered by the index alone (`rowid IN (… MATCH …)`): a trigram phrase matches exactly where the literal is
   * a substring, so the results are those of the regular expression. Anything else is the regular expression
   * on every candidate, as without the index.
   */
  substringIndexes?: ReadonlyMap<string, string>;
  /** field path → what its documents hold (see PathShape); a path not in it may hold anything */
  shapes?: ReadonlyMap<string, PathShape>;
}

/** Compiles a filter into a WHERE clause (never empty: `1` when the filter is empty). */
export function compileFilter(filter: Filter | undefined, options: CompileOptions = {}): SqlFragment {
  const params: unknown[] = [];
  const sql = filter === undefined ? '1' : compileAnd(filter, params, options);
  return { sql, params };
}

/** trigram substrings: shorter terms cannot use the index (they fall back to the scan) */
const TRIGRAM = 3;
const REGEX_SYNTAX = '.*+?^$()[]{}|\\/';

/** The literal alternatives of a pattern such as `anna|kowal\.ski`, or null when it uses regex syntax. */
export function literalAlternatives(pattern: string): string[] | null {
  const alternatives: string[] = [];
  let current = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1];
      if (next === undefined || !REGEX_SYNTAX.includes(next)) return null;
      current += next;
      i++;
    } else if (c === '|') {
      alternatives.push(current);
      current = '';
    } else if (c !== '/' && REGEX_SYNTAX.includes(c)) return null;
    else current += c;
  }
  alternatives.push(current);
  return alternatives;
}

/** `rowid IN (…)` from the field's substring index, standing for the whole `$regex`; null when it cannot. */
function substringMatch(
  table: string | undefined,
  pattern: unknown,
  flags: unknown,
  params: unknown[],
): string | null {
  if (!table || typeof pattern !== 'string' || flags === 'i') return null;
  const alternatives = literalAlternatives(pattern);
  if (!alternatives || alternatives.some((a) => [...a].length < TRIGRAM || a.includes('\n'))) return null;
  params.push(alternatives.map((a) => `"${a.replaceAll('"', '""')}"`).join(' OR '));
  return `rowid IN (SELECT rowid FROM "${table}" WHERE "${table}" MATCH ?)`;
}

function compileAnd(filter: Filter, params: unknown[], options: CompileOptions): string {
  if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) {
    throw new InvalidFilterError('a filter must be an object');
  }
  const parts: string[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    if (condition === undefined) continue;
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(condition) || condition.length === 0) {
        throw new InvalidFilterError(`${key} needs a non-empty array of filters`);
      }
      const inner = condition.map((sub) => `(${compileAnd(sub as Filter, params, options)})`);
      parts.push(`(${inner.join(key === '$and' ? ' AND ' : ' OR ')})`);
      continue;
    }
    if (key.startsWith('$')) throw new InvalidFilterError(`unsupported top-level operator ${key}`);
    assertFieldPath(key);
    parts.push(compileField(key, condition as FieldCondition, params, options));
  }
  return parts.length === 0 ? '1' : parts.join(' AND ');
}

function isOperatorObject(condition: FieldCondition): condition is Exclude<FieldCondition, Scalar> {
  return typeof condition === 'object' && condition !== null && !Array.isArray(condition);
}

function compileField(
  path: string,
  condition: FieldCondition,
  params: unknown[],
  options: CompileOptions,
): string {
  const shape = options.shapes?.get(path) ?? ANY_SHAPE;
  const matchAny = (predicate: Predicate) => matchAnyOf(path, shape, predicate);
  if (!isOperatorObject(condition)) {
    if (Array.isArray(condition))
      throw new InvalidFilterError(`equality on whole arrays is not supported (${path})`);
    return matchAny((v) => equals(condition, v, params));
  }
  const entries = Object.entries(condition).filter(([, value]) => value !== undefined);
  if (entries.length === 0) throw new InvalidFilterError(`empty condition for ${path}`);
  const parts: string[] = [];
  for (const [op, operand] of entries) {
    switch (op) {
      case '$eq':
        parts.push(matchAny((v) => equals(scalar(op, operand), v, params)));
        break;
      case '$ne':
        parts.push(not(matchAny((v) => equals(scalar(op, operand), v, params))));
        break;
      case '$in':
        parts.push(matchAny((v) => anyOf(list(op, operand), v, params)));
        break;
      case '$nin':
        parts.push(not(matchAny((v) => anyOf(list(op, operand), v, params))));
        break;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        parts.push(matchAny((v) => compare(op, operand, v, params)));
        break;
      case '$exists': {
        if (typeof operand !== 'boolean') throw new InvalidFilterError(`$exists needs a boolean (${path})`);
        // a value means the field exists; only a NULL value (missing or JSON null) reads the JSON type —
        // unless no document holds JSON null there, when NULL means missing
        const value = valueExpression(path);
        const type = typeExpression(path);
        if (!shape.nulls) parts.push(`(${value} IS ${operand ? 'NOT ' : ''}NULL)`);
        else
          parts.push(
            operand
              ? `(${value} IS NOT NULL OR ${type} IS NOT NULL)`
              : `(${value} IS NULL AND ${type} IS NULL)`,
          );
        break;
      }
      case '$regex': {
        regex(condition.$options, operand, { value: '', type: '', shape: ANY_SHAPE, element: false }, []); // validates the pattern
        const indexed = substringMatch(
          options.substringIndexes?.get(path),
          operand,
          condition.$options,
          params,
        );
        parts.push(indexed ?? matchAny((v) => regex(condition.$options, operand, v, params)));
        break;
      }
      case '$options':
        if (condition.$regex === undefined) throw new InvalidFilterError(`$options without $regex (${path})`);
        if (operand !== 'i' && operand !== '')
          throw new InvalidFilterError(`unsupported $options ${String(operand)}`);
        break;
      default:
        throw new InvalidFilterError(`unsupported operator ${op} (${path})`);
    }
  }
  return parts.join(' AND ');
}

/** SQL: the text value lies where the JSON text of an array (`[…`) or object (`{…`) would. */
function containerText(value: string): string {
  return `((${value} >= '[' AND ${value} < '\\') OR (${value} >= '{' AND ${value} < '|'))`;
}

/**
 * The value a predicate decides on: SQL for its value and its JSON type, and what may be stored there — for a
 * field, what its documents hold; for an array element (json_each's `value` / `type` columns, as cheap as the
 * value) always ANY_SHAPE.
 */
interface Operand {
  value: string;
  type: string;
  shape: PathShape;
  element: boolean;
}
type Predicate = (operand: Operand) => string;

/**
 * The field itself, or — when it is an array — any of its elements, satisfies `predicate`. The element branch
 * is left out when no document holds an array there (`shape.containers` false), and with it the OR that keeps
 * SQLite from seeking the field in an index.
 */
function matchAnyOf(path: string, shape: PathShape, predicate: Predicate): string {
  const value = valueExpression(path);
  const direct = predicate({ value, type: typeExpression(path), shape, element: false });
  if (path === '_id' || path === '_rev' || !shape.containers) return `(${direct})`;
  // Parameters are positional: the element predicate binds its own copy, in text order after `direct`.
  // Only a value that looks like array JSON text is parsed to check (the range test is served by an index).
  const element = predicate({ value: 'value', type: 'type', shape: ANY_SHAPE, element: true });
  return `((${direct}) OR (${value} >= '[' AND ${value} < '\\' AND ${typeExpression(path)} = 'array' AND EXISTS (SELECT 1 FROM json_each(doc, '$.${path}') WHERE ${element})))`;
}

/** NOT that is safe with SQL NULLs (missing fields), so `$ne` / `$nin` match documents without the field. */
function not(sql: string): string {
  return `NOT COALESCE(${sql}, 0)`;
}

function scalar(op: string, operand: unknown): Scalar {
  if (operand === null || ['string', 'number', 'boolean'].includes(typeof operand)) return operand as Scalar;
  throw new InvalidFilterError(`${op} needs a string, number, boolean or null`);
}

function list(op: string, operand: unknown): Scalar[] {
  if (!Array.isArray(operand)) throw new InvalidFilterError(`${op} needs an array`);
  return operand.map((item) => scalar(op, item));
}

function equals(expected: Scalar, { value, type, shape, element }: Operand, params: unknown[]): string {
  // A missing field is SQL NULL, a JSON null has json_type 'null': `{ f: null }` matches both.
  if (expected === null) return element ? `${type} = 'null'` : `${value} IS NULL`;
  // true/false are 1/0 to json_extract: only those values need the JSON type — unless no number 0/1 is there
  if (typeof expected === 'boolean')
    return shape.zeroOrOne
      ? `(${value} = ${expected ? 1 : 0} AND ${type} = '${expected}')`
      : `(${value} = ${expected ? 1 : 0})`;
  if (typeof expected === 'number') {
    assertFinite(expected);
    params.push(expected);
    // a number never equals text; only 0 and 1 could be a boolean
    return (expected === 0 || expected === 1) && shape.booleans
      ? `(${value} = ? AND ${type} IN ('integer', 'real'))`
      : `(${value} = ?)`;
  }
  params.push(expected);
  // text equal to a string that cannot be array/object JSON text IS that string
  return /^[[{]/.test(expected) && shape.containers
    ? `(${value} = ? AND ${type} = 'text')`
    : `(${value} = ?)`;
}

/**
 * `$in`: the options that compare as plain values (text that cannot be array/object JSON, numbers other than
 * 0 and 1) go into one IN list, the rest are OR-ed equalities. A short list binds one `?` per value (an IN list
 * of parameters is the cheapest test per row, and an index can seek each value); a long one is
 * `IN (SELECT value FROM json_each(?))` with the list as one JSON parameter: a list of thousands of ids as ORs
 * would exceed SQLite's expression depth (1000), and as one `?` each its limit of host parameters.
 */
const SHORT_IN_LIST = 16;

function anyOf(options: Scalar[], operand: Operand, params: unknown[]): string {
  if (options.length === 0) return '0';
  const plain: Scalar[] = [];
  const rest: Scalar[] = [];
  for (const o of options)
    ((typeof o === 'string' && !/^[[{]/.test(o)) || (typeof o === 'number' && o !== 0 && o !== 1)
      ? plain
      : rest
    ).push(o);
  const parts: string[] = [];
  if (plain.length) {
    for (const option of plain) if (typeof option === 'number') assertFinite(option);
    if (plain.length <= SHORT_IN_LIST) {
      params.push(...plain);
      parts.push(`${operand.value} IN (${plain.map(() => '?').join(', ')})`);
    } else {
      params.push(JSON.stringify(plain));
      parts.push(`${operand.value} IN (SELECT value FROM json_each(?))`);
    }
  }
  for (const option of rest) parts.push(equals(option, operand, params));
  return `(${parts.join(' OR ')})`;
}

const COMPARATORS = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

function compare(
  op: keyof typeof COMPARATORS,
  bound: unknown,
  { value, type, shape }: Operand,
  params: unknown[],
): string {
  // MongoDB type bracketing: a numeric bound only matches numbers, a string bound only strings.
  // typeof() of the extracted value tells numbers from text; json_type is read only for 0/1 (booleans?)
  // and for text that could be array/object JSON — where documents may hold those at all.
  if (typeof bound === 'number') {
    assertFinite(bound);
    params.push(bound);
    const numeric = `${value} ${COMPARATORS[op]} ? AND typeof(${value}) IN ('integer', 'real')`;
    return shape.booleans
      ? `(${numeric} AND (${value} NOT IN (0, 1) OR ${type} IN ('integer', 'real')))`
      : `(${numeric})`;
  }
  if (typeof bound === 'string') {
    params.push(bound);
    const text = `${value} ${COMPARATORS[op]} ? AND typeof(${value}) = 'text'`;
    return shape.containers ? `(${text} AND (NOT ${containerText(value)} OR ${type} = 'text'))` : `(${text})`;
  }
  throw new InvalidFilterError(`${op} needs a string or a number`);
}

function regex(
  options: unknown,
  pattern: unknown,
  { value, type, shape }: Operand,
  params: unknown[],
): string {
  if (typeof pattern !== 'string') throw new InvalidFilterError('$regex needs a string pattern');
  try {
    new RegExp(pattern, 'u');
  } catch {
    throw new InvalidFilterError(`invalid $regex ${JSON.stringify(pattern)}`);
  }
  params.push(pattern, options === 'i' ? 'i' : '');
  // regexp() is false for non-text; text that could be array/object JSON also checks the JSON type
  return shape.containers
    ? `(regexp(?, ${value}, ?) AND (NOT ${containerText(value)} OR ${type} = 'text'))`
    : `(regexp(?, ${value}, ?))`;
}

function assertFinite(n: number): void {
  if (!Number.isFinite(n)) throw new InvalidFilterError('numbers in filters must be finite');
}

/** ORDER BY clause (without the keywords); empty string when there is no sort. */
export function compileSort(sort: SortSpec | undefined): string {
  if (sort === undefined) return '';
  return Object.entries(sort)
    .map(([path, direction]) => {
      if (direction !== 1 && direction !== -1)
        throw new InvalidFilterError(`sort direction must be 1 or -1 (${path})`);
      return `${valueExpression(path)} ${direction === 1 ? 'ASC' : 'DESC'}`;
    })
    .join(', ');
}
