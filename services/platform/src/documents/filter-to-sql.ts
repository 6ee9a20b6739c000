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
  if (!isOperatorObject(condition)) {
    if (Array.isArray(condition))
      throw new InvalidFilterError(`equality on whole arrays is not supported (${path})`);
    return matchAny(path, (v, t, e) => equals(condition, v, t, e, params));
  }
  const entries = Object.entries(condition).filter(([, value]) => value !== undefined);
  if (entries.length === 0) throw new InvalidFilterError(`empty condition for ${path}`);
  const parts: string[] = [];
  for (const [op, operand] of entries) {
    switch (op) {
      case '$eq':
        parts.push(matchAny(path, (v, t, e) => equals(scalar(op, operand), v, t, e, params)));
        break;
      case '$ne':
        parts.push(not(matchAny(path, (v, t, e) => equals(scalar(op, operand), v, t, e, params))));
        break;
      case '$in':
        parts.push(matchAny(path, (v, t, e) => anyOf(list(op, operand), v, t, e, params)));
        break;
      case '$nin':
        parts.push(not(matchAny(path, (v, t, e) => anyOf(list(op, operand), v, t, e, params))));
        break;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        parts.push(matchAny(path, (v, t) => compare(op, operand, v, t, params)));
        break;
      case '$exists': {
        if (typeof operand !== 'boolean') throw new InvalidFilterError(`$exists needs a boolean (${path})`);
        // a value means the field exists; only a NULL value (missing or JSON null) reads the JSON type
        const value = valueExpression(path);
        const type = typeExpression(path);
        parts.push(
          operand
            ? `(${value} IS NOT NULL OR ${type} IS NOT NULL)`
            : `(${value} IS NULL AND ${type} IS NULL)`,
        );
        break;
      }
      case '$regex': {
        regex(condition.$options, operand, '', '', []); // validates the pattern
        const indexed = substringMatch(
          options.substringIndexes?.get(path),
          operand,
          condition.$options,
          params,
        );
        parts.push(indexed ?? matchAny(path, (v, t) => regex(condition.$options, operand, v, t, params)));
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

/** The field itself, or — when it is an array — any of its elements, satisfies `predicate`. */
function matchAny(
  path: string,
  predicate: (value: string, type: string, element: boolean) => string,
): string {
  const value = valueExpression(path);
  const direct = predicate(value, typeExpression(path), false);
  if (path === '_id' || path === '_rev') return `(${direct})`;
  // Parameters are positional: the element predicate binds its own copy, in text order after `direct`.
  // Only a value that looks like array JSON text is parsed to check (the range test is served by an index).
  const element = predicate('value', 'type', true);
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

function equals(expected: Scalar, value: string, type: string, element: boolean, params: unknown[]): string {
  // A missing field is SQL NULL, a JSON null has json_type 'null': `{ f: null }` matches both.
  if (expected === null) return element ? `${type} = 'null'` : `${value} IS NULL`;
  // true/false are 1/0 to json_extract: only those values need the JSON type
  if (typeof expected === 'boolean') return `(${value} = ${expected ? 1 : 0} AND ${type} = '${expected}')`;
  if (typeof expected === 'number') {
    assertFinite(expected);
    params.push(expected);
    // a number never equals text; only 0 and 1 could be a boolean
    return expected === 0 || expected === 1
      ? `(${value} = ? AND ${type} IN ('integer', 'real'))`
      : `(${value} = ?)`;
  }
  params.push(expected);
  // text equal to a string that cannot be array/object JSON text IS that string
  return /^[[{]/.test(expected) ? `(${value} = ? AND ${type} = 'text')` : `(${value} = ?)`;
}

/**
 * `$in`: the options that compare as plain values (text that cannot be array/object JSON, numbers other than
 * 0 and 1) go into one `IN (SELECT value FROM json_each(?))` with the list as one JSON parameter, the rest are
 * OR-ed equalities. A list of thousands of ids as ORs would exceed SQLite's expression depth (1000), and as
 * one `?` each its limit of host parameters.
 */
function anyOf(options: Scalar[], value: string, type: string, element: boolean, params: unknown[]): string {
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
    params.push(JSON.stringify(plain));
    parts.push(`${value} IN (SELECT value FROM json_each(?))`);
  }
  for (const option of rest) parts.push(equals(option, value, type, element, params));
  return `(${parts.join(' OR ')})`;
}

const COMPARATORS = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

function compare(
  op: keyof typeof COMPARATORS,
  operand: unknown,
  value: string,
  type: string,
  params: unknown[],
): string {
  // MongoDB type bracketing: a numeric bound only matches numbers, a string bound only strings.
  // typeof() of the extracted value tells numbers from text; json_type is read only for 0/1 (booleans?)
  // and for text that could be array/object JSON.
  if (typeof operand === 'number') {
    assertFinite(operand);
    params.push(operand);
    return `(${value} ${COMPARATORS[op]} ? AND typeof(${value}) IN ('integer', 'real') AND (${value} NOT IN (0, 1) OR ${type} IN ('integer', 'real')))`;
  }
  if (typeof operand === 'string') {
    params.push(operand);
    return `(${value} ${COMPARATORS[op]} ? AND typeof(${value}) = 'text' AND (NOT ${containerText(value)} OR ${type} = 'text'))`;
  }
  throw new InvalidFilterError(`${op} needs a string or a number`);
}

function regex(options: unknown, pattern: unknown, value: string, type: string, params: unknown[]): string {
  if (typeof pattern !== 'string') throw new InvalidFilterError('$regex needs a string pattern');
  try {
    new RegExp(pattern, 'u');
  } catch {
    throw new InvalidFilterError(`invalid $regex ${JSON.stringify(pattern)}`);
  }
  params.push(pattern, options === 'i' ? 'i' : '');
  // regexp() is false for non-text; text that could be array/object JSON also checks the JSON type
  return `(regexp(?, ${value}, ?) AND (NOT ${containerText(value)} OR ${type} = 'text'))`;
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
