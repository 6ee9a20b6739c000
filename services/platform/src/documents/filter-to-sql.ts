import type { FieldCondition, Filter, SortSpec } from './document-store.port';
import {
  ANY_SHAPE,
  assertFieldPath,
  InvalidFilterError,
  type PathShape,
  type Scalar,
  type SqlFragment,
  typeExpression,
  valueExpression,
} from './sql-paths';
import type { COMPARATORS } from './sql-predicates';
import {
  anyOf,
  compare,
  equals,
  list,
  matchAnyOf,
  not,
  type Predicate,
  regex,
  scalar,
} from './sql-predicates';

export {
  ANY_SHAPE,
  assertFieldPath,
  InvalidFilterError,
  isValidFieldPath,
  type PathShape,
  SHAPE_KINDS,
  shapeKind,
  type ShapeKind,
  type SqlFragment,
  valueExpression,
} from './sql-paths';

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
    if (LOGICAL_OPERATORS.includes(key)) {
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

/** What one operator of a field's condition compiles with. */
interface FieldContext {
  path: string;
  shape: PathShape;
  condition: Exclude<FieldCondition, Scalar>;
  params: unknown[];
  options: CompileOptions;
  matchAny: (predicate: Predicate) => string;
}
type OperatorCompiler = (operand: unknown, field: FieldContext) => string | null;

function exists(operand: unknown, { path, shape }: FieldContext): string {
  if (typeof operand !== 'boolean') throw new InvalidFilterError(`$exists needs a boolean (${path})`);
  // a value means the field exists; only a NULL value (missing or JSON null) reads the JSON type —
  // unless no document holds JSON null there, when NULL means missing
  const value = valueExpression(path);
  const type = typeExpression(path);
  if (!shape.nulls) return `(${value} IS ${operand ? 'NOT ' : ''}NULL)`;
  return operand ? `(${value} IS NOT NULL OR ${type} IS NOT NULL)` : `(${value} IS NULL AND ${type} IS NULL)`;
}

function regexOperator(
  operand: unknown,
  { path, condition, params, options, matchAny }: FieldContext,
): string {
  regex(condition.$options, operand, { value: '', type: '', shape: ANY_SHAPE, element: false }, []); // validates the pattern
  const indexed = substringMatch(options.substringIndexes?.get(path), operand, condition.$options, params);
  return indexed ?? matchAny((v) => regex(condition.$options, operand, v, params));
}

const comparison =
  (op: keyof typeof COMPARATORS): OperatorCompiler =>
  (operand, { params, matchAny }) =>
    matchAny((v) => compare(op, operand, v, params));

/**
 * THE operators a field's condition may use, and nothing else: the query compiler's surface is frozen (issue
 * 29). filter-to-sql.unit.spec.ts lists them; adding one means changing that list, the MongoDB adapter and the
 * document store's contract with it.
 */
export const FIELD_OPERATORS: Readonly<Record<string, OperatorCompiler>> = {
  $eq: (operand, { params, matchAny }) => matchAny((v) => equals(scalar('$eq', operand), v, params)),
  $ne: (operand, { params, matchAny }) => not(matchAny((v) => equals(scalar('$ne', operand), v, params))),
  $in: (operand, { params, matchAny }) => matchAny((v) => anyOf(list('$in', operand), v, params)),
  $nin: (operand, { params, matchAny }) => not(matchAny((v) => anyOf(list('$nin', operand), v, params))),
  $gt: comparison('$gt'),
  $gte: comparison('$gte'),
  $lt: comparison('$lt'),
  $lte: comparison('$lte'),
  $exists: exists,
  $regex: regexOperator,
  /** `$regex`'s flags: only case-insensitivity */
  $options: (operand, { path, condition }) => {
    if (condition.$regex === undefined) throw new InvalidFilterError(`$options without $regex (${path})`);
    if (operand !== 'i' && operand !== '')
      throw new InvalidFilterError(`unsupported $options ${String(operand)}`);
    return null;
  },
};

/** the operators that combine whole filters */
export const LOGICAL_OPERATORS: readonly string[] = ['$and', '$or'];

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
  const field: FieldContext = { path, shape, condition, params, options, matchAny };
  const parts: string[] = [];
  for (const [op, operand] of entries) {
    const compile = Object.hasOwn(FIELD_OPERATORS, op) ? FIELD_OPERATORS[op] : undefined;
    if (!compile) throw new InvalidFilterError(`unsupported operator ${op} (${path})`);
    const sql = compile(operand, field);
    if (sql !== null) parts.push(sql);
  }
  return parts.join(' AND ');
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
