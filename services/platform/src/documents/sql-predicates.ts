import {
  ANY_SHAPE,
  containerText,
  InvalidFilterError,
  type PathShape,
  type Scalar,
  typeExpression,
  valueExpression,
} from './sql-paths';

/**
 * The predicates filter-to-sql.ts compiles a field's operators to (MongoDB's semantics on SQLite's JSON
 * functions, see there). Pure.
 */
/**
 * The value a predicate decides on: SQL for its value and its JSON type, and what may be stored there — for a
 * field, what its documents hold; for an array element (json_each's `value` / `type` columns, as cheap as the
 * value) always ANY_SHAPE.
 */
export interface Operand {
  value: string;
  type: string;
  shape: PathShape;
  element: boolean;
}
export type Predicate = (operand: Operand) => string;

/**
 * The field itself, or — when it is an array — any of its elements, satisfies `predicate`. The element branch
 * is left out when no document holds an array there (`shape.containers` false), and with it the OR that keeps
 * SQLite from seeking the field in an index.
 */
export function matchAnyOf(path: string, shape: PathShape, predicate: Predicate): string {
  const value = valueExpression(path);
  const direct = predicate({ value, type: typeExpression(path), shape, element: false });
  if (path === '_id' || path === '_rev' || !shape.containers) return `(${direct})`;
  // Parameters are positional: the element predicate binds its own copy, in text order after `direct`.
  // Only a value that looks like array JSON text is parsed to check (the range test is served by an index).
  const element = predicate({ value: 'value', type: 'type', shape: ANY_SHAPE, element: true });
  return `((${direct}) OR (${value} >= '[' AND ${value} < '\\' AND ${typeExpression(path)} = 'array' AND EXISTS (SELECT 1 FROM json_each(doc, '$.${path}') WHERE ${element})))`;
}

/** NOT that is safe with SQL NULLs (missing fields), so `$ne` / `$nin` match documents without the field. */
export function not(sql: string): string {
  return `NOT COALESCE(${sql}, 0)`;
}

export function scalar(op: string, operand: unknown): Scalar {
  if (operand === null || ['string', 'number', 'boolean'].includes(typeof operand)) return operand as Scalar;
  throw new InvalidFilterError(`${op} needs a string, number, boolean or null`);
}

export function list(op: string, operand: unknown): Scalar[] {
  if (!Array.isArray(operand)) throw new InvalidFilterError(`${op} needs an array`);
  return operand.map((item) => scalar(op, item));
}

export function equals(
  expected: Scalar,
  { value, type, shape, element }: Operand,
  params: unknown[],
): string {
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

export function anyOf(options: Scalar[], operand: Operand, params: unknown[]): string {
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

export const COMPARATORS = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

export function compare(
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

export function regex(
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

export function assertFinite(n: number): void {
  if (!Number.isFinite(n)) throw new InvalidFilterError('numbers in filters must be finite');
}
